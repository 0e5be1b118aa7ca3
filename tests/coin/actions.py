"""Coin at the table, one action per step: the GM calls a character to flip N coins against
a secret target; the character's player flips, and the flip goes to the log."""

from __future__ import annotations

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Commitment, Roll, RollCall
from campaigns.table import commitment_actions, live
from campaigns.table.actions import ActionError
from campaigns.toolkit.turns import locked_call, publish_call
from tests.coin.rules import Flip, flip

KIND = "coin"


def call_flip(campaign, gm, *, character, coins: int | None, target: int, label: str = "") -> RollCall:
    """The GM's call; `coins` None: as many as the character's sheet says."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls for a flip.")
    if character.campaign_id != campaign.pk:
        raise ActionError("Call a character of this campaign.")
    asked = Flip(character.sheet.get("coins", 1) if coins is None else coins, target)  # the rules check both
    request = {"coins": asked.coins, "target": asked.target}
    with transaction.atomic():
        call = RollCall.objects.create(campaign=campaign, character=character, kind=KIND, label=label, request=request)
        transaction.on_commit(lambda: live.send_call_opened(call))
        # A plug-in's secret, committed through the generic module and shown at the session's end.
        about = f"the target of {character.name}'s flip"
        shown = Commitment.Reveal.SESSION_END
        commitment_actions.commit(campaign, kind="target", value=asked.target, call=call, about=about, reveal=shown)
    return call


def flip_coins(call_id: int, player) -> Roll:
    """The called player flips: the coins land, and the flip is in the log."""
    with transaction.atomic():
        call = locked_call(call_id, KIND, RollCall.Status.PENDING, {})
        if call.character.owner_id != player.pk:
            raise ActionError("This flip is for another player's character.")
        flipped = flip(Flip(call.request["coins"], call.request["target"]), sources.dice())
        call.state = {"faces": list(flipped.faces), "heads": flipped.heads, "success": flipped.success}
        return publish_call(call, author=player)
