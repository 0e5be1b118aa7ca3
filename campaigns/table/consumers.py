import asyncio
import contextlib

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from campaigns.models import Campaign
from campaigns.table import live, presence


@database_sync_to_async
def _groups(user, campaign_id: int) -> list[str]:
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None or not user.is_authenticated:
        return []
    return live.groups_for(campaign, user)


@database_sync_to_async
def _online_html(campaign_id: int) -> str | None:
    campaign = Campaign.objects.select_related("gm").filter(pk=campaign_id).first()
    return None if campaign is None else presence.online_html(campaign)  # None: the campaign was deleted


# A table closed for good (its player removed, its campaign deleted). The websocket extension
# reconnects only after 1006 and 1011-1013; static/fivefold/table.js reads this one.
ENDED = 4004


class TableConsumer(AsyncWebsocketConsumer):
    """One open table. Joins its audience's groups at connect (one query) and
    forwards what they receive; it never decides what anyone may see. While it is
    open, its member counts as here (campaigns.table.presence)."""

    async def connect(self) -> None:
        self.campaign_id = self.scope["url_route"]["kwargs"]["campaign_id"]
        self.joined = await _groups(self.scope["user"], self.campaign_id)
        if not self.joined:
            # Not (or no longer) at this table. A refused handshake is retried by the page
            # forever ("reconnecting…"): accept only to say so, naming nothing, and
            # close for good. No group is joined, so nothing of the campaign reaches it.
            await self.accept()
            await self.send(text_data=live.not_open_html())
            await self.close(code=ENDED)
            return
        for group in self.joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        if await presence.arrive(self.campaign_id, self.scope["user"].pk):
            await self._announce_presence()
        self.renewal = asyncio.create_task(self._renew_presence())

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        if getattr(self, "renewal", None) is None:
            return  # it never joined
        self.renewal.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.renewal
        if await presence.leave(self.campaign_id, self.scope["user"].pk):
            await self._announce_presence()

    async def _renew_presence(self) -> None:
        while True:
            await asyncio.sleep(presence.RENEW_EVERY)
            await presence.renew(self.campaign_id, self.scope["user"].pk)

    async def _announce_presence(self) -> None:
        """Who is here changed: every open table of the campaign gets the new line."""
        html = await _online_html(self.campaign_id)
        if html is None:
            return
        for group in (live.gm_group(self.campaign_id), live.table_group(self.campaign_id)):
            await self.channel_layer.group_send(group, {"type": "table.event", "html": html})

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The table socket only listens; rolls are posted over HTTP."""

    async def table_event(self, event) -> None:
        await self.send(text_data=event["html"])

    async def table_close(self, event) -> None:
        """The table ended for this socket: its notice (with the way home), then the close."""
        if event.get("html"):
            await self.send(text_data=event["html"])
        await self.close(code=ENDED)
