"""Exact Centaurus Gate odds against brute-force enumeration and seeded rolls."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.cgg.action import action_chances, roll_action
from rules.cgg.codes import DieCode
from rules.cgg.difficulty import Difficulty, RiskLevel, exec_outcomes, failure_distribution, roll_exec
from rules.cgg.fallout import fallout_distribution, roll_fallout
from rules.cgg.risk import chance_of_venture, chance_to_avoid, risk_outcomes, roll_risk
from rules.dice import SeededDice


def brute_risk(code: DieCode) -> Counter:
    counts = Counter()
    for faces in itertools.product(range(1, 7), repeat=code.dice):
        counts[(sum(f for f in faces if f != 6) + code.pips, faces.count(6))] += 1
    return counts


@pytest.mark.parametrize("code", [DieCode(0, 2), DieCode(1), DieCode(2, 1), DieCode(3), DieCode(4, 2), DieCode(5)])
def test_risk_outcomes_equal_brute_force(code):
    counts = brute_risk(code)
    assert risk_outcomes(code) == {key: Fraction(n, 6**code.dice) for key, n in counts.items()}
    for target in range(-1, 30):
        expected = Fraction(sum(n for (total, _), n in counts.items() if total >= target), 6**code.dice)
        assert chance_to_avoid(code, target) == expected
    assert chance_of_venture(code) == Fraction(sum(n for (_, v), n in counts.items() if v), 6**code.dice)


def brute_exec(n: int) -> Counter:
    counts = Counter()
    for faces in itertools.product(range(1, 11), repeat=n):
        kept = [f for f in faces if f <= 3]
        counts[(len(kept), sum(kept))] += 1
    return counts


@pytest.mark.parametrize("n", range(5))
def test_exec_outcomes_equal_brute_force(n):
    assert exec_outcomes(n) == {key: Fraction(count, 10**n) for key, count in brute_exec(n).items()}


def test_the_seeds_worked_example_keeps_one_to_three():
    from rules.dice import ScriptedDice

    exec_roll = roll_exec(4, ScriptedDice([3, 2, 6, 5]))
    assert (exec_roll.kept, exec_roll.failures, exec_roll.risk_raise) == ((3, 2), 2, 5)


def test_failure_chance_is_three_in_ten_per_die():
    assert failure_distribution(1) == {0: Fraction(7, 10), 1: Fraction(3, 10)}
    assert failure_distribution(6)[0] == Fraction(7, 10) ** 6


def brute_action(difficulty: Difficulty, code: DieCode) -> tuple[Fraction, Fraction, Fraction]:
    success = avoided = both = Fraction(0)
    for (failures, raised), p_exec in exec_outcomes(difficulty.remaining_dice).items():
        for (total, _), p_risk in risk_outcomes(code).items():
            p = p_exec * p_risk
            ok, safe = failures == 0, total >= difficulty.base_risk + raised
            success += p * ok
            avoided += p * safe
            both += p * (ok and safe)
    return success, avoided, both


@pytest.mark.parametrize(
    ("difficulty", "code"),
    [
        (Difficulty(base_dice=4, success_dice=2), DieCode(3, 1)),
        (Difficulty(base_dice=6, success_dice=2, adjustments=("rushed", "missing_ability")), DieCode(2)),
        (Difficulty(base_dice=3, success_dice=5), DieCode(1)),
        (Difficulty.for_contest(3, success_dice=2, risk_bonus=2), DieCode(4)),
    ],
)
def test_action_chances_combine_both_rolls(difficulty, code):
    chances = action_chances(difficulty, code)
    assert (chances.success, chances.risk_avoided, chances.both) == brute_action(difficulty, code)


def test_no_risk_has_no_risk_odds():
    chances = action_chances(Difficulty(base_dice=5, success_dice=2, risk=RiskLevel.NONE), DieCode(3))
    assert chances.risk_avoided is None
    assert chances.success == Fraction(7, 10) ** 3


def within(seen: int, rolls: int, p: Fraction) -> bool:
    return abs(seen / rolls - float(p)) <= 5 * (float(p) * (1 - float(p)) / rolls) ** 0.5 + 1e-9


def test_seeded_risk_rolls_match_the_exact_odds():
    code, dice, rolls = DieCode(3, 1), SeededDice(3), 20_000
    seen = Counter((r.total, r.venture) for r in (roll_risk(code, dice) for _ in range(rolls)))
    for key, p in risk_outcomes(code).items():
        assert within(seen[key], rolls, p), key


def test_seeded_actions_match_the_exact_odds():
    difficulty, code, dice, rolls = Difficulty(base_dice=5, success_dice=2), DieCode(3), SeededDice(5), 20_000
    actions = [roll_action(difficulty, code, dice) for _ in range(rolls)]
    chances = action_chances(difficulty, code)
    assert within(sum(a.success for a in actions), rolls, chances.success)
    assert within(sum(bool(a.risk_avoided) for a in actions), rolls, chances.risk_avoided)
    assert within(sum(a.success and bool(a.risk_avoided) for a in actions), rolls, chances.both)


def test_seeded_fallout_matches_the_exact_odds():
    code, dice, rolls = DieCode(5, 1), SeededDice(9), 20_000
    seen = Counter(roll_fallout(code, 2, dice).steps for _ in range(rolls))
    for steps, p in fallout_distribution(code, 2).items():
        assert within(seen[steps], rolls, p), steps
