"""The fairness page reads every system's stored dice: each throw the dice source made
while a system's everyday rolls and its secrets were played is counted once, with its die size,
in the GM's tally; none is counted twice (re-rolls, reveals and rulings that show dice again)."""

from collections import Counter

import pytest

from campaigns.common.audience import Audience
from campaigns.models import RollCall
from campaigns.secrets.fairness import fairness
from campaigns.systems.cgg import actions as cgg
from campaigns.table import actions
from rules.cgg.venture import Wrench
from rules.dice import SeededDice

pytestmark = pytest.mark.django_db


class RecordingDice:
    """Seeded dice that remember each throw as (sides, face)."""

    def __init__(self) -> None:
        self.source, self.thrown = SeededDice(8), Counter()  # a seed where a Venture comes up in a call

    def roll(self, sides: int) -> int:
        face = self.source.roll(sides)
        self.thrown[sides, face] += 1
        return face


def tallied(tally) -> Counter:
    """The tally's dice as the source threw them: a percentile digit 0-9 is the d10's face minus one."""
    counted = Counter()
    for die in tally.dice:
        for face, count in die.counts:
            if count:
                counted[die.die.sides, face + 1 - die.die.low] += count
    return counted


def finish_cgg_calls(campaign, gm, player):
    """Centaurus Gate's calls go to the log after the player's Wrench and the Exec's Hammer: until
    then their dice are the call's, not a roll's. "I'm that good!" throws the Exec's dice again."""
    for call in campaign.calls.filter(status__in=RollCall.OPEN):
        if call.status == RollCall.Status.PENDING:
            cgg.roll_for_call(call.pk, player)
            call.refresh_from_db()
        if call.status == RollCall.Status.PLAYER_TURN:
            ventures = call.state["risk_faces"].count(6)
            cgg.choose_wrench(call.pk, player, (Wrench.IM_THAT_GOOD,) if ventures else ())
            call.refresh_from_db()
        if call.status == RollCall.Status.GM_TURN:
            cgg.choose_hammer(call.pk, gm, ())


@pytest.mark.parametrize("system", ["notation", "cgg", "d100", "ore", "tribute", "zener"])
def test_every_throw_is_counted_once_for_the_gm(world, gm, player, settings, system):
    recording = RecordingDice()
    settings.FIVEFOLD_DICE = recording
    key = "tribute" if system == "notation" else system
    campaign, _seat = world["campaigns"][key]
    hero = world["characters"][key]
    hero.sheet = campaign.rules_system.validate_sheet(dict(campaign.adapter.demo_sheet), campaign.settings)
    hero.save()
    if system == "notation":
        actions.roll_notation(campaign, player, notation="3d6!+2d4kh1+4dF+1d%")
        actions.roll_notation(campaign, gm, notation="2d12", secret=True)
    else:
        campaign.adapter.play_everyday(campaign, gm, player, hero)
        campaign.adapter.play_secrets(campaign, gm, player, hero)
        if system == "cgg":
            finish_cgg_calls(campaign, gm, player)
    tally = fairness(campaign, Audience.GM)["everything"]
    assert tally.uncounted == {}
    assert tallied(tally) == recording.thrown
    assert recording.thrown  # something was thrown
    if system == "cgg":  # the seed has "I'm that good!" thrown: both throws of the Exec's dice are counted
        assert any(outcome.get("first_exec_faces") for outcome in campaign.rolls.values_list("outcome", flat=True))
