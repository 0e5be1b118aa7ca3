"""The player's risk roll (seed: "Player Dice, Rolling, and Risk").

Roll the code's d6s; a die showing 6 adds nothing and is one Venture; the
total is the other dice plus the pips. The risk is avoided when the total
meets or beats the risk target.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from rules.cgg.codes import DieCode
from rules.dice import DiceSource

VENTURE_FACE = 6


@dataclass(frozen=True, slots=True)
class RiskRoll:
    code: DieCode
    faces: tuple[int, ...]
    extra_faces: tuple[int, ...] = ()  # dice added after the roll ("Alright, time to get serious")
    discarded: int = 0  # Venture discarded by a condition (Painful Harm, rules.cgg.condition_effects)

    @property
    def venture(self) -> int:
        return max(0, sum(1 for face in self.faces if face == VENTURE_FACE) - self.discarded)

    @property
    def total(self) -> int:
        counted = [face for face in self.faces + self.extra_faces if face != VENTURE_FACE]
        return sum(counted) + self.code.pips


def roll_risk(code: DieCode, dice: DiceSource) -> RiskRoll:
    return RiskRoll(code, tuple(dice.roll(6) for _ in range(code.dice)))


@cache
def _dice_outcomes(dice: int) -> dict[tuple[int, int], int]:
    """Ways for `dice` d6 to make (total without sixes, number of sixes)."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        step: dict[tuple[int, int], int] = {}
        for (total, venture), count in ways.items():
            for face in range(1, 7):
                key = (total, venture + 1) if face == VENTURE_FACE else (total + face, venture)
                step[key] = step.get(key, 0) + count
        ways = step
    return ways


def risk_outcomes(code: DieCode) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (risk total, Venture) pair for a code."""
    outcomes = 6**code.dice
    return {
        (total + code.pips, venture): Fraction(n, outcomes) for (total, venture), n in _dice_outcomes(code.dice).items()
    }


def total_distribution(code: DieCode) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for (total, _), p in risk_outcomes(code).items():
        result[total] = result.get(total, Fraction(0)) + p
    return dict(sorted(result.items()))


@cache
def _ways_at_least(dice: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For `dice` d6 without pips: the totals, ascending, and the ways to make each total or more.
    Counted in integers once per pool size: the Exec's preview asks it for every raised target."""
    ways: dict[int, int] = {}
    for (total, _), count in _dice_outcomes(dice).items():
        ways[total] = ways.get(total, 0) + count
    totals = tuple(sorted(ways))
    tails, running = [], 0
    for total in reversed(totals):
        running += ways[total]
        tails.append(running)
    return totals, tuple(reversed(tails))


def chance_to_avoid(code: DieCode, target: int) -> Fraction:
    """P(risk total >= target)."""
    totals, tails = _ways_at_least(code.dice)
    first = bisect_left(totals, target - code.pips)
    return Fraction(tails[first] if first < len(totals) else 0, 6**code.dice)


def chance_of_venture(code: DieCode, discarded: int = 0) -> Fraction:
    """P(at least one Venture), after `discarded` Venture are thrown away (Painful Harm discards the first):
    P(more than `discarded` sixes)."""
    n = code.dice
    at_most = sum(comb(n, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (n - k) for k in range(min(discarded, n) + 1))
    return 1 - at_most
