"""Zener Gate recovery by the day (seed: "Damage & Recovery"), as the GM applies it ("a day passes").

Readings (published on the Zener rules page):
- Trauma: the first day of rest after a wound heals 1/3 of the trauma (round up) + the healing ranks
  of medical care; each further day heals the healing ranks, at least 1 ("1 point per additional day
  of rest, again plus 1 less per day than any healing ranks (minimum 1)": 1 + ranks - 1). The sheet
  counts the days rested since the last trauma ("rest_days"), so new trauma starts the schedule again.
- A day holds the text's 4 hours' sleep and hours of rest: shock and END spent recover in full.
- Stat damage heals in three parts. (1) Fresh damage, the night's sleep: the GM says how the party
  slept. Comfortable, "1/2 (round up) of any stat damage to 1/2 of the stats which have been reduced
  (round down)"; camping, "1/4 (round up) to 1/4 (round down)"; at least one stat. A stat's damage has
  this sleep once: what is left of it is "the remainder". (2) "Half of the remainder (round up) can be
  healed at the same time as trauma at the rate of 1 point to 1/2 (round down) the affected stats": each
  day of rest from the next on, 1 point off half the stats with such damage (at least one). (3) "The
  remainder also heals at this rate but ... only when the character is completely free of Trauma
  damage": the same, on a day that starts with no trauma. The sheet keeps the two later parts per stat
  ("stat_pace", "stat_late"); damage beyond them is fresh.
- Which stats: "If multiple stats have been reduced, the character selects which stats experience this
  recovery": the player's sheet lists them ahead ("heal_first", in order), for all three parts; stats not
  listed heal the most damaged first.
- "Medical care ... increases one or both of these values, the player decides how this bonus is to be
  distributed": the healing ranks go to the points a day (the sheet's "care": "points", the default) or
  to the number of stats healed, a point each ("stats"); not split between the two.
- Long-term CON damage from radiation recovers on its own track (rules.zener.radiation), a day at a time.
- The dead do not recover. A dying character whose stats are all above 0 again is no longer dying.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil

from rules.errors import RulesError
from rules.zener.death import dying_stats
from rules.zener.radiation import radiation_day, radiation_of
from rules.zener.stats import ROLLED_STATS

MAX_DAYS = 28


SLEEP = {"comfortable": 2, "camping": 4}  # the share of the damage, and of the damaged stats, a night mends
HEALABLE = (*ROLLED_STATS, "END")  # the stats stat damage can lower
CARE = ("points", "stats")  # medical care's ranks: more points a day, or more stats healed
CHOICE = {"heal_first": [], "care": "points"}


def sheet_healing(raw: Mapping) -> dict:
    """The player's choices on the sheet for their stat damage's recovery (seed: "If multiple stats have been
    reduced, the character selects which stats experience this recovery"; medical care, "the player decides
    how this bonus is to be distributed"): "heal_first", stats in order, and "care", points or stats. Only
    what the sheet gives: a sheet without them heals the worst first, care as points."""
    chosen = {}
    if "heal_first" in raw:
        order = raw["heal_first"]
        if not isinstance(order, list) or not all(name in HEALABLE for name in order):
            raise RulesError("Heal first lists stats: " + ", ".join(HEALABLE) + ".")
        if len(set(order)) != len(order):
            raise RulesError("Heal first names each stat once.")
        chosen["heal_first"] = list(order)
    if "care" in raw:
        if raw["care"] not in CARE:
            raise RulesError("Medical care adds to the points a day or to the stats healed.")
        chosen["care"] = raw["care"]
    return chosen


def days_pass(sheet: Mapping, days: int, *, ranks: int = 0, sleep: str = "comfortable") -> tuple[dict, dict]:
    """(the sheet after `days` of rest, what was healed: trauma, shock, END, {stat: points}, radiation's CON,
    and {stat: points} of the radiation loss moved to other stats)."""
    if sheet.get("state") == "dead":
        raise RulesError("The dead do not recover.")
    if not 1 <= days <= MAX_DAYS:
        raise RulesError(f"Rest for 1 to {MAX_DAYS} days.")
    if not 0 <= ranks <= 20:
        raise RulesError("Healing ranks are 0 to 20.")
    if sleep not in SLEEP:
        raise RulesError("The nights are comfortable sleep or camping.")
    before = dict(sheet.get("damage", {}))
    damage = dict(before)
    radiation, regained = radiation_of(sheet), 0
    choice = {**CHOICE, **sheet_healing(sheet)}
    for _ in range(days):
        damage = _one_day(damage, ranks, SLEEP[sleep], choice)
        radiation, healed_today = radiation_day(radiation)
        regained += healed_today
    if "radiation" in before:
        damage["radiation"] = radiation
    after = {**sheet, "damage": damage}
    if after.get("state") in ("dying", "unconscious") and not dying_stats(after):
        after.pop("dying", None)
        after.pop("out_for", None)
        after["state"] = "conscious"
    lost_before, lost_after = before.get("stats", {}), damage["stats"]
    healed = {key: before.get(key, 0) - damage[key] for key in ("trauma", "shock", "end_spent")}
    healed["stats"] = {
        name: n - lost_after.get(name, 0) for name, n in lost_before.items() if n != lost_after.get(name, 0)
    }
    # Radiation's long-term loss healed: CON's, and what the GM had moved to other stats (rules.zener.radiation).
    start, moved = radiation_of(sheet), radiation.get("moved", {})
    healed["radiation_moved"] = {
        name: n - moved.get(name, 0) for name, n in start.get("moved", {}).items() if n != moved.get(name, 0)
    }
    healed["radiation"] = regained - sum(healed["radiation_moved"].values())
    return after, healed


def _one_day(damage: dict, ranks: int, share: int, choice: Mapping) -> dict:
    trauma, rested = damage.get("trauma", 0), damage.get("rest_days", 0)
    heal = ceil(trauma / 3) + ranks if rested == 0 else max(1, ranks)
    lost = dict(damage.get("stats", {}))
    late = {name: min(n, lost.get(name, 0)) for name, n in damage.get("stat_late", {}).items()}
    pace = {name: min(n, lost.get(name, 0) - late.get(name, 0)) for name, n in damage.get("stat_pace", {}).items()}
    # "Medical care ... increases one or both of these values, the player decides": the sheet's care says which.
    points, more = (1, ranks) if choice["care"] == "stats" else (1 + ranks, 0)
    order = choice["heal_first"]
    _mend(lost, pace, points, order, more)  # "at the same time as trauma"
    if not trauma:
        _mend(lost, late, points, order, more)  # "only when the character is completely free of Trauma damage"
    _sleep(lost, pace, late, share, order)
    return {
        **damage,
        "trauma": max(0, trauma - heal),
        "rest_days": rested + 1 if trauma else 0,
        "shock": 0,
        "end_spent": 0,
        "stats": {name: n for name, n in lost.items() if n > 0},
        "stat_pace": {name: n for name, n in pace.items() if n > 0},
        "stat_late": {name: n for name, n in late.items() if n > 0},
    }


def _worst_share(part: Mapping[str, int], share: int, order: Sequence[str], more: int = 0) -> list[str]:
    """The stats with damage in `part`, those the player listed first (in their order), then the most damaged,
    1/`share` of them (round down), at least one, + `more` (medical care taken as more stats)."""
    first = {name: place for place, name in enumerate(order)}
    hurt = sorted(
        (name for name, n in part.items() if n > 0), key=lambda name: (first.get(name, len(first)), -part[name])
    )
    return hurt[: max(1, len(hurt) // share) + more]


def _mend(lost: dict[str, int], part: dict[str, int], points: int, order: Sequence[str], more: int) -> None:
    """A day's trauma-paced healing of one part of the stat damage: `points` off half its stats (+ `more`)."""
    for name in _worst_share(part, 2, order, more):
        mended = min(points, part[name])
        part[name] -= mended
        lost[name] -= mended


def _sleep(lost: dict[str, int], pace: dict[str, int], late: dict[str, int], share: int, order: Sequence[str]) -> None:
    """The night's sleep on fresh damage: 1/`share` (round up) of it off 1/`share` of the stats (round down,
    at least 1); half what is left of each stat's fresh damage (round up) then heals at the trauma pace, the rest
    once the trauma is gone."""
    fresh = {name: n - pace.get(name, 0) - late.get(name, 0) for name, n in lost.items()}
    for name in _worst_share(fresh, share, order):
        mended = ceil(fresh[name] / share)
        fresh[name] -= mended
        lost[name] -= mended
    for name, n in fresh.items():
        if n > 0:
            pace[name] = pace.get(name, 0) + ceil(n / 2)
            late[name] = late.get(name, 0) + n // 2
