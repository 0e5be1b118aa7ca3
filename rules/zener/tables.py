"""The universal index tables (seed: "Table Summary", "Tables"), as look-ups both
ways: value -> index and index -> value.

Interpretations (published on /rules/#zener):
- Weight, distance, target size and scaling follow the seed's progressions
  (weight x2 per +7 from 30 kg at 10; distance x10 per +10 from 1 m at 0; target
  size 1 m² at 0 to 1000 m² at 10, i.e. x10^0.3 per step; scaling x10 per step); the
  example values printed beside them are rounded, so a value maps to the nearest index.
- Target size runs to the seed's 25: the progression to 13 (its rows 12 and 13 name
  things, the Pentagon and a small skyscraper, not areas), then the seed's own rows, where
  it prints areas: 12,000 m² at 14 to 250 km² at 25 (about x2 a step, as "index +1 =
  Approx x2", but x1.5 from 13 to 14 and x20 from 16 to 17; the printed rows win). Rules
  page, #zener-index-tables.
- Aiming/extra time, delicacy and assistants are read from the seed's own rows: time from
  its "< x 0.1" row (-6, any time under x0.1) to x10,000 (+13); delicacy from 1 m (-2) to
  100 attometres (25). The delicacy rows 14-18 are printed in "Angstroms" that the table
  itself counts 100 to the nanometre ("13 1 nm = 100 Angstroms"), i.e. 10 pm each, which
  keeps the seed's "/2, /10" steps from 1 nm (13) to 1 pm (19) and its examples true (water
  28, hydrogen 3.1 of them: 0.28 nm and 31 pm); read in true angstroms (100 pm) the rows
  would run back up past 13's 1 nm.
- A value off a table's printed range is refused, not extrapolated (the nearest-row tables,
  time and delicacy, read a value past an end at that end).
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
        """The row's value; the time chart's floor row ("< x 0.1") has none, only a bound (`row`)."""
        prefix, value = self.row(index)
        if prefix:
            raise RulesError(f"{self.name}: index {index} is any time under x{value:g}, not one value.")
        return value

    def row(self, index: int) -> tuple[str, float]:
        """("", the row's value), or ("<", the bound) for the time chart's "< x 0.1" row."""
        if not self.low <= index <= self.high:
            raise RulesError(f"{self.name}: index {index} is off the table ({self.low} to {self.high}).")
        if self.key == "time" and index == TIME_UNDER:
            return "<", TIME_MULTIPLIERS[TIME_UNDER + 1]
        return "", _VALUE[self.key](index)

    def index(self, value: float) -> int:
        if not math.isfinite(value):  # inf would overflow round() below
            raise RulesError(f"{self.name}: give a number, not {value}.")
        if value <= 0:
            raise RulesError(f"{self.name}: give a positive value.")
        found = _INDEX[self.key](value)
        if not self.low <= found <= self.high:
            raise RulesError(f"{self.name}: {value:g} {self.unit} is off the table.")
        return found


TIME_UNDER = -6  # the time chart's "< x 0.1" row: any time under its -5 row's x0.1
TIME_MULTIPLIERS = {
    -5: 0.1,
    -4: 0.2,
    -3: 0.4,
    -2: 0.6,
    -1: 0.75,
    0: 1,
    1: 1.5,
    2: 2,
    3: 5,
    4: 10,
    5: 20,
    6: 50,
    7: 100,
    8: 200,
    9: 500,
    10: 1000,
    11: 2000,
    12: 5000,
    13: 10000,
}
DELICACY_METRES = {
    -2: 1,
    -1: 0.05,
    0: 0.01,
    1: 0.005,
    2: 0.001,
    3: 1e-4,
    4: 5e-5,
    5: 1e-5,
    6: 5e-6,
    7: 1e-6,
    8: 5e-7,
    9: 1e-7,
    10: 5e-8,
    11: 1e-8,
    12: 5e-9,
    13: 1e-9,
    14: 5e-10,
    15: 1e-10,
    16: 5e-11,
    17: 1e-11,
    18: 5e-12,
    19: 1e-12,
    20: 5e-14,
    21: 1e-14,
    22: 5e-15,
    23: 1e-15,
    24: 5e-16,
    25: 1e-16,
}
# Target size past the progression: the seed's own rows, 12,000 m² (14) to 250 km² (25), in m².
SIZE_ROWS = {
    14: 12e3,
    15: 25e3,
    16: 50e3,
    17: 1e6,
    18: 2e6,
    19: 4e6,
    20: 8e6,
    21: 15e6,
    22: 30e6,
    23: 60e6,
    24: 120e6,
    25: 250e6,
}
SIZE_M2 = {index: 10 ** (0.3 * index) for index in range(-8, 14)} | SIZE_ROWS
# Assistants one skill level below the lead, as the seed's first column: index -> (fewest, most).
ASSISTANTS = {
    0: (0, 0),
    1: (1, 1),
    2: (2, 3),
    3: (4, 7),
    4: (8, 12),
    5: (13, 18),
    6: (19, 25),
    7: (26, 33),
    8: (34, 42),
    9: (43, 52),
    10: (53, 63),
    11: (64, 75),
    12: (76, 88),
    13: (89, 102),
    14: (103, 117),
    15: (118, 133),
    16: (134, 150),
    17: (151, 168),
}
# The printed table's rows (0 to 14) and columns (1 to 4 levels below; "and so on" goes further): rows 15 to 17
# of the first column are read off the lower columns, where 118-133 @ skill -4 is row 12.
PRINTED_ROWS = 14
ASSISTANT_LEVELS = 4
MAX_ASSISTANTS = ASSISTANTS[PRINTED_ROWS + ASSISTANT_LEVELS - 1][1]


def _nearest(table: dict[int, float], value: float, log: bool = True) -> int:
    key = (lambda v: math.log(v)) if log else (lambda v: v)
    return min(table, key=lambda index: abs(key(table[index]) - key(value)))


def _nearest_within(table: dict[int, float], value: float) -> int:
    """The nearest row, or the index just past an end when the value is more than half an end step
    beyond it (on a log scale), so that `IndexTable.index` refuses it as off the table."""
    low, high = min(table), max(table)
    if math.log(value) > math.log(table[high]) + (math.log(table[high]) - math.log(table[high - 1])) / 2:
        return high + 1
    if math.log(value) < math.log(table[low]) - (math.log(table[low + 1]) - math.log(table[low])) / 2:
        return low - 1
    return _nearest(table, value)


def _time_index(value: float) -> int:
    """The chart's row for a multiple of the normal time: under x0.1 is its "< x 0.1" row."""
    return TIME_UNDER if value < TIME_MULTIPLIERS[TIME_UNDER + 1] else _nearest(TIME_MULTIPLIERS, value)


_VALUE = {
    "weight": lambda i: 30 * 2 ** ((i - 10) / 7),
    "distance": lambda i: 10 ** (i / 10),
    "size": lambda i: SIZE_M2[i],
    "scaling": lambda i: 10**i,
    "time": lambda i: TIME_MULTIPLIERS[i],
    "delicacy": lambda i: DELICACY_METRES[i],
}
_INDEX = {
    "weight": lambda v: round(10 + 7 * math.log2(v / 30)),
    "distance": lambda v: round(10 * math.log10(v)),
    "size": lambda v: _nearest_within(SIZE_M2, v),
    "scaling": lambda v: round(math.log10(v)),
    "time": _time_index,
    "delicacy": lambda v: _nearest(DELICACY_METRES, v),
}

TABLES = {
    table.key: table
    for table in (
        IndexTable("weight", "Weight/Load", "kg", -24, 40),
        IndexTable("distance", "Distance/Range", "m", -8, 60),
        IndexTable("size", "Target size (at 2 m)", "m²", -8, 25),
        IndexTable("time", "Aiming/Extra time", "x normal time", TIME_UNDER, 13),
        IndexTable("delicacy", "Delicacy", "m", -2, 25),
        IndexTable("scaling", "Scaling", "x", 0, 10),
    )
}


def assistants_index(count: int, levels_below: int = 1) -> int:
    """The bonus for `count` assistants `levels_below` skill levels under the lead (seed, "Assistants": "For
    assistants of skill level 2 less, drop one level on the table, and so on"): 4 at skill -1 give +3, 4 at
    skill -3 give +1 (rules page, #zener-assistants)."""
    if count < 0 or levels_below < 1:
        raise RulesError("Count assistants from 0, at least one skill level below the lead.")
    for index, (fewest, most) in ASSISTANTS.items():
        if fewest <= count <= most:
            found = index - (levels_below - 1)
            if found > PRINTED_ROWS:
                most = ASSISTANTS[PRINTED_ROWS + levels_below - 1][1]
                raise RulesError(
                    f"{count} assistants at skill −{levels_below} are off the table: at skill "
                    f"−{levels_below} it counts up to {most}."
                )
            return max(0, found)
    raise RulesError(f"That many assistants is off the table (at most {MAX_ASSISTANTS}, at skill −4).")
