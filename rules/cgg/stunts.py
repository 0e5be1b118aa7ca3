"""Stunts (seed: "Stunts"): made before the roll, with an ability or a called-in Aspect.

1. Pay one hour: +1D to the success code.
2. Move up to mastery dice (Aspects: at most 3) from the risk code to the success code.
3. Pay one more hour per extra +1D, up to one per mastery.
Han Solo, Blaster x2, Dex 6d: pays 1 (7d), moves 2: risk 4d, success 9d.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cgg.codes import DieCode
from rules.errors import RulesError

ASPECT_MASTERY = 3


@dataclass(frozen=True, slots=True)
class Stunt:
    mastery: int  # the ability's mastery (x2 = 2), or 3 for an Aspect
    moved: int = 0
    extra: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.mastery <= 3:
            raise RulesError("Mastery is 1 to 3 (an Aspect counts as 3).")
        if not 0 <= self.moved <= self.mastery:
            raise RulesError(f"Move at most {self.mastery} dice from risk to success.")
        if not 0 <= self.extra <= self.mastery:
            raise RulesError(f"Buy at most {self.mastery} extra dice.")

    @property
    def hours(self) -> int:
        return 1 + self.extra

    def apply(self, risk_code: DieCode, success_dice: int) -> tuple[DieCode, int]:
        """(risk code, success dice) after the stunt."""
        if self.moved > risk_code.dice:
            raise RulesError(f"The risk code {risk_code} has only {risk_code.dice} dice to move.")
        return risk_code.add_dice(-self.moved), success_dice + 1 + self.moved + self.extra
