"""What combines into an explorer's code for an action (seed: "Risk Roll Modifiers",
"Leverage Die Codes"): notable Gear with a die code, assisting explorers' attributes,
Leverage, and a special rule's bonus pips.

All the codes combine at once, as the seed's armour example does (3d jacket, 2d shirt and
2d Strength = 3d + 4 pips = 4d+1): combining them one after the other would give less.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.cgg.codes import DieCode, combine, parse_code
from rules.errors import RulesError

MAX_BONUS_PIPS = 30  # the seed's pips table ends at 30 pips = 10d
MAX_ASSISTS = 10
# A gear line that ends with a die code carries it: "Armour jacket 3d", "Shield 2d+1".
_GEAR_CODE = re.compile(r"(?P<name>.*\S)\s+(?P<code>\d+\s*d(?:\s*\+\s*\d+)?)", re.IGNORECASE)


def gear_code(line: str) -> DieCode | None:
    """The die code a line of notable Gear carries, or None (reading, published on /rules/#cgg:
    a gear line ending in a die code, "Armour jacket 3d", is gear with that code). A line that
    ends like a code but is not one ("Armour 3d+3") is refused with the code's message."""
    found = gear_item(line)
    return None if found is None else found.code


def gear_item(line: str) -> Assist | None:
    """A gear line with a code as an assist ("Armour jacket" 3d), or None."""
    match = _GEAR_CODE.fullmatch(line.strip())
    if match is None:
        return None
    try:
        return Assist(match["name"], parse_code(match["code"]))
    except RulesError as error:
        raise RulesError(f"Gear {match['name']}: {error}") from None


@dataclass(frozen=True, slots=True)
class Assist:
    """One code that combines into the action's: "Armour jacket" 3d, "Kade's Strength" 2d+1."""

    label: str
    code: DieCode

    def __post_init__(self) -> None:
        if not self.label.strip():
            raise RulesError("Say what assists the action.")


@dataclass(frozen=True, slots=True)
class BuiltCode:
    """The explorer's code for an action: `base` (the attribute, after tension mode), its assists
    and bonus pips; `code` is what they make together."""

    base: DieCode
    assists: tuple[Assist, ...] = ()
    bonus_pips: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.bonus_pips <= MAX_BONUS_PIPS:
            raise RulesError(f"Bonus pips are 0 to {MAX_BONUS_PIPS}.")
        if len(self.assists) > MAX_ASSISTS:
            raise RulesError(f"At most {MAX_ASSISTS} codes assist one action.")
        self.code  # noqa: B018 -- refuses a code past the biggest, with its message

    @property
    def combined(self) -> DieCode:
        """The highest code plus the others' dice as pips, before the bonus pips."""
        return combine(self.base, *(assist.code for assist in self.assists))

    @property
    def code(self) -> DieCode:
        return combine(self.base, *(assist.code for assist in self.assists), bonus_pips=self.bonus_pips)
