"""d100 skill tests: readings, flips, assist dice, opposed tests, exact odds, Fury dice, the sheet."""

from collections import Counter
from fractions import Fraction

import pytest

from rules import RulesError
from rules.d100 import SYSTEM
from rules.d100.sheet import effective_ranks
from rules.d100.test import (
    D100Roll,
    Flip,
    assisted,
    base_chance,
    chances,
    flip,
    fury,
    fury_chance,
    opposed,
    read,
    resolve,
    roll_d100,
    total_chance,
)
from rules.dice import ScriptedDice, SeededDice


def test_base_and_total_chance():
    assert base_chance(45, 2, modifiers=-10, synergy=True) == 45 + 20 - 10 + 10
    assert total_chance(55, "hard") == 35
    with pytest.raises(RulesError, match="-30 and \\+30"):
        base_chance(45, 1, modifiers=35)
    with pytest.raises(RulesError, match="Arduous"):
        total_chance(50, "impossible")


@pytest.mark.parametrize(
    ("value", "chance", "label"),
    [
        (100, 200, "Critical failure"),
        (1, 0, "Critical success"),
        (1, -5, "Failure"),
        (44, 50, "Critical success"),
        (55, 50, "Critical failure"),
        (37, 50, "Success"),
        (73, 50, "Failure"),
        (50, 50, "Success"),
    ],
)
def test_readings(value, chance, label):
    assert read(value, chance).label == label


def test_degrees_of_success():
    assert read(37, 50, attribute_bonus=4).degrees == 3 + 4
    assert read(73, 50, attribute_bonus=4).degrees == 0


def test_flips():
    assert flip(73, 50, Flip.SUCCEED).value == 37
    assert flip(37, 50, Flip.FAIL).value == 73
    assert flip(21, 50, Flip.SUCCEED).value == 21  # 12 and 21 both succeed: 21 has more degrees
    assert flip(44, 50, Flip.FAIL).value == 44  # no flip on a match
    assert flip(100, 50, Flip.SUCCEED).value == 100


def test_assist_dice():
    assert assisted(73, 2, 50) == (read(23, 50), True)  # a better tens digit
    assert assisted(55, 1, 50) == (read(55, 50), False)  # a critical failure cannot be avoided
    assert assisted(16, 6, 50) == (read(66, 50), True)  # and must be made when the assist die makes one
    assert assisted(23, 7, 50) == (read(23, 50), False)
    with pytest.raises(RulesError, match="either flipped or assisted"):
        resolve(D100Roll(2, 3, 4), 50, how=Flip.SUCCEED)


def test_opposed_tests():
    assert opposed(read(44, 50), read(49, 90)) == "a"  # a critical success wins
    assert opposed(read(55, 50), read(90, 50)) == "b"  # a critical failure loses
    assert opposed(read(37, 50), read(21, 50)) == "a"  # more degrees
    assert opposed(read(70, 50), read(80, 50)) is None


def brute_chances(chance: int, how: Flip) -> tuple[Fraction, Fraction, Fraction]:
    """Independent oracle: every roll, read the simple way."""
    success = crit_s = crit_f = 0
    for value in range(1, 101):
        r = flip(value, chance, how)
        success += r.success
        crit_s += r.success and r.critical
        crit_f += (not r.success) and r.critical
    return Fraction(success, 100), Fraction(crit_s, 100), Fraction(crit_f, 100)


@pytest.mark.parametrize("chance", [-10, 0, 1, 25, 50, 73, 99, 100, 130])
@pytest.mark.parametrize("how", list(Flip))
def test_exact_odds(chance, how):
    found = chances(chance, how)
    assert (found.success, found.critical_success, found.critical_failure) == brute_chances(chance, how)


def test_known_odds():
    assert chances(50).critical_success == Fraction(5, 100)  # 01, 11, 22, 33, 44
    assert chances(50).critical_failure == Fraction(6, 100)  # 55 ... 99 and 100
    assert chances(50, Flip.SUCCEED).success > chances(50).success > chances(50, Flip.FAIL).success


def test_seeded_tests_match_the_odds():
    dice, rolls = SeededDice(12), 20_000
    seen = Counter(resolve(roll_d100(dice, assist=True), 50).success for _ in range(rolls))
    p = chances(50, assist=True).success
    assert abs(seen[True] / rolls - float(p)) <= 5 * (float(p) * (1 - float(p)) / rolls) ** 0.5


def test_the_fury_die():
    assert fury(ScriptedDice([6, 6, 2])) == (6, 6, 2)
    assert [fury_chance(k) for k in (1, 5, 6, 7, 13)] == [
        Fraction(1, 6),
        Fraction(1, 6),
        0,
        Fraction(1, 36),
        Fraction(1, 216),
    ]
    assert sum(fury_chance(k) for k in range(1, 198)) == 1 - Fraction(1, 6**33)


def test_sheet_and_peril():
    d100 = SYSTEM
    sheet = d100.validate_sheet({"skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 2}]})
    assert sheet["attributes"]["Combat"] == 40
    with pytest.raises(RulesError, match="0 to 3 ranks"):
        d100.validate_sheet({"skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 4}]})
    assert [effective_ranks(3, peril) for peril in range(6)] == [3, 3, 2, 1, 0, 0]


def test_a_skill_is_tested_with_its_own_attribute():
    from rules.d100.sheet import attribute_for

    stealth = {"name": "Stealth", "attribute": "Agility"}
    assert attribute_for(stealth, "") == attribute_for(stealth, "Agility") == "Agility"
    assert attribute_for(None, "Brawn") == "Brawn"
    with pytest.raises(RulesError, match="Stealth is tested with Agility"):
        attribute_for(stealth, "Brawn")
    with pytest.raises(RulesError, match="Choose the primary attribute"):
        attribute_for(None, "")


def test_time_taken_moves_the_difficulty_one_step():
    from rules.d100.test import difficulty_for_time

    assert difficulty_for_time("standard", "triple") == "routine"
    assert difficulty_for_time("standard", "hasty") == "challenging"
    assert difficulty_for_time("hard", "normal") == "hard"
    assert difficulty_for_time("trivial", "triple") == "trivial"  # held within the table
    assert difficulty_for_time("arduous", "hasty") == "arduous"
    assert total_chance(55, difficulty_for_time("standard", "triple")) == 65
    with pytest.raises(RulesError, match="hasty, normal or triple time"):
        difficulty_for_time("standard", "forever")
