"""Zener Gate recovery by the day (seed: "Damage & Recovery"), as the GM applies it ("a day passes").

Readings (published on the Zener rules page):
- Trauma: the first day of rest after a wound heals 1/3 of the trauma (round up) + the healing ranks
  of medical care; each further day heals the healing ranks, at least 1 ("1 point per additional day
  of rest, again plus 1 less per day than any healing ranks (minimum 1)": 1 + ranks - 1). The sheet
  counts the days rested since the last trauma ("rest_days"), so new trauma starts the schedule again.
- A day holds the text's 4 hours' sleep and hours of rest: shock and END spent recover in full.
- Stat damage heals in three parts. (1) Fresh damage, the night's sleep: the GM says how the party
  slept. Comfortable, "1/2 (round up) of any stat damage to 1/2 of the stats which have been reduced
  (round down)"; camping, "1/4 (round up) to 1/4 (round down)"; at least one stat, the most damaged
  first (the text lets the player choose; the app picks the worst). A stat's damage has this sleep
  once: what is left of it is "the remainder". (2) "Half of the remainder (round up) can be healed at
  the same time as trauma at the rate of 1 point to 1/2 (round down) the affected stats": each day of
  rest from the next on, 1 point (+ the healing ranks: "Medical care ... increases one or both of
  these values"; the app adds them to the points) off half the stats with such damage (at least one,
  the most first). (3) "The remainder also heals at this rate but ... only when the character is
  completely free of Trauma damage": the same, on a day that starts with no trauma. The sheet keeps
  the two later parts per stat ("stat_pace", "stat_late"); damage beyond them is fresh.
- Long-term CON damage from radiation recovers on its own track (rules.zener.radiation), a day at a time.
- The dead do not recover. A dying character whose stats are all above 0 again is no longer dying.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil

from rules.errors import RulesError
from rules.zener.death import dying_stats
from rules.zener.radiation import radiation_day, radiation_of

MAX_DAYS = 28


SLEEP = {"comfortable": 2, "camping": 4}  # the share of the damage, and of the damaged stats, a night mends


def days_pass(sheet: Mapping, days: int, *, ranks: int = 0, sleep: str = "comfortable") -> tuple[dict, dict]:
    """(the sheet after `days` of rest, what was healed: trauma, shock, END, {stat: points}, radiation's CON)."""
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
    for _ in range(days):
        damage = _one_day(damage, ranks, SLEEP[sleep])
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
    healed["radiation"] = regained
    return after, healed


def _one_day(damage: dict, ranks: int, share: int) -> dict:
    trauma, rested = damage.get("trauma", 0), damage.get("rest_days", 0)
    heal = ceil(trauma / 3) + ranks if rested == 0 else max(1, ranks)
    lost = dict(damage.get("stats", {}))
    late = {name: min(n, lost.get(name, 0)) for name, n in damage.get("stat_late", {}).items()}
    pace = {name: min(n, lost.get(name, 0) - late.get(name, 0)) for name, n in damage.get("stat_pace", {}).items()}
    _mend(lost, pace, 1 + ranks)  # "at the same time as trauma"
    if not trauma:
        _mend(lost, late, 1 + ranks)  # "only when the character is completely free of Trauma damage"
    _sleep(lost, pace, late, share)
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


def _worst_share(part: Mapping[str, int], share: int) -> list[str]:
    """The stats with damage in `part`, the most first, 1/`share` of them (round down), at least one."""
    hurt = sorted((name for name, n in part.items() if n > 0), key=lambda name: -part[name])
    return hurt[: max(1, len(hurt) // share)]


def _mend(lost: dict[str, int], part: dict[str, int], points: int) -> None:
    """A day's trauma-paced healing of one part of the stat damage: `points` off half its stats."""
    for name in _worst_share(part, 2):
        mended = min(points, part[name])
        part[name] -= mended
        lost[name] -= mended


def _sleep(lost: dict[str, int], pace: dict[str, int], late: dict[str, int], share: int) -> None:
    """The night's sleep on fresh damage: 1/`share` (round up) of it off 1/`share` of the stats (round down,
    at least 1); half what is left of each stat's fresh damage (round up) then heals at the trauma pace, the rest
    once the trauma is gone."""
    fresh = {name: n - pace.get(name, 0) - late.get(name, 0) for name, n in lost.items()}
    for name in _worst_share(fresh, share):
        mended = ceil(fresh[name] / share)
        fresh[name] -= mended
        lost[name] -= mended
    for name, n in fresh.items():
        if n > 0:
            pace[name] = pace.get(name, 0) + ceil(n / 2)
            late[name] = late.get(name, 0) + n // 2
