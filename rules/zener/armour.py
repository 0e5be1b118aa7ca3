"""Zener Gate armour as worn, and hand protection (seed: "Stats", "Other Armour Effects").

Readings (published on the Zener rules page):
- Technology shifts the armour's type for NIM, ACC and MEL alone, as each of those three
  rows says ("adds 1, 2, or even 3 to the armor type for the purposes of determining NIM
  modifier"; high-tech "subtracts 1, 2, 3, 4, or even 5"): the sheet keeps the shift,
  -5 to +3. RES and DEX have no technology line and read the armour's own type.
- DEX in use is the average of DEX and NIM less stat damage (rules.zener.stats); the
  armour's DEX row then comes off it in full, and so does hand protection ("Hand
  protection will subtract from it"). The armour's NIM penalty is not averaged in again:
  its DEX row is its whole effect on DEX.
- Hand protection has no number in the text: the GM writes the penalty on the sheet,
  0 (none) to 6, the most the armour table takes from DEX (armour 10's -6).
- HP, SHK and the rest are computed from the stats unarmoured: armour changes how a
  character moves and fights, not their health.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RulesError
from rules.zener.combat import armour_modifiers
from rules.zener.stats import in_play

TECH_SHIFT = (-5, 3)
MAX_HAND_PROTECTION = 6
WORN_STATS = ("RES", "NIM", "ACC", "MEL")


def sheet_gear(raw: Mapping[str, Any]) -> dict[str, int]:
    """The sheet's armour technology shift and hand protection, checked."""
    gear = {}
    for key, (low, high), message in (
        ("armour_tech", TECH_SHIFT, "Technology shifts armour by -5 to +3 (low-tech +1 to +3, high-tech -1 to -5)."),
        ("hand_protection", (0, MAX_HAND_PROTECTION), "Hand protection takes 0 to 6 from DEX in use."),
    ):
        value = raw.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{key.replace('_', ' ').capitalize()} is a whole number.")
        if not low <= value <= high:
            raise RulesError(message)
        gear[key] = value
    return gear


def worn(sheet: Mapping, armour: int | None = None) -> dict[str, int]:
    """Every stat as it plays in the armour worn: `in_play` (stat damage), then the armour's
    RES, NIM, ACC and MEL modifiers (its technology shift on NIM, ACC, MEL), and DEX in use less
    the armour's DEX row and the hand protection. `armour`: a type the GM names instead of the
    sheet's (the attack form's), read with the sheet's technology shift."""
    armour = sheet.get("armour", 0) if armour is None else armour
    changes = armour_modifiers(armour, sheet.get("armour_tech", 0))
    values = in_play(sheet)
    for stat in WORN_STATS:
        values[stat] += changes[stat]
    values["DEX in use"] += changes["DEX"] - sheet.get("hand_protection", 0)
    return values
