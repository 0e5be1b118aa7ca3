"""Zener Gate recovery by the day (seed: "Damage & Recovery"), as the GM applies it ("a day passes").

Readings (published on the Zener rules page):
- Trauma: the first day of rest after a wound heals 1/3 of the trauma (round up) + the healing ranks
  of medical care; each further day heals the healing ranks, at least 1 ("1 point per additional day
  of rest, again plus 1 less per day than any healing ranks (minimum 1)": 1 + ranks - 1). The sheet
  counts the days rested since the last trauma ("rest_days"), so new trauma starts the schedule again.
- A day holds the text's 4 hours' sleep and hours of rest: shock and END spent recover in full.
- Stat damage: a day holds one comfortable 8 hours' sleep: "1/2 (round up) of any stat damage to 1/2
  of the stats which have been reduced (round down)", at least one stat, the most damaged first (the
  text lets the player choose; the app picks the worst). The later trauma-paced schedule for stat
  damage is not built: each day's sleep repeats this.
- The dead do not recover. A dying character whose stats are all above 0 again is no longer dying.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil

from rules.errors import RulesError
from rules.zener.death import dying_stats

MAX_DAYS = 28


def days_pass(sheet: Mapping, days: int, *, ranks: int = 0) -> tuple[dict, dict]:
    """(the sheet after `days` of rest, what was healed: trauma, shock, END, {stat: points})."""
    if sheet.get("state") == "dead":
        raise RulesError("The dead do not recover.")
    if not 1 <= days <= MAX_DAYS:
        raise RulesError(f"Rest for 1 to {MAX_DAYS} days.")
    if not 0 <= ranks <= 20:
        raise RulesError("Healing ranks are 0 to 20.")
    before = dict(sheet.get("damage", {}))
    damage = dict(before)
    for _ in range(days):
        damage = _one_day(damage, ranks)
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
    return after, healed


def _one_day(damage: dict, ranks: int) -> dict:
    trauma, rested = damage.get("trauma", 0), damage.get("rest_days", 0)
    heal = ceil(trauma / 3) + ranks if rested == 0 else max(1, ranks)
    return {
        **damage,
        "trauma": max(0, trauma - heal),
        "rest_days": rested + 1 if trauma else 0,
        "shock": 0,
        "end_spent": 0,
        "stats": _sleep(damage.get("stats", {})),
    }


def _sleep(lost: Mapping[str, int]) -> dict[str, int]:
    """8 hours' comfortable sleep: half (round up) of the damage off half the damaged stats (round down, at least 1)."""
    hurt = sorted((name for name, n in lost.items() if n > 0), key=lambda name: -lost[name])
    mended = set(hurt[: max(1, len(hurt) // 2)])
    after = {name: n - ceil(n / 2) if name in mended else n for name, n in lost.items()}
    return {name: n for name, n in after.items() if n > 0}
