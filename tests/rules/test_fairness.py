"""The production dice source, held against the exact odds of every system.

Chi-square goodness of fit with a fixed false-alarm rate of one in a million:
the critical value comes from the Wilson-Hilferty approximation, bins with small
expected counts are merged, and no seed is used — the test draws from the same
`SystemDice` the table uses, so it checks the real source and does not flake."""

from collections import Counter
from fractions import Fraction
from math import sqrt

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.risk import roll_risk, total_distribution
from rules.d100.test import roll_d100
from rules.dice import SystemDice, distribution, parse, roll
from rules.ore.pool import Pool, best_width_distribution, roll_pool
from rules.tribute.roll import TestSpec, result_distribution, roll_test

SAMPLES = 20_000
Z_ONE_IN_A_MILLION = 4.753  # the upper 1e-6 quantile of the standard normal


def critical_value(degrees: int) -> float:
    """Chi-square quantile for P = 1e-6 (Wilson-Hilferty)."""
    k = degrees
    return k * (1 - 2 / (9 * k) + Z_ONE_IN_A_MILLION * sqrt(2 / (9 * k))) ** 3


def chi_square(seen: Counter, exact: dict, samples: int) -> tuple[float, int]:
    """The statistic and degrees of freedom, merging bins expected fewer than 5 times."""
    bins, pending_expected, pending_seen = [], 0.0, 0
    for outcome, p in sorted(exact.items()):
        pending_expected += float(p) * samples
        pending_seen += seen.get(outcome, 0)
        if pending_expected >= 5:
            bins.append((pending_seen, pending_expected))
            pending_expected, pending_seen = 0.0, 0
    if pending_expected and bins:
        last_seen, last_expected = bins.pop()
        bins.append((last_seen + pending_seen, last_expected + pending_expected))
    assert sum(s for s, _ in bins) == samples, "an outcome outside the exact distribution"
    return sum((s - e) ** 2 / e for s, e in bins), len(bins) - 1


CASES = {
    "notation 3d6+2": (lambda dice: roll(parse("3d6+2"), dice).total, distribution(parse("3d6+2"))),
    "Centaurus Gate risk 3d+1": (lambda dice: roll_risk(DieCode(3, 1), dice).total, total_distribution(DieCode(3, 1))),
    "Tribute Alpha 3 FOCUS 2 BURDEN d8": (
        lambda dice: roll_test(TestSpec(3, 2, 8), dice).result,
        result_distribution(TestSpec(3, 2, 8)),
    ),
    "One-Roll Engine 6d widest set": (
        lambda dice: max((s.width for s in roll_pool(Pool(6), dice).sets), default=0),
        best_width_distribution(Pool(6)),
    ),
    "d100": (lambda dice: roll_d100(dice).value, {value: Fraction(1, 100) for value in range(1, 101)}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_production_dice_match_the_exact_odds(name):
    draw, exact = CASES[name]
    dice = SystemDice()
    seen = Counter(draw(dice) for _ in range(SAMPLES))
    statistic, degrees = chi_square(seen, exact, SAMPLES)
    assert statistic < critical_value(degrees), (name, statistic, degrees)


def test_the_check_catches_a_loaded_die():
    """The same check must fail for a die that favours 6: it is not a test that cannot fail."""

    class Loaded:
        def __init__(self):
            self.real = SystemDice()

        def roll(self, sides):
            face = self.real.roll(sides)
            return sides if face == 1 and sides == 6 else face  # ones become sixes

    dice = Loaded()
    seen = Counter(roll(parse("3d6+2"), dice).total for _ in range(SAMPLES))
    statistic, degrees = chi_square(seen, distribution(parse("3d6+2")), SAMPLES)
    assert statistic > critical_value(degrees)
