"""The odds the rules page publishes for trauma, stat damage and near misses, held against brute force:
every face of the weapon's dice thrown through `damage`, every d% through `hit_location`."""

from fractions import Fraction
from itertools import product

from rules.dice import ScriptedDice, parse
from rules.zener.checks import chance_of_success, stat_check
from rules.zener.combat import COLUMNS, Hit, damage, hit_location, near_miss, near_miss_column

NO_SAVE = 99  # a Shock Threshold no hit reaches: no save is rolled


def _costs_a_stat(part_percent: int, armour: int) -> Fraction:
    """The chance a 2d6 hit on the whole body's d% band costs a stat, over every face of 2d6."""
    hits = 0
    for faces in product(range(1, 7), repeat=2):
        hit = hit_location(ScriptedDice([part_percent, 3]))  # a sub-roll 3: no hand, shoulder or elbow
        result = damage(parse("2d6"), armour, hit, NO_SAVE, dice=ScriptedDice([*faces, 1, 1, 1]))
        hits += bool(result.stats)
    return Fraction(hits, 36)


def test_a_2d6_hit_on_an_arm_costs_a_stat_only_through_the_armour():
    assert _costs_a_stat(72, 5) == Fraction(26, 36)  # the right forearm: 2d6 over 5
    assert _costs_a_stat(72, 10) == Fraction(3, 36)  # 2d6 over 10


def test_a_2d6_skull_hit_gets_through_armour_10_thirty_times_in_36():
    assert _costs_a_stat(3, 10) == Fraction(30, 36)  # 2d6 + 4 + 2 over 10


def test_a_critical_skull_hit_for_2d6_is_12_trauma():
    skull = hit_location(ScriptedDice([3]))
    assert skull.critical
    assert damage(parse("2d6"), 0, skull, NO_SAVE, dice=ScriptedDice([3, 3, 1, 1])).trauma == 12


def test_an_armour_stopped_hit_rolls_no_stat_die():
    forearm = hit_location(ScriptedDice([72, 3]))
    result = damage(parse("1d3"), 10, forearm, NO_SAVE, dice=ScriptedDice([3, 1]))  # no third die wanted
    assert (result.trauma, result.shock, result.stats) == (0, 1, ())


def test_the_seeds_damage_example_keeps_its_point_of_res():
    chest = Hit(50, "Right chest", hit_location(ScriptedDice([50, 2])).location)
    result = damage(parse("2d6"), 5, chest, 6, dice=ScriptedDice([4, 4, 4, 4]))
    assert (result.trauma, result.shock, result.stats) == (4, 8, ("RES",))


def test_a_head_and_neck_near_miss_lands_on_the_head_and_torso_odds():
    glancing = near_miss(-3, size=-2, cover=False)
    column = near_miss_column("head_neck", glancing.steps)
    assert column == "head_torso"
    landed, chosen = {}, 0
    for percent in range(1, 101):
        hit = hit_location(ScriptedDice([percent, 3, 6]), column)  # a forearm's d6 3, a critical die 6
        if hit.chosen:  # 85-00: the attacker's choice
            chosen += 1
            continue
        part = hit.name.lower().removeprefix("left ").removeprefix("right ")
        landed[part] = landed.get(part, 0) + 1
    assert not {"upper leg", "knee", "lower leg", "foot"} & set(landed)
    assert landed["skull/scalp"] + landed["face"] + landed["neck"] == 21
    assert landed["chest"] == 28
    assert landed["abdomen/groin"] == 7
    assert landed["upper arm"] + landed["forearm"] == 28
    assert chosen == 16


def test_the_ladder_of_columns():
    steps = {aim: (near_miss_column(aim, 1), near_miss_column(aim, 2)) for aim in COLUMNS}
    assert steps == {
        "whole": ("whole", "whole"),
        "head_torso": ("whole", "whole"),
        "head_neck": ("head_torso", "whole"),
        "left_hand": ("head_torso", "whole"),
        "right_hand": ("head_torso", "whole"),
        "eye": ("head_neck", "head_torso"),
    }


def test_rushing_under_a_tenth_of_the_time_is_one_in_1296():
    check = stat_check(10, -6)
    assert check.target == 4
    assert chance_of_success(check) == Fraction(1, 1296)
    assert sum(1 for faces in product(range(1, 7), repeat=4) if sum(faces) <= 4) == 1
