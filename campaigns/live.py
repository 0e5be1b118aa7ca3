"""Live table updates: render each event once per audience and send it to
that audience's Channels group. Consumers only forward what they receive.

Groups: `campaign-<id>-table` (players), `campaign-<id>-gm` (the GM's sockets,
which do not join the table group, so no event shows twice) and
`campaign-<id>-user-<uid>` (one player's own calls). The player group is per
campaign, not per user, so a player's other campaigns never receive it.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from campaigns.audience import Audience
from campaigns.systems import panel_for
from campaigns.visibility import call_view, roll_view

TABLE = "campaigns/table.html"


def table_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}-table"


def gm_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}-gm"


def player_group(campaign_id: int, user_id: int) -> str:
    return f"campaign-{campaign_id}-user-{user_id}"


def groups_for(campaign, user) -> list[str]:
    """The groups a member's socket joins; none for anyone else."""
    if campaign.is_gm(user):
        return [gm_group(campaign.pk)]
    if campaign.memberships.filter(user=user).exists():
        return [table_group(campaign.pk), player_group(campaign.pk, user.pk)]
    return []


def _send_all(messages: list[tuple[str, str]]) -> None:
    """One event's messages in one trip to the channel layer: from a sync view each
    async_to_sync call costs a thread hop and a connection (bench/: ~3 ms apiece)."""

    async def send() -> None:
        layer = get_channel_layer()
        for group, html in messages:
            await layer.group_send(group, {"type": "table.event", "html": html})

    if messages:
        async_to_sync(send)()


def send_roll(roll) -> None:
    messages = []
    for audience, group in ((Audience.GM, gm_group), (Audience.TABLE, table_group)):
        view = roll_view(roll, audience)
        if view is not None:
            messages.append((group(roll.campaign_id), render_to_string(f"{TABLE}#roll_oob", {"roll": view})))
    _send_all(messages)


def _send_call(call, *, opened: bool) -> None:
    """The GM's card to the GM, the called player's card to that player only."""
    partial = "{}_call_oob" if opened else "{}_call"  # appended to the list, or replacing the card by id
    messages = []
    for audience, who, group in (
        (Audience.GM, "gm", gm_group(call.campaign_id)),
        (Audience.CALLED_PLAYER, "player", player_group(call.campaign_id, call.character.owner_id)),
    ):
        html = render_to_string(
            f"{TABLE}#{partial.format(who)}", {"call": call_view(call, audience), "oob": not opened}
        )
        messages.append((group, html))
    _send_all(messages)


def send_call_opened(call) -> None:
    _send_call(call, opened=True)


def send_call_updated(call) -> None:
    """A call with several turns moved on: both cards are replaced."""
    _send_call(call, opened=False)


def send_call_closed(call) -> None:
    html = render_to_string(f"{TABLE}#call_closed_oob", {"call": call})
    _send_all([(gm_group(call.campaign_id), html), (player_group(call.campaign_id, call.character.owner_id), html)])


def send_panel(campaign) -> None:
    """The system's table panel (e.g. Crisis Clocks) changed: re-render it per audience."""
    messages = []
    for audience, group in ((Audience.GM, gm_group), (Audience.TABLE, table_group)):
        panel = panel_for(campaign, audience)
        if panel is not None:
            html = render_to_string(panel.template, {**panel.context, "campaign": campaign, "oob": True})
            messages.append((group(campaign.pk), html))
    _send_all(messages)


def disconnect_player(campaign_id: int, user_id: int) -> None:
    """A removed player's open table stops receiving the campaign at once."""
    async_to_sync(get_channel_layer().group_send)(player_group(campaign_id, user_id), {"type": "table.close"})
