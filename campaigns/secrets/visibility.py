"""What each audience may see of a roll or a call, decided once, on the server.

Each kind of roll (plain notation, or a system's) says what its views hold;
a GM-only roll has no table view at all.
"""

from __future__ import annotations

from campaigns.common.audience import Audience, CallView, RollView
from campaigns.models import Roll
from campaigns.plugins import registry


def audience_for(campaign, user) -> Audience:
    return Audience.GM if campaign.is_gm(user) else Audience.TABLE


def roll_view(roll: Roll, audience: Audience) -> RollView | None:
    """The roll as `audience` may see it, or None when it may not see it at all."""
    if audience is not Audience.GM and roll.visibility != Roll.Visibility.TABLE:
        return None
    kind = registry.kind(roll.kind)
    data = kind.roll_data(roll, Audience.GM if audience is Audience.GM else Audience.TABLE)
    character = roll.character.name if roll.character else ""
    label = roll.request.get("label", "")
    return RollView(
        id=roll.pk,
        campaign_id=roll.campaign_id,
        author=roll.author.get_username(),
        character=character,
        label=label,
        secret=roll.visibility == Roll.Visibility.GM,
        called=roll.call_id is not None and not roll.request.get("self_test"),
        created_at=roll.created_at,
        template=kind.roll_template,
        sentence=kind.sentence(character or roll.author.get_username(), label, data),
        data=data,
        chartable=kind.charted(data),
    )


def call_view(call, audience: Audience) -> CallView:
    """An open call as the GM or as the called player sees it."""
    kind = registry.kind(call.kind)
    template = kind.gm_call_template if audience is Audience.GM else kind.player_call_template
    return CallView(
        id=call.pk,
        campaign_id=call.campaign_id,
        character=call.character.name,
        label=call.label or kind.call_title(call),
        status=call.status,
        template=template,
        data=kind.call_data(call, audience),
        self_test=bool(call.request.get("self_test")),
    )


def visible_rolls(campaign, audience: Audience):
    rolls = campaign.rolls.select_related("author", "character")
    return rolls if audience is Audience.GM else rolls.visible_to_table()
