"""END spent and recovered (seed: "Endurance", "Damage & Recovery")."""

import pytest

from rules import RulesError
from rules.dice import ScriptedDice
from rules.zener.endurance import time_passes
from rules.zener.sheet import validate_sheet


def _sheet(con=12, spent=0):
    return validate_sheet({"stats": {"CON": con}, "int_dice": [3, 3], "damage": {"end_spent": spent}})


def test_ordinary_and_strenuous_activity_cost_the_seeds_rates():
    # "Ordinary activities cost 1 END per half hour. Strenuous non-combat activities ... 4 END per hour."
    sheet, spent = time_passes(_sheet(), "ordinary", 90, ScriptedDice([]))
    assert (spent.change, spent.end, spent.of) == (-3, 9, 12)
    assert sheet["damage"]["end_spent"] == 3
    sheet, spent = time_passes(_sheet(), "strenuous", 120, ScriptedDice([]))
    assert (spent.change, spent.end) == (-8, 4)  # "Kai: 2 h strenuous, 8 END spent (END 4 of 12)"


def test_an_activity_the_character_cannot_pay_is_refused():
    # Seed, "Attacks": END "has to be paid before the attack proceeds"; an activity is paid the same way.
    with pytest.raises(RulesError, match="END 3 left: 1 h strenuous costs 4"):
        time_passes(_sheet(spent=9), "strenuous", 60, ScriptedDice([]))


def test_thirty_minutes_rest_or_two_skipped_rounds_recover_d6():
    # "d6 END can be recovered by skipping 2 successive rounds in combat or resting for 30 minutes"
    sheet, rested = time_passes(_sheet(spent=8), "rest", 30, ScriptedDice([5]))
    assert (rested.change, rested.die, sheet["damage"]["end_spent"]) == (5, 5, 3)
    _, skipped = time_passes(_sheet(spent=2), "skip", 0, ScriptedDice([6]))
    assert (skipped.change, skipped.die, skipped.end) == (2, 6, 12)  # never more than was spent


def test_the_balance_comes_back_an_hour_of_rest_or_half_an_hour_of_sleep_a_point():
    # "The balance of any loss is recovered at the rate of 1 point for every hour of rest, or 30 minutes of sleep":
    # the first 30 minutes give the d6, each further whole hour of rest 1, each further 30 minutes of sleep 1.
    _, rest = time_passes(_sheet(spent=12), "rest", 3 * 60 + 30, ScriptedDice([2]))
    assert rest.change == 2 + 3
    _, sleep = time_passes(_sheet(spent=12), "sleep", 3 * 60 + 30, ScriptedDice([2]))
    assert sleep.change == 2 + 6


@pytest.mark.parametrize(
    ("activity", "minutes", "message"),
    [
        ("ordinary", 45, "steps of 30 minutes"),
        ("ordinary", 0, "30 minutes to 24 hours"),
        ("rest", 24 * 60 + 30, "30 minutes to 24 hours"),
        ("dance", 30, "ordinary activity, strenuous activity, rest, sleep"),
    ],
)
def test_bad_time_is_refused(activity, minutes, message):
    with pytest.raises(RulesError, match=message):
        time_passes(_sheet(), activity, minutes, ScriptedDice([1]))


def test_nothing_to_recover_and_the_dead_are_refused():
    with pytest.raises(RulesError, match="No END spent"):
        time_passes(_sheet(), "rest", 30, ScriptedDice([3]))
    with pytest.raises(RulesError, match="The dead"):
        time_passes({**_sheet(), "state": "dead"}, "ordinary", 30, ScriptedDice([]))
