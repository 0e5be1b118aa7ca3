"""Zener Gate's Campaign MacGuffins and delaying the next Zener Transition (seed: "Campaign
MacGuffins", "Other Uses For Karma").

"Each point of Karma expended for the purpose by any PC adds to the total invested in 'Campaign
MacGuffins' ... When the GM feels that the characters have accumulated enough of them, an
improvement will be made in one restriction ... the rough scale is intended to be 4 points for a
minor improvement, 10 points for a new capability, 20 points for the complete removal of a
limitation." And: "Karma can be expended to delay the next Zener Transition ... The cost in Karma
is the Time Shift shown on the modifiers table. This will only be possible after three specific
campaign upgrades are purchased".

Readings (published on the Zener rules page):
- An improvement is paid from the invested total: its points leave the unspent total.
- The Time Shift is the index of the Aiming/Extra time table for how much longer the PCs have
  before the transition: twice the time (x2) costs 2 Karma, five times 3, ten times 4; x1 or
  less delays nothing.
"""

from __future__ import annotations

from rules.errors import RulesError
from rules.zener.tables import TIME_MULTIPLIERS

UPGRADES = {
    "meitner": "Enlarged Meitner Fields",
    "comms": "Limited Comms to Zener Command",
    "detection": "Zener Transition Threshold Detection",
}
SCALE = {
    "minor": ("A minor improvement", 4),
    "capability": ("A new capability", 10),
    "removal": ("The complete removal of a limitation", 20),
}
MAX_IMPROVEMENT = 100


def improvement_cost(scale: str, points: int | None = None) -> int:
    """The points an improvement takes from the invested total: the GM's figure, else the scale's."""
    if scale not in SCALE:
        raise RulesError("An improvement is minor, a new capability, or the removal of a limitation.")
    if points is None:
        return SCALE[scale][1]
    if not 1 <= points <= MAX_IMPROVEMENT:
        raise RulesError(f"An improvement takes 1 to {MAX_IMPROVEMENT} points.")
    return points


def delay_cost(shift: int, bought: set[str] | frozenset[str]) -> int:
    """Karma to delay the next Zener Transition by the time table's `shift` (x1.5 is 1, x2 is 2 ...),
    once the three campaign upgrades are bought."""
    missing = [name for key, name in UPGRADES.items() if key not in bought]
    if missing:
        raise RulesError(
            "Delaying the next Zener Transition needs three campaign upgrades first; still to buy: "
            + ", ".join(missing)
            + "."
        )
    if shift not in TIME_MULTIPLIERS or shift < 1:
        raise RulesError("A delay makes the time before the transition longer than it is: x1.5 (1) to x10,000 (13).")
    return shift
