"""Shock recovered out of combat (seed: "Damage & Recovery", SHOCK): "A character recovers 1/3 of
accumulated shock damage at the end of combat or by skipping an action during combat, recovers another 1/3 from
40-CON minutes rest post-combat, and recovers the remainder after at least 4 hrs sleep." """

import pytest

from rules import RulesError
from rules.dice import ScriptedDice
from rules.zener.endurance import time_passes
from rules.zener.sheet import validate_sheet
from rules.zener.shock import fight_over, rest_for_shock


def _sheet(con=12, spent=0, shock=8):
    return validate_sheet({"stats": {"CON": con}, "int_dice": [3, 3], "damage": {"end_spent": spent, "shock": shock}})


def test_the_fights_end_recovers_a_third_of_the_shock_rounding_up():
    # The seed's damage example: 8 shock, "1/3 of the shock damage inflicted, rounding up, i.e. 3 points".
    sheet, recovered = fight_over(_sheet(shock=8))
    assert (recovered, sheet["damage"]["shock"]) == (3, 5)
    assert fight_over(_sheet(shock=0))[1] == 0


def test_a_rest_of_40_less_con_minutes_recovers_another_third_of_the_shock_left():
    # "another 1/3 from 40-CON minutes rest post-combat": 1/3 of the shock then, rounded up (5 -> 2 back, 3 left).
    assert rest_for_shock(_sheet(con=12)) == 28
    assert rest_for_shock(_sheet(con=40)) == 0  # CON 40, the most: no rest needed
    sheet, rested = time_passes(_sheet(spent=0, shock=5), "rest", 30, ScriptedDice([]))
    assert (rested.shock_back, rested.shock, rested.change) == (2, 3, 0)
    assert sheet["damage"]["shock"] == 3


def test_a_rest_recovers_end_and_shock_together():
    sheet, rested = time_passes(_sheet(spent=6, shock=8), "rest", 60, ScriptedDice([4]))
    assert (rested.change, rested.end, rested.shock_back, rested.shock) == (4, 10, 3, 5)
    assert sheet["damage"] == {**sheet["damage"], "end_spent": 2, "shock": 5}


def test_a_rest_shorter_than_40_less_con_minutes_recovers_no_shock():
    # CON 5: 35 minutes; 30 minutes' rest recovers END only.
    sheet, rested = time_passes(_sheet(con=5, spent=3, shock=6), "rest", 30, ScriptedDice([1]))
    assert (rested.change, rested.shock_back, sheet["damage"]["shock"]) == (1, 0, 6)
    _, longer = time_passes(_sheet(con=5, spent=3, shock=6), "rest", 60, ScriptedDice([1]))
    assert longer.shock_back == 2
    with pytest.raises(RulesError, match="No END spent, and shock comes back after 35 min rest"):
        time_passes(_sheet(con=5, spent=0, shock=6), "rest", 30, ScriptedDice([1]))


def test_four_hours_sleep_recover_the_remainder():
    sheet, slept = time_passes(_sheet(spent=0, shock=5), "sleep", 4 * 60, ScriptedDice([]))
    assert (slept.shock_back, slept.shock, sheet["damage"]["shock"]) == (5, 0, 0)
    # Less sleep is still rest: 3 hours of it recover the rest's third.
    _, short = time_passes(_sheet(spent=0, shock=5), "sleep", 3 * 60, ScriptedDice([]))
    assert (short.shock_back, short.shock) == (2, 3)


def test_neither_end_nor_shock_to_recover_is_refused():
    with pytest.raises(RulesError, match="No END spent and no shock: there is nothing to recover"):
        time_passes(_sheet(spent=0, shock=0), "sleep", 8 * 60, ScriptedDice([3]))


def test_activity_and_skipped_rounds_leave_the_shock():
    # Shock in combat comes back by the missed action (rules.zener.combat.shock_recovered), not the END's 2 rounds.
    _, skipped = time_passes(_sheet(spent=4, shock=8), "skip", 0, ScriptedDice([2]))
    assert (skipped.shock_back, skipped.shock) == (0, 8)
    sheet, walked = time_passes(_sheet(shock=8), "ordinary", 60, ScriptedDice([]))
    assert (walked.shock_back, sheet["damage"]["shock"]) == (0, 8)
