"""Zener Gate combat details: micro-time, the Range Adjustment table, weapon ranks."""

import pytest

from rules import RulesError
from rules.dice import parse
from rules.zener.combat import (
    announce_order,
    attack_check,
    critical_follow_up,
    fire_damage,
    range_adjustment,
    reaction_modifier,
    size_and_range,
)
from rules.zener.sheet import validate_sheet


@pytest.mark.parametrize(
    ("milliseconds", "modifier"),
    [
        (250, -8),  # seed: "250ms = 4-and-a-sixth ... rounds to x4 ... +2. Subtracting 10 gives a -8 modifier."
        (1000, -6),  # seed: "16 & 2/3, which rounds to x17 ... x10, or +4. Subtracting 10 gives a -6 modifier."
        (60, -10),  # x1: index 0
        (90, -8),  # 1.5 rounds off (half up) to x2
        (150, -8),  # 2.5 rounds off to x3, short of x5: still +2
        (20, -16),  # x0 is under x0.1: the chart's -6
        (600_000, 3),  # x10,000+: the chart's last row, +13
    ],
)
def test_the_nim_reaction_save(milliseconds, modifier):
    assert reaction_modifier(milliseconds) == modifier


def test_a_reaction_needs_some_time():
    with pytest.raises(RulesError, match="milliseconds"):
        reaction_modifier(0)


def test_same_initiative_announces_lowest_res_first():
    order = [("Kai", 4, 9), ("Ren", 3, 9), ("Ash", 6, 9), ("Bo", 1, 5), ("Cy", 2, 5), ("Di", 5, 2)]
    res = {"Kai": 12, "Ren": 8, "Ash": 10, "Bo": 14, "Cy": 14, "Di": 3}
    # Seed ("Micro-Time"): "In sequence of lowest RES to highest, the characters with the same
    # initiative value choose and announce their actions"; equal RES announce together.
    assert announce_order(order, res) == [[["Ren"], ["Ash"], ["Kai"]], [["Bo", "Cy"]]]


@pytest.mark.parametrize(
    ("difference", "adjustment"), [(1, 1), (2, 1), (3, 2), (6, 2), (7, 3), (20, 5), (63, 10), (70, 10)]
)
def test_the_range_adjustment_table(difference, adjustment):
    assert range_adjustment(difference) == adjustment


def test_size_and_range_go_through_the_range_adjustment():
    # Seed ("Target Size Adjustment"): range over size adds the Range Adjustment of the difference
    # (a penalty); range under size subtracts the difference (a bonus).
    assert size_and_range(0, 20) == -5  # a man at 100 m: -5, not -20
    assert size_and_range(-2, 1) == -2  # head and neck at 1.3 m: difference 3 -> +2
    assert size_and_range(4, 1) == 3
    assert size_and_range(0, 0) == 0


@pytest.mark.parametrize(
    "skill",
    [
        {"name": "Rifle", "breadth": "weapon_broad", "stat": "ACC", "ranks": 4},
        {"name": "Gun", "breadth": "weapon_general", "stat": "ACC", "ranks": 4},
        {"name": "Mauser C96", "breadth": "specific", "stat": "ACC", "ranks": 4},  # a weapon on the sheet
    ],
)
def test_weapon_ranks_are_capped_at_three(skill):
    # Seed ("Attacks"): "weapon skill ranks - if he has three of the latter (the maximum)".
    sheet = {
        "stats": {"PRAC": 14, "THEO": 14, "ENC": 14, "LAN": 14},
        "skills": [skill],
        "weapons": [{"name": "Mauser C96", "damage": "2d6"}],
    }
    with pytest.raises(RulesError, match=f"{skill['name']} is a weapon skill: at most 3 ranks"):
        validate_sheet(sheet)
    assert validate_sheet(sheet | {"skills": [skill | {"ranks": 3}]})["skills"][0]["ranks"] == 3


def test_other_skills_go_past_three_and_attacks_stop_at_three():
    sheet = {"skills": [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 5}]}
    assert validate_sheet(sheet)["skills"][0]["ranks"] == 5
    with pytest.raises(RulesError, match="0 to 3"):
        attack_check(20, 4, 5)


@pytest.mark.parametrize(
    ("critical", "trauma", "stats", "bonus"),
    [
        (True, 0, ("RES",), 2),  # armour stopped the trauma: the critical did no damage to add to
        (True, 5, (), 2),  # a location with nothing to add (the attacker's choice, nothing chosen)
        (True, 5, ("RES",), 0),  # the critical's stat damage is its additional damage
        (False, 0, (), 0),  # an ordinary hit earns nothing
    ],
)
def test_a_critical_hit_without_extra_damage_earns_plus_two(critical, trauma, stats, bonus):
    # Seed ("Attacks"): "If a critical hit results in no additional damage, the attacker is at +2 to
    # attack the same target next combat round."
    assert critical_follow_up(critical, trauma, stats) == bonus


@pytest.mark.parametrize(
    ("fire", "rolled"),
    [("single", "2d6"), ("burst", "2d6+1d6"), ("full_auto", "2d6+2d6+1d3")],
)
def test_bursts_and_full_auto_add_damage_dice(fire, rolled):
    # Seed ("Weapons"): "a short burst per round (conferring an extra d6 on the damage), 3 points for
    # full auto (confers an extra 2 1/2 d6 per round)"; half a d6 is a d3.
    assert fire_damage(parse("2d6"), fire) == parse(rolled)


def test_an_unknown_rate_of_fire_is_refused():
    with pytest.raises(RulesError, match="single shot, a short burst or full auto"):
        fire_damage(parse("2d6"), "spray")
