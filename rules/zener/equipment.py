"""Zener Gate equipment bought with skill points, and loads (seed: "Equipment", "Weapons", "Armor",
"Loads"). Three kinds of equipment cost skill points: weapons, armour and Campaign MacGuffins
(rules.zener.macguffins); the rest comes with a skill.

Readings (published on the Zener rules page):
- Base damage is priced in d6 as the seed's ladder: 1/3 d6 is 1d2, 1/2 d6 is 1d3 (as full auto's
  "2 1/2 d6" is 2d6+1d3), then Nd6 costs N + 2; a weapon's "+N" is its additional damage.
- "The above costs are added together and compared to the universal index table": the sum is the
  weapon's base range, read as an index on the Distance/Range table (a 2d6 pistol, 5 points: 3.2 m).
  An effective range n steps shorter takes n // 2 points off; the cost never falls below 1.
- A melee weapon has no range; reach is bought one point per step of the Distance/Range table from
  index 0 (1 m), as a ranged weapon gets one step per point.
- Armour: "The result divided by three" rounds up, as the halving does. The hardness is the sheet's
  armour type (0-10); the GM's NIM penalty defaults to the armour table's for that type; armour
  without a recorded coverage is whole-body (4).
- Equipment found in the adventure costs nothing; a consumed item keeps 1 point spent (0 if it was
  free) and refunds the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.dice import parse
from rules.errors import RulesError
from rules.zener.tables import TABLES

FIRE_POINTS = {"single": 1, "burst": 2, "full_auto": 3}
# 1/3 d6 and 1/2 d6 as dice: 1d2 and 1d3 (full auto's "extra 2 1/2 d6" is 2d6 + 1d3).
FRACTION_POINTS = {2: 1, 3: 2}
MAX_REACH = 20
LOADS = {"balanced": 1 / 2, "unbalanced": 1, "distributed": 1 / 3}
MAX_COVERAGE = 4


def _half_up(points: int, skill: bool) -> int:
    """ "This cost is halved (round up) if the character takes an appropriate skill"."""
    return math.ceil(points / 2) if skill else points


@dataclass(frozen=True, slots=True)
class WeaponDesign:
    damage: str  # dice notation: 1d2, 1d3 or Nd6, with any +N
    fire: str = "single"
    melee: bool = False
    reach: int = 0  # a melee weapon's reach, in Distance/Range steps from 1 m
    restricted: int = 0  # steps the GM shortens the base range to an effective range
    skill: bool = False
    found: bool = False

    def __post_init__(self) -> None:
        if self.fire not in FIRE_POINTS:
            raise RulesError("Fire a single shot, a short burst or full auto.")
        if self.reach and not self.melee:
            raise RulesError("Reach is bought only for a melee weapon; a ranged weapon has its range.")
        if not 0 <= self.reach <= MAX_REACH:
            raise RulesError(f"Reach is 0 to {MAX_REACH} steps.")
        if self.restricted < 0 or (self.melee and self.restricted):
            raise RulesError("An effective range is a whole number of steps shorter than a ranged weapon's base range.")


@dataclass(frozen=True, slots=True)
class WeaponCost:
    base: int
    fire: int
    additional: int
    points: int  # base + fire + additional: the base range's index
    range_index: int | None  # None: a melee weapon without reach
    cost: int  # in skill points, after the effective range, the skill and a find


def _base_points(damage: str) -> tuple[int, int]:
    notation = parse(damage)
    terms = notation.dice
    if len(terms) != 1 or terms[0].sign != 1 or notation.modifier < 0:
        raise RulesError(f"Weapon damage is priced in d6: one kind of die and any +N, e.g. 2d6+1; not {damage}.")
    term = terms[0]
    if term.sides == 6:
        return term.count + 2, notation.modifier
    if term.count == 1 and term.sides in FRACTION_POINTS:
        return FRACTION_POINTS[term.sides], notation.modifier
    raise RulesError(f"Weapon damage is priced in d6 (1d2 = 1/3 d6, 1d3 = 1/2 d6, then 1d6, 2d6 ...); not {damage}.")


def weapon_cost(design: WeaponDesign) -> WeaponCost:
    """A weapon's cost in skill points (seed: "Weapons"): base damage + rate of fire + additional
    damage, which is also its base range's index; 1 point off per 2 steps of effective range, reach
    bought for a melee weapon, halved (round up) with a skill, nothing if found."""
    base, additional = _base_points(design.damage)
    fire = FIRE_POINTS[design.fire]
    points = base + fire + additional
    if design.melee:
        range_index = design.reach or None
        full = points + design.reach
    else:
        range_index = points - design.restricted
        TABLES["distance"].value(range_index)  # the table's own message when it runs off
        full = max(1, points - design.restricted // 2)
    cost = 0 if design.found else _half_up(full, design.skill)
    return WeaponCost(base, fire, additional, points, range_index, cost)


@dataclass(frozen=True, slots=True)
class ArmourDesign:
    hardness: int  # the armour type, 1-10
    coverage: int = MAX_COVERAGE  # quarters of the body
    nim_penalty: int = 0  # the GM's, as a positive number
    skill: bool = False
    found: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.hardness <= 10:
            raise RulesError("Armour hardness is 1 to 10 (0: none).")
        if not 1 <= self.coverage <= MAX_COVERAGE:
            raise RulesError("Coverage is 1 to 4: a quarter, half, three quarters or the whole body.")
        if not 0 <= self.nim_penalty <= 10:
            raise RulesError("The NIM penalty is 0 to 10.")


def armour_cost(design: ArmourDesign) -> int:
    """Armour's cost in skill points (seed: "Armor"): (hardness x coverage + NIM penalty) / 3, rounded
    up; halved (round up) with a skill; nothing if found."""
    if design.found:
        return 0
    return _half_up(math.ceil((design.hardness * design.coverage + design.nim_penalty) / 3), design.skill)


def kept_when_consumed(cost: int) -> int:
    """Seed: "If the equipment is completely consumed or used up in the course of an adventure, the PC
    is refunded all but 1 point of the actual cost": the points that stay spent."""
    return min(1, cost)


def load_weight(kg: float, kind: str, carriers: int = 1) -> float:
    """The weight a load counts for each carrier (seed: "Loads"): a balanced load 1/2, an unbalanced
    one in full, a distributed one 1/3; a shared load divided by the participants."""
    if kind not in LOADS:
        raise RulesError("A load is balanced, unbalanced or distributed.")
    if carriers < 1:
        raise RulesError("A load is carried by at least one.")
    if not math.isfinite(kg):
        raise RulesError("Give the load's weight in kg.")
    if kg <= 0:
        raise RulesError(f"A load weighs more than 0 kg; {kg:g} kg is not a load.")
    return kg * LOADS[kind] / carriers


def load_index(kg: float, kind: str, carriers: int = 1) -> int:
    """The load's index on the Weight/Load table (index 10 = 30 kg)."""
    return TABLES["weight"].index(load_weight(kg, kind, carriers))
