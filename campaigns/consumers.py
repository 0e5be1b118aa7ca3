from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from campaigns import live
from campaigns.models import Campaign


@database_sync_to_async
def _groups(user, campaign_id: int) -> list[str]:
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None or not user.is_authenticated:
        return []
    return live.groups_for(campaign, user)


class TableConsumer(AsyncWebsocketConsumer):
    """One open table. Joins its audience's groups at connect (one query) and
    forwards what they receive; it never decides what anyone may see."""

    async def connect(self) -> None:
        self.joined = await _groups(self.scope["user"], self.scope["url_route"]["kwargs"]["campaign_id"])
        if not self.joined:
            await self.close()  # before accept: the handshake is refused
            return
        for group in self.joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The table socket only listens; rolls are posted over HTTP."""

    async def table_event(self, event) -> None:
        await self.send(text_data=event["html"])

    async def table_close(self, event) -> None:
        await self.close()
