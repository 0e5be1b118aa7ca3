"""Zener Gate: the player chooses which stats heal (seed: "Damage & Recovery": "If multiple stats have been
reduced, the character selects which stats experience this recovery"; "Medical care ... increases one or both of
these values, the player decides how this bonus is to be distributed"): the sheet's "heal first" and "care"."""

import pytest

from rules import RulesError
from rules.zener.recovery import days_pass, sheet_healing
from rules.zener.sheet import validate_sheet

STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)


def _sheet(trauma=0, stats=None, **more):
    damage = {"trauma": trauma, "shock": 0, "end_spent": 0, "stats": stats or {}}
    return {"stats": STATS, "int_dice": [3, 3], "damage": damage, **more}


def test_the_night_heals_the_stats_the_player_listed_first():
    # Worst first would be DEX (5); the player lists STR.
    sheet, healed = days_pass(_sheet(stats={"RES": 3, "STR": 1, "DEX": 5}, heal_first=["STR"]), 1)
    assert healed["stats"] == {"STR": 1}
    assert sheet["damage"]["stats"] == {"RES": 3, "DEX": 5}


def test_stats_not_listed_fall_back_to_worst_first():
    # Four stats: half (2) heal; RES listed, then the worst of the rest (DEX 5).
    stats = {"RES": 2, "STR": 1, "DEX": 5, "NIM": 4}
    _, healed = days_pass(_sheet(stats=stats, heal_first=["RES", "AWA"]), 1)
    assert healed["stats"] == {"RES": 1, "DEX": 3}


def test_the_trauma_paced_part_follows_the_list_too():
    # Camping: DEX 8 and STR 4 fresh; a quarter of 2 stats is at least 1: STR (listed) sleeps off 1.
    sheet, healed = days_pass(_sheet(trauma=30, stats={"DEX": 8, "STR": 4}, heal_first=["STR"]), 1, sleep="camping")
    assert healed["stats"] == {"STR": 1}
    sheet, healed = days_pass(sheet, 1)  # a point off half (1) of the paced stats: STR, listed
    assert healed["stats"] == {"STR": 1}


def test_care_as_more_stats_spreads_the_ranks_over_stats():
    # Each day's paced healing: 1 point to half the stats (1 of 2) + 2 ranks of care: as points, up to 3 on STR
    # (listed); as stats, 1 point to 1 + 2 stats (both there are).
    base = _sheet(trauma=30, stats={"DEX": 8, "STR": 8})
    sheet, _ = days_pass({**base, "heal_first": ["STR"]}, 1)  # the night: STR 4 (2 paced, 2 later), DEX 8
    _, healed = days_pass(sheet, 1, ranks=2)
    assert healed["stats"] == {"STR": 2}  # only 2 paced points in STR
    _, healed = days_pass({**sheet, "care": "stats"}, 1, ranks=2)
    assert healed["stats"] == {"STR": 1, "DEX": 1}  # 1 point on 1 + 2 stats: both


def test_care_as_stats_heals_one_point_on_more_stats():
    stats, pace = {"DEX": 4, "STR": 4, "RES": 4}, {"DEX": 2, "STR": 2, "RES": 2}
    sheet = _sheet(trauma=30, stats=stats)
    sheet["damage"] |= {"stat_pace": pace, "stat_late": {"DEX": 2, "STR": 2, "RES": 2}}
    _, healed = days_pass(sheet, 1, ranks=1)
    assert healed["stats"] == {"DEX": 2}  # points: 1 + 1 on half of three (one) stat
    _, healed = days_pass({**sheet, "care": "stats"}, 1, ranks=1)
    assert healed["stats"] == {"DEX": 1, "STR": 1}  # stats: 1 point on one + 1 stats


def test_the_sheet_keeps_the_choice_and_refuses_a_bad_one():
    kept = validate_sheet({"stats": {}, "heal_first": ["STR", "END"], "care": "stats"})
    assert (kept["heal_first"], kept["care"]) == (["STR", "END"], "stats")
    assert "heal_first" not in validate_sheet({"stats": {}})
    for bad in ({"heal_first": ["HP"]}, {"heal_first": ["STR", "STR"]}, {"heal_first": "STR"}, {"care": "both"}):
        with pytest.raises(RulesError):
            sheet_healing(bad)
