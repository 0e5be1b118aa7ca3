"""Zener Gate experience, paid in Karma (seed: "Experience", "XP Balance").

Interpretations (published on /rules/#zener):
- An adventure's base XP (typically 1-3) rises by 2 for each setback the GM threw in that
  the PCs overcame without spending Karma on it: the "XP Balance" example's 3 base and
  "a couple of setbacks" make 7. Its smaller example's "(2+2)x4=16" from "a base of 1 xp"
  does not add up this way (it gives 12); the major example's numbers (7, 28, 56, 64) decide.
- The solution multiplies it: locals following the PCs' advice x1.5 (rounded up), the PCs'
  own solution x2, each doubled again when permanent; selfish or amoral play then costs 1.
- Each character receives the whole payout ("16 xp each"); the 2 Karma a setback pays its
  directly-affected characters at once is the GM's separate "complication" award.
"""

from __future__ import annotations

from math import ceil

from rules.errors import RulesError

COMPLICATION_KARMA = 2  # "immediately giving the directly-affected character or characters 2 Karma"
SETBACK_XP = 2  # "a couple of setbacks ... as many as 3 base XP. That gets us to 7"
# A solution -> (numerator, denominator) of its multiplier.
SOLUTIONS = {
    "none": (1, 1),
    "advice": (3, 2),  # "+50% XP for a solution to be implemented by the locals following PC advice"
    "advice_permanent": (3, 1),  # "these are doubled again for a permanent solution"
    "pcs": (2, 1),  # "double XP for a solution to the problem that is put in place by the PCs"
    "pcs_permanent": (4, 1),
}
SOLUTION_NAMES = {
    "none": "no solution",
    "advice": "the locals' solution, on the PCs' advice",
    "advice_permanent": "the locals' permanent solution, on the PCs' advice",
    "pcs": "the PCs' solution",
    "pcs_permanent": "the PCs' permanent solution",
}
MAX_BASE = 50


def adventure_experience(base: int, setbacks: int, solution: str, selfish: bool = False) -> int:
    """Each character's Karma for an adventure: (base + 2 per setback) x the solution's
    multiplier, rounded up, - 1 for selfish or amoral play (never below 0)."""
    if not 0 <= base <= MAX_BASE:
        raise RulesError(f"An adventure's base XP is 0 to {MAX_BASE}.")
    if not 0 <= setbacks <= MAX_BASE:
        raise RulesError(f"Count the setbacks from 0 to {MAX_BASE}.")
    if solution not in SOLUTIONS:
        raise RulesError("Choose how the locals' problem was solved: not, by advice or by the PCs, and if for good.")
    times, over = SOLUTIONS[solution]
    return max(0, ceil((base + SETBACK_XP * setbacks) * times / over) - selfish)
