"""Fallout (seed: "Fallout and Conditions"): the fallout code minus the resisting
attribute's dice; each remaining d10 below 4 raises the grade from Minor."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.cgg.codes import DieCode
from rules.dice import DiceSource
from rules.errors import RulesError

ARENA_ATTRIBUTE = {
    "material": "strength",
    "public": "perception",
    "private": "perception",
    "intellectual": "knowledge",
    "isotech": "technical",
}
GRADES = ("Minor", "Moderate", "Major", "Critical")


def resisting_attribute(arena: str) -> str:
    """The seed's table of arenas: the attribute whose dice come off the fallout code."""
    try:
        return ARENA_ATTRIBUTE[arena]
    except KeyError:
        raise RulesError("Choose the fallout's arena: material, public, private, intellectual or ISOtech.") from None


def grade_name(steps: int) -> str:
    """Minor, Moderate, Major, Critical, then Critical +N."""
    return GRADES[steps] if steps < len(GRADES) else f"Critical +{steps - len(GRADES) + 1}"


@dataclass(frozen=True, slots=True)
class FalloutRoll:
    faces: tuple[int, ...]

    @property
    def steps(self) -> int:
        return sum(1 for face in self.faces if face < 4)

    @property
    def grade(self) -> str:
        return grade_name(self.steps)


def fallout_dice(code: DieCode, resist_dice: int) -> int:
    if resist_dice < 0:
        raise RulesError("The resisting attribute has 0 or more dice.")
    return max(0, code.dice - resist_dice)


def roll_fallout(code: DieCode, resist_dice: int, dice: DiceSource) -> FalloutRoll:
    return FalloutRoll(tuple(dice.roll(10) for _ in range(fallout_dice(code, resist_dice))))


def fallout_distribution(code: DieCode, resist_dice: int) -> dict[int, Fraction]:
    """Exact chance of each number of grade steps (binomial, 3 in 10 per die)."""
    n = fallout_dice(code, resist_dice)
    return {k: comb(n, k) * Fraction(3, 10) ** k * Fraction(7, 10) ** (n - k) for k in range(n + 1)}
