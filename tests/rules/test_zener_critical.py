"""A critical hit on a critical location (seed: "Hit Location Effects")."""

from rules.dice import ScriptedDice, parse
from rules.zener.combat import damage, hit_location


def test_a_critical_hit_on_a_critical_location_costs_d3_of_the_stat():
    # Seed: "Undefined Critical Location: +2 Trauma, -1, (-d3 on a crit) dmg to stat".
    skull = hit_location(ScriptedDice([2]))  # the skull: an automatic critical location
    result = damage(parse("1d6"), 0, skull, 99, critical=True, dice=ScriptedDice([3, 1, 8, 3]))
    assert (result.stats, result.points) == (("PERS",), (3,))
    ordinary = damage(parse("1d6"), 0, skull, 99, dice=ScriptedDice([3, 1, 8]))
    assert (ordinary.stats, ordinary.points) == (("PERS",), (1,))


def test_a_critical_hit_elsewhere_costs_one_point():
    # "Non-Critical Location: ... -1 dmg to stat": a critical hit on the arm still costs 1 a roll.
    hand = hit_location(ScriptedDice([45, 6]))
    result = damage(parse("1d6"), 0, hand, 99, critical=True, dice=ScriptedDice([3, 1, 2, 5]))
    assert (result.stats, result.points) == (("DEX", "ACC"), (1, 1))


def test_the_chest_is_critical_only_on_its_die():
    critical_chest = hit_location(ScriptedDice([20, 2]))  # left chest, d12 2: "3 in 12"
    result = damage(parse("1d6"), 0, critical_chest, 99, critical=True, dice=ScriptedDice([3, 1, 4, 2]))
    assert (result.stats, result.points) == (("RES",), (2,))
