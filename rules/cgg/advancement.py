"""Advancement (seed: "Advancements, Endeavors and Die Codes").

Interpretation (published on /rules/#cgg): raising a 0D code costs 1 per pip,
like 1D; the seed prices a pip at the code's dice and never says what 0D costs.
"""

from __future__ import annotations

from rules.cgg.codes import DieCode
from rules.errors import RulesError

ADVANCEMENT_PIPS = (20, 30, 40, 50, 60, 70)
LATER_ADVANCEMENT_PIPS = 40


def advancement_pips(number: int, critical_count: int = 0) -> int:
    """Pips of the nth advancement (1st: 20 ... 6th: 70, then 40 each), plus 3 per critical count."""
    if number < 1:
        raise RulesError("Advancements count from 1.")
    if critical_count < 0:
        raise RulesError("The critical count is never negative.")
    base = ADVANCEMENT_PIPS[number - 1] if number <= len(ADVANCEMENT_PIPS) else LATER_ADVANCEMENT_PIPS
    return base + 3 * critical_count


def brings_endeavor(number: int) -> bool:
    return number in (2, 4, 6)


def pip_cost(code: DieCode) -> int:
    """The price of the next pip: the code's current dice (at least 1)."""
    return max(1, code.dice)


def raise_cost(code: DieCode, pips: int) -> int:
    """Total price of raising a code by `pips` pips, one pip at a time (2D to 3D: 6)."""
    if pips < 0:
        raise RulesError("Raise a code by 0 or more pips.")
    cost = 0
    for _ in range(pips):
        cost += pip_cost(code)
        code = code.add_pips(1)
    return cost
