"""The player's risk roll (seed: "Player Dice, Rolling, and Risk").

Roll the code's d6s; a die showing 6 adds nothing and is one Venture; the
total is the other dice plus the pips. The risk is avoided when the total
meets or beats the risk target.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules.cgg.codes import DieCode
from rules.dice import DiceSource

VENTURE_FACE = 6


@dataclass(frozen=True, slots=True)
class RiskRoll:
    code: DieCode
    faces: tuple[int, ...]
    extra_faces: tuple[int, ...] = ()  # dice added after the roll ("Alright, time to get serious")

    @property
    def venture(self) -> int:
        return sum(1 for face in self.faces if face == VENTURE_FACE)

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


def chance_to_avoid(code: DieCode, target: int) -> Fraction:
    """P(risk total >= target)."""
    return sum((p for total, p in total_distribution(code).items() if total >= target), Fraction(0))


def chance_of_venture(code: DieCode) -> Fraction:
    """P(at least one Venture)."""
    return 1 - Fraction(5, 6) ** code.dice
