"""The d100 GM's own tests and dice.

- A secret test the GM starts for a player's character, without the player opting in. Seed ("Secret
  tests"): "When the GM doesn't want you to know if a Test is successful or not, you make a Secret
  Test. The GM secretly determine the Difficulty Rating"; "The GM only reveals the result in case of a
  Critical, otherwise he will interpret the dice". Read: the GM rolls it, and the whole roll — even
  that it was made — is the GM's (a GM-only roll) until the GM reveals it; revealed, the table sees
  the dice, the base chance and the result, never the difficulty. The GM decides when (a critical
  is not revealed by itself: it is the GM's call, as the seed lets the GM narrate).
- Fury and Chaos dice with no character: the seed's dice are not a character's ("a special D6 that is
  used in combat"; "rolled under given circumstances"), so the GM rolls them for an NPC or the world.
  No Fortune is offered on them (Fortune is the players'); the GM turns one into a 6 with Misfortune
  (actions.pay: "for NPCs and creatures they control").
Published on /rules/#d100.
"""

from __future__ import annotations

from django.db import transaction

from campaigns.models import Commitment, Roll
from campaigns.systems.d100.actions import KIND, ActionError, _outcome, is_npc, modifier_cap, side_for
from campaigns.table import actions as table_actions
from campaigns.table import commitment_actions, live
from rules.d100.test import Flip, difficulty_for_time


def gm_secret_test(
    campaign,
    gm,
    *,
    character,
    skill: str,
    attribute: str,
    difficulty: str,
    label: str = "",
    time: str = "normal",
    synergy: bool = False,
) -> Roll:
    """The GM tests a seated character in secret: a GM-only roll until `reveal_test`; time taken and
    synergy as on a player's test."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM starts a secret test.")
    if character.campaign_id != campaign.pk:
        raise ActionError("Test a character at this table.")
    difficulty_for_time(difficulty, time or "normal")  # refuses an unknown difficulty or time
    side = side_for(character, skill, attribute, synergy=synergy, cap=modifier_cap(campaign))
    how = Flip.FAIL if side["untrained_special"] else Flip.NONE
    request = {
        "side": side,
        "difficulty": difficulty,
        "secret": True,
        "flip": how.value,
        "assisted_by": "",
        "gm_secret": True,
        "revealed": False,
        "label": label,
        "time": time or "normal",
        "npc": is_npc(campaign, character),
    }
    with transaction.atomic():
        # Committed before the dice, the GM's alone as the test is; never revealed (/rules/#d100).
        commitment = commitment_actions.commit(
            campaign,
            kind="difficulty",
            value=difficulty,
            gm_only=True,
            about=f"the difficulty of a secret test of {character.name}",
            reveal=Commitment.Reveal.NEVER,
        )
        request["commitment"] = commitment.pk
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind=KIND,
            visibility=Roll.Visibility.GM,
            request=request,
            outcome=_outcome(request),
        )
        transaction.on_commit(lambda: live.send_roll(roll))  # the GM's group alone: a GM-only roll
    return roll


def reveal_test(roll_id: int, gm) -> Roll:
    """The GM shows the table a secret test they started: the dice and the result, not the difficulty.
    A roll is never changed (campaigns.models.Roll), so the reveal is a new row of the log, for the
    whole table, pointing at the GM's secret one (`revealed_of`); once per test."""
    with transaction.atomic():
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("campaign", "character")
        secret = rolls.get(pk=roll_id, kind=KIND)
        if not secret.campaign.is_gm(gm):
            raise ActionError("Only the GM reveals a secret test.")
        if not secret.request.get("gm_secret") or secret.visibility != Roll.Visibility.GM:
            raise ActionError("Only a secret test the GM started is revealed this way.")
        if Roll.objects.filter(campaign=secret.campaign, request__revealed_of=secret.pk).exists():
            raise ActionError("That test is already revealed.")
        roll = table_actions.roll_after(secret, gm, {"revealed": True, "revealed_of": secret.pk}, secret.outcome)
        transaction.on_commit(lambda: live.send_roll(roll))
        if secret.request.get("commitment"):  # the table learns now that the difficulty was committed, kept
            commitment_actions.announce_kept(
                secret.request["commitment"], secret.campaign, f"the difficulty of this test of {secret.character.name}"
            )
    return roll
