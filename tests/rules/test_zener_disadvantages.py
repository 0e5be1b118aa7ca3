"""Zener Gate disadvantages, Karma limits, Karmic Debt and Starvation, and stat trades at creation
(seed: "Improving Stats", "Disadvantages", "Karma Limits", "Removing/Reducing Disadvantages",
"Karmic Debt", "Karmic Starvation", "Other Uses For Karma")."""

import pytest

from rules import RulesError
from rules.zener.disadvantages import (
    complication,
    disadvantage_value,
    karmic_debt,
    pay_off_setback,
    rank_limit,
    remove_rank,
    skill_points,
    starting_karma_of,
    trade_points,
)
from rules.zener.sheet import validate_sheet

STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)  # INT 12 with dice [3, 3]: 24 skill points


def _sheet(disadvantages=(), skills=(), **more):
    raw = {"stats": STATS, "int_dice": [3, 3], "disadvantages": list(disadvantages), "skills": list(skills), **more}
    return validate_sheet(raw)


def _costing(points):
    """Specific skills costing `points` skill points in all (a specific skill costs its ranks)."""
    skills = []
    while points > 0:
        skills.append(
            {"name": f"Skill {len(skills) + 1}", "breadth": "specific", "stat": "PRAC", "ranks": min(20, points)}
        )
        points -= min(20, points)
    return skills


def test_each_additional_rank_is_worth_one_point_less_down_to_one():
    # Seed: "Each additional rank reduces in value by 1 point to a minimum of one point."
    assert disadvantage_value(4, 3) == 9  # 4 + 3 + 2
    assert disadvantage_value(2, 1) == 2  # "Poor at Mathematics" is a 2-point disadvantage
    assert disadvantage_value(2, 4) == 2 + 1 + 1 + 1
    assert disadvantage_value(1, 3) == 3


def test_disadvantage_points_add_to_the_skill_points_available():
    sheet = _sheet(
        [{"name": "Poor at Mathematics", "points": 2, "ranks": 1}, {"name": "Hunted", "points": 4, "ranks": 3}]
    )
    assert skill_points(sheet) == {
        "int": 24,
        "disadvantages": 11,
        "trades": 0,
        "bought": 0,
        "starvation": 0,
        "available": 35,
    }
    _sheet([{"name": "Hunted", "points": 4, "ranks": 3}], _costing(33))  # 24 + 9 pays for 33
    with pytest.raises(RulesError, match=r"cost 34 skill points; .* gives 33"):
        _sheet([{"name": "Hunted", "points": 4, "ranks": 3}], _costing(34))


def test_a_disadvantage_is_worth_1_2_or_4_points():
    with pytest.raises(RulesError, match="1, 2 or 4 points"):
        _sheet([{"name": "Clumsy", "points": 3, "ranks": 1}])
    with pytest.raises(RulesError, match="differ"):
        _sheet([{"name": "Clumsy", "points": 1, "ranks": 1}, {"name": "clumsy", "points": 2, "ranks": 1}])


def test_ranks_in_one_disadvantage_stop_at_starting_karma_over_3_rounded_up():
    # Seed, "Karma Limits": "starting Karma divided by 3, round up". All stats 12: Karma 10, so 4 ranks.
    assert rank_limit(10) == 4
    assert rank_limit(9) == 3
    assert starting_karma_of(_sheet()) == 10
    _sheet([{"name": "Hunted", "points": 4, "ranks": 4}])
    with pytest.raises(RulesError, match=r"at most 4 ranks .* \(starting Karma 10"):
        _sheet([{"name": "Hunted", "points": 4, "ranks": 5}])


def test_disadvantages_over_the_current_karma_are_karmic_debt():
    # Seed: "a limit to the number of disadvantages that a character can earn points from ... equal to
    # his current Karma".
    sheet = _sheet([{"name": n, "points": 1, "ranks": 1} for n in ("A", "B", "C")])
    assert karmic_debt(sheet, 3) == 0
    assert karmic_debt(sheet, 1) == 2
    assert karmic_debt(sheet, -1) == 3


def test_stat_trades_at_creation_cost_3_skill_points_per_plus_1_and_give_2_per_minus_1():
    # Seed, "Improving Stats": "+1 to a stat for -3 skill points or -1 to a stat for +2 skill points".
    stats = {**STATS, "STR": 14, "PERS": 11}
    assert trade_points({**STATS}, stats, []) == -6 + 2
    sheet = _sheet(stats=stats, rolled={"STR": 12, "PERS": 12})
    assert skill_points(sheet)["trades"] == -4
    assert skill_points(sheet)["available"] == 20


def test_a_karma_trade_lowers_one_stat_by_1_and_raises_another_by_2_from_the_starting_karma():
    # Seed, "Other Uses For Karma": "Every point of Karma consumed permits one stat to be reduced by 1 and
    # another to be increased by 2. Note that this also affects the character's Starting Karma."
    stats = {**STATS, "PERS": 11, "STR": 14}
    sheet = _sheet(stats=stats, rolled={"STR": 12, "PERS": 12}, karma_trades=[["PERS", "STR"]])
    assert skill_points(sheet)["trades"] == 0  # the Karma paid for it, not skill points
    assert starting_karma_of(sheet) == 10 - 1
    with pytest.raises(RulesError, match="two different stats"):
        _sheet(karma_trades=[["STR", "STR"]])


def test_removing_a_disadvantage_costs_1_karma_a_rank_down_to_one_rank_then_it_goes():
    # Seed, "Removing/Reducing Disadvantages": "Before a Disadvantage can be removed, it must be reduced to a
    # single rank"; "To remove a rank in a disadvantage, the character expends 1 point of Karma".
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 2}])
    sheet = remove_rank(sheet, "Hunted")
    assert sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 1}]
    assert remove_rank(sheet, "Hunted")["disadvantages"] == []
    with pytest.raises(RulesError, match="no disadvantage called Lazy"):
        remove_rank(sheet, "Lazy")


def test_removing_a_rank_the_skills_need_is_refused():
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 1}], _costing(28))  # 28 of 28
    with pytest.raises(RulesError, match="cost 28 skill points"):
        remove_rank(sheet, "Hunted")


def test_a_complication_worsens_other_disadvantages_a_rank_for_each_rank_nullified():
    # Seed, "Karmic Debt": "worsens one or more other disadvantages by one rank for each rank in the
    # Disadvantage being nullified". Karma 1, two disadvantages: one over the limit.
    sheet = _sheet(
        [{"name": "Hunted", "points": 4, "ranks": 2}, {"name": "Poor at Mathematics", "points": 2, "ranks": 1}]
    )
    after = complication(sheet, karma=1, nullify="Hunted", worsen=["Poor at Mathematics"] * 2, stat="")
    assert after["disadvantages"] == [{"name": "Poor at Mathematics", "points": 2, "ranks": 3}]
    assert after["setbacks"] == [
        {"name": "Hunted nullified", "ranks": 2, "worsened": {"Poor at Mathematics": 2}, "stats": {}, "starvation": 0}
    ]
    with pytest.raises(RulesError, match="no Karmic Debt"):
        complication(sheet, karma=2, nullify="Hunted", worsen=["Poor at Mathematics"] * 2, stat="")
    with pytest.raises(RulesError, match="2 ranks"):
        complication(sheet, karma=1, nullify="Hunted", worsen=["Poor at Mathematics"], stat="")


def test_disadvantages_at_their_maximum_cost_a_stat_point_per_rank_instead():
    # Seed: "If he can no longer do so because his disadvantages are at the maximum permitted level, a stat
    # other than Karma is semi-permanently reduced"; "minus one point in one stat is worth one rank".
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 2}, {"name": "Lame", "points": 2, "ranks": 3}])
    after = complication(sheet, karma=1, nullify="Hunted", worsen=["Lame"], stat="STR")  # Lame 3 -> 4, the limit
    assert after["disadvantages"] == [{"name": "Lame", "points": 2, "ranks": 4}]
    assert after["stats"]["STR"] == 11
    assert after["karma_changes"] == {"STR": -1}
    assert after["setbacks"][0]["stats"] == {"STR": 1}
    with pytest.raises(RulesError, match="Lame can still take"):
        complication(sheet, karma=1, nullify="Hunted", worsen=[], stat="STR")


def test_karmic_starvation_takes_2_skill_points_a_rank_off_what_the_skills_cost():
    # Seed, "Karmic Starvation": "it temporarily reduces the amount of skill points expended by two skill
    # points per rank in the Complication". 24 + 9 (Hunted) + 4 (Lame) = 37 points; the skills cost 32.
    sheet = _sheet(
        [{"name": "Hunted", "points": 4, "ranks": 3}, {"name": "Lame", "points": 1, "ranks": 4}], _costing(32)
    )
    after = complication(sheet, karma=1, nullify="Hunted", worsen=[], stat="STR")  # Lame at 4, the limit
    assert after["stats"]["STR"] == 9  # a stat point for each of Hunted's 3 ranks
    # 28 points left for 32 spent: 4 over, 2 ranks of starvation at 2 skill points each.
    assert after["setbacks"][0]["starvation"] == 2
    assert skill_points(after)["starvation"] == 4
    validate_sheet(after)  # the sheet stays valid


def test_a_setback_is_paid_off_with_a_karma_a_rank_and_gives_the_stat_back():
    # Seed: setbacks "can be paid off whenever the GM deems it appropriate by the expenditure of earned Karma".
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 2}, {"name": "Lame", "points": 2, "ranks": 4}])
    after = complication(sheet, karma=1, nullify="Hunted", worsen=[], stat="STR")
    assert after["stats"]["STR"] == 10
    paid, cost = pay_off_setback(after, "Hunted nullified")
    assert cost == 2
    assert paid["stats"]["STR"] == 12
    assert paid["setbacks"] == []
    assert paid["karma_changes"] == {}
