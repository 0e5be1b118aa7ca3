"""The universal index tables (seed: "Table Summary", "Tables"), as look-ups both
ways: value -> index and index -> value.

Interpretations (published on /rules/#zener):
- Weight, distance, target size and scaling follow the seed's progressions
  (weight x2 per +7 from 30 kg at 10; distance x10 per +10 from 1 m at 0; target
  size 1 m² at 0 to 1000 m² at 10, i.e. x10^0.3 per step; scaling x10 per step); the
  example values printed beside them are rounded, so a value maps to the nearest index.
- Aiming/extra time, delicacy and assistants are read from the seed's own rows.
- A value off a table's printed range is refused, not extrapolated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.errors import RulesError


@dataclass(frozen=True, slots=True)
class IndexTable:
    key: str
    name: str
    unit: str
    low: int
    high: int

    def value(self, index: int) -> float:
        if not self.low <= index <= self.high:
            raise RulesError(f"{self.name}: index {index} is off the table ({self.low} to {self.high}).")
        return _VALUE[self.key](index)

    def index(self, value: float) -> int:
        if not math.isfinite(value):  # inf would overflow round() below
            raise RulesError(f"{self.name}: give a number, not {value}.")
        if value <= 0:
            raise RulesError(f"{self.name}: give a positive value.")
        found = _INDEX[self.key](value)
        if not self.low <= found <= self.high:
            raise RulesError(f"{self.name}: {value:g} {self.unit} is off the table.")
        return found


TIME_MULTIPLIERS = {-5: 0.1, -4: 0.2, -3: 0.4, -2: 0.6, -1: 0.75, 0: 1, 1: 1.5, 2: 2, 3: 5, 4: 10, 5: 20, 6: 50,
                    7: 100, 8: 200, 9: 500, 10: 1000, 11: 2000, 12: 5000, 13: 10000}  # fmt: skip
DELICACY_METRES = {-2: 1, -1: 0.05, 0: 0.01, 1: 0.005, 2: 0.001, 3: 1e-4, 4: 5e-5, 5: 1e-5, 6: 5e-6, 7: 1e-6,
                   8: 5e-7, 9: 1e-7, 10: 5e-8}  # fmt: skip
# Assistants one skill level below the lead, as the seed's first column: index -> (fewest, most).
ASSISTANTS = {0: (0, 0), 1: (1, 1), 2: (2, 3), 3: (4, 7), 4: (8, 12), 5: (13, 18), 6: (19, 25), 7: (26, 33),
              8: (34, 42), 9: (43, 52), 10: (53, 63), 11: (64, 75), 12: (76, 88), 13: (89, 102),
              14: (103, 117)}  # fmt: skip


def _nearest(table: dict[int, float], value: float, log: bool = True) -> int:
    key = (lambda v: math.log(v)) if log else (lambda v: v)
    return min(table, key=lambda index: abs(key(table[index]) - key(value)))


_VALUE = {
    "weight": lambda i: 30 * 2 ** ((i - 10) / 7),
    "distance": lambda i: 10 ** (i / 10),
    "size": lambda i: 10 ** (0.3 * i),
    "scaling": lambda i: 10**i,
    "time": lambda i: TIME_MULTIPLIERS[i],
    "delicacy": lambda i: DELICACY_METRES[i],
}
_INDEX = {
    "weight": lambda v: round(10 + 7 * math.log2(v / 30)),
    "distance": lambda v: round(10 * math.log10(v)),
    "size": lambda v: round(math.log10(v) / 0.3),
    "scaling": lambda v: round(math.log10(v)),
    "time": lambda v: _nearest(TIME_MULTIPLIERS, v),
    "delicacy": lambda v: _nearest(DELICACY_METRES, v),
}

TABLES = {
    table.key: table
    for table in (
        IndexTable("weight", "Weight/Load", "kg", -24, 40),
        IndexTable("distance", "Distance/Range", "m", -8, 60),
        IndexTable("size", "Target size (at 2 m)", "m²", -8, 11),
        IndexTable("time", "Aiming/Extra time", "x normal time", -5, 13),
        IndexTable("delicacy", "Delicacy", "m", -2, 10),
        IndexTable("scaling", "Scaling", "x", 0, 10),
    )
}


def assistants_index(count: int, levels_below: int = 1) -> int:
    """The bonus for `count` assistants `levels_below` skill levels under the lead
    (1 = one level below; each level further drops one step)."""
    if count < 0 or levels_below < 1:
        raise RulesError("Count assistants from 0, at least one skill level below the lead.")
    for index, (fewest, most) in ASSISTANTS.items():
        if fewest <= count <= most:
            return max(0, index - (levels_below - 1))
    raise RulesError("That many assistants is off the table (at most 117).")
