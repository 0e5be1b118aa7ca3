"""Zener Gate recovery (seed: "Damage & Recovery"): a day of rest and sleep."""

import pytest

from rules import RulesError
from rules.zener.recovery import days_pass

STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)


def _sheet(trauma=0, shock=0, stats=None, **more):
    damage = {"trauma": trauma, "shock": shock, "end_spent": 3, "stats": stats or {}}
    return {"stats": STATS, "int_dice": [3, 3], "damage": damage, **more}


def test_trauma_heals_a_third_on_the_first_day_then_one_a_day():
    # "1/3 of the total trauma inflicted (round up) after 1 day's ... rest",
    # "the balance ... 1 point per additional day".
    sheet, healed = days_pass(_sheet(trauma=10), 1)
    assert (sheet["damage"]["trauma"], healed["trauma"]) == (6, 4)
    sheet, healed = days_pass(sheet, 1)
    assert sheet["damage"]["trauma"] == 5
    assert days_pass(_sheet(trauma=10), 7)[0]["damage"]["trauma"] == 0  # 4, then 6 days of 1
    assert days_pass(_sheet(trauma=20), 7)[0]["damage"]["trauma"] == 7  # 7, then 6 days of 1


def test_healing_ranks_add_to_the_first_day_and_set_the_daily_rate():
    # "plus any healing ranks": 7 + 3 = 10 the first day;
    # "again plus 1 less per day than any healing ranks (minimum 1)": 3 a day after.
    sheet, _ = days_pass(_sheet(trauma=20), 1, ranks=3)
    assert sheet["damage"]["trauma"] == 10
    assert days_pass(sheet, 1, ranks=3)[0]["damage"]["trauma"] == 7


def test_new_trauma_starts_the_schedule_again():
    sheet, _ = days_pass(_sheet(trauma=9), 1)  # 6 left, first day taken
    sheet = {**sheet, "damage": {**sheet["damage"], "trauma": 12, "rest_days": 0}}  # wounded again
    assert days_pass(sheet, 1)[0]["damage"]["trauma"] == 8


def test_a_day_clears_shock_and_end_and_sleep_mends_half_the_damaged_stats():
    # Shock: "the remainder after at least 4 hrs sleep". Stat damage: "1/2 (round up) of any stat damage to 1/2 of the
    # stats which have been reduced (round down)" by 8 hours' comfortable sleep: the worst half, at least one.
    sheet, healed = days_pass(_sheet(shock=9, stats={"RES": 3, "STR": 1, "DEX": 5}), 1)
    assert sheet["damage"]["shock"] == 0
    assert sheet["damage"]["end_spent"] == 0
    assert sheet["damage"]["stats"] == {"RES": 3, "STR": 1, "DEX": 2}
    assert healed["stats"] == {"DEX": 3}
    sheet, _ = days_pass(_sheet(stats={"RES": 1}), 1)
    assert sheet["damage"]["stats"] == {}


def test_the_dead_do_not_recover_and_days_are_counted():
    with pytest.raises(RulesError, match="dead"):
        days_pass(_sheet(trauma=60, state="dead"), 1)
    with pytest.raises(RulesError, match="1 to 28 days"):
        days_pass(_sheet(), 0)


def test_a_dying_character_healed_above_zero_is_no_longer_dying():
    sheet, _ = days_pass(_sheet(trauma=49, state="dying", dying={"penalty": 1}), 1)  # HP 48 - 32 = 16
    assert sheet["state"] == "conscious"
    assert "dying" not in sheet


def test_camping_mends_a_quarter_of_the_damage_on_a_quarter_of_the_stats():
    # "1/4 (round up) to 1/4 (round down) from 8 hours of sleep in a less comfortable setting e.g. when camping"
    hurt = {"DEX": 8, "RES": 4, "STR": 2, "AWA": 2, "MEL": 1}
    assert days_pass(_sheet(stats=hurt), 1, sleep="camping")[0]["damage"]["stats"]["DEX"] == 6
    comfortable = days_pass(_sheet(stats=hurt), 1, sleep="comfortable")[0]["damage"]["stats"]
    assert (comfortable["DEX"], comfortable["RES"], comfortable["STR"]) == (4, 2, 2)
    with pytest.raises(RulesError, match="comfortable sleep or camping"):
        days_pass(_sheet(), 1, sleep="hammock")


def test_half_the_remainder_heals_with_the_trauma_and_the_rest_once_trauma_is_gone():
    # Camping: DEX 8 less 2 leaves 6; 3 heal a point a day alongside the trauma, 3 wait for the trauma to be gone.
    sheet, _ = days_pass(_sheet(trauma=30, stats={"DEX": 8}), 1, sleep="camping")
    assert sheet["damage"]["stats"] == {"DEX": 6}
    sheet, healed = days_pass(sheet, 1)
    assert (sheet["damage"]["stats"], healed["stats"]) == ({"DEX": 5}, {"DEX": 1})  # the night mends no more
    sheet, _ = days_pass(sheet, 4)
    assert sheet["damage"]["stats"] == {"DEX": 3}  # trauma 20 - 5: the rest waits
    sheet = {**sheet, "damage": {**sheet["damage"], "trauma": 0}}
    sheet, _ = days_pass(sheet, 1)
    assert sheet["damage"]["stats"] == {"DEX": 2}


def test_healing_ranks_add_to_the_points_a_day():
    sheet, _ = days_pass(_sheet(trauma=30, stats={"DEX": 8}), 1, sleep="camping")
    sheet, _ = days_pass(sheet, 1, ranks=2)
    assert sheet["damage"]["stats"] == {"DEX": 3}  # the 3 that heal with the trauma, at 1 + 2 a day


def test_new_stat_damage_has_its_own_night():
    sheet, _ = days_pass(_sheet(trauma=30, stats={"DEX": 8}), 1, sleep="camping")  # DEX 6: 3 paced, 3 later
    sheet = {**sheet, "damage": {**sheet["damage"], "stats": {"DEX": 10}}}  # 4 more, fresh
    sheet, _ = days_pass(sheet, 1)
    assert sheet["damage"]["stats"] == {"DEX": 7}  # 1 paced, then half of the 4 fresh
