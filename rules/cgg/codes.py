"""Die codes `Xd+Y` (seed: "Player Dice, Rolling, and Risk", "Risk Roll Modifiers").

Y is 0-2 pips; three pips make a die, so a code is a number of pips
(the seed's pips table: 0 = 0d, 4 = 1d+1, 13 = 4d+1, 30 = 10d).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import RulesError

MAX_CODE_DICE = 20
_CODE = re.compile(r"(?P<dice>\d+)d(?:\+(?P<pips>\d+))?")


@dataclass(frozen=True, slots=True)
class DieCode:
    dice: int
    pips: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.pips <= 2:
            raise RulesError(f"A die code has 0 to 2 pips; 3 pips make a die ({self.dice}d+{self.pips} is not a code).")
        if self.dice < 0:
            raise RulesError("A die code cannot have fewer than 0 dice.")
        if self.dice > MAX_CODE_DICE:
            raise RulesError(f"A die code has at most {MAX_CODE_DICE} dice.")

    @classmethod
    def from_pips(cls, total_pips: int) -> DieCode:
        """The code of a number of pips, as the seed's pips table reads."""
        if total_pips < 0:
            raise RulesError("A die code cannot go below 0d.")
        return cls(total_pips // 3, total_pips % 3)

    @property
    def total_pips(self) -> int:
        return self.dice * 3 + self.pips

    def add_pips(self, pips: int) -> DieCode:
        return DieCode.from_pips(self.total_pips + pips)

    def add_dice(self, dice: int) -> DieCode:
        if self.dice + dice < 0:
            raise RulesError(f"{self} has only {self.dice} dice to lose.")
        return DieCode(self.dice + dice, self.pips)

    def __str__(self) -> str:
        return f"{self.dice}d+{self.pips}" if self.pips else f"{self.dice}d"


def parse_code(text: str) -> DieCode:
    """Read `3d`, `3d+2`, `3D+1` (case and spaces do not matter)."""
    compact = re.sub(r"\s+", "", text or "").lower()
    match = _CODE.fullmatch(compact)
    if match is None:
        raise RulesError(f"'{text}' is not a die code: write dice and pips like 3d or 3d+2.")
    if len(match["dice"]) > 3:
        raise RulesError(f"A die code has at most {MAX_CODE_DICE} dice.")
    return DieCode(int(match["dice"]), int(match["pips"] or 0))


def combine(*codes: DieCode, bonus_pips: int = 0) -> DieCode:
    """Combine a code with its assisting codes (seed, "Risk Roll Modifiers"): "The die code is
    always the highest die code, plus the die count bonus pips of the assisting codes" (3d+1
    armour with 2d Strength = 4d; 3d, 2d and 2d = 4d+1), all at once; then a special rule's
    bonus pips are added ("+3 BP and 2d = 3d, +5 BP and 2d = 3d+2")."""
    if not codes:
        raise RulesError("Combine at least one die code.")
    if bonus_pips < 0:
        raise RulesError("Bonus pips are 0 or more.")
    highest = max(codes, key=lambda code: code.total_pips)
    rest = list(codes)
    rest.remove(highest)
    return highest.add_pips(sum(code.dice for code in rest) + bonus_pips)
