"""Zener Gate shock recovered out of combat (seed: "Damage & Recovery", SHOCK): "A character recovers
1/3 of accumulated shock damage at the end of combat or by skipping an action during combat, recovers
another 1/3 from 40-CON minutes rest post-combat, and recovers the remainder after at least 4 hrs sleep."

Readings (published on the Zener rules page):
- Each third is 1/3 of the shock the character has then, rounded up, as the missed action's is (the
  seed's example: 8 shock, "1/3 ... rounding up, i.e. 3 points"; rules.zener.combat.shock_recovered).
  The sheet keeps the shock left, not what was taken over the fight, so "another 1/3" is of what is left.
- The rest is 40 - CON minutes, CON in play, at least 0; a rest or a sleep that long recovers its third
  (sleep is rest too), once per rest: time passes in 30-minute steps, so a rest of 30 minutes is enough
  for CON 10 or more. 4 hours' sleep recover all the shock left.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.zener.combat import shock_recovered
from rules.zener.stats import in_play

REST_LESS_CON, SLEEP_MINUTES = 40, 4 * 60


def shock_of(sheet: Mapping) -> int:
    """The shock on the sheet now."""
    return sheet.get("damage", {}).get("shock", 0)


def rest_for_shock(sheet: Mapping) -> int:
    """The minutes of rest that recover a third of the shock: 40 - CON in play, at least 0."""
    return max(0, REST_LESS_CON - in_play(sheet)["CON"])


def shock_rested(sheet: Mapping, activity: str, minutes: int) -> int:
    """The shock `minutes` of rest or sleep recover: all of it after 4 hours' sleep, else a third
    (rounded up) once the rest has lasted 40 - CON minutes; nothing for any other activity."""
    shock = shock_of(sheet)
    if activity == "sleep" and minutes >= SLEEP_MINUTES:
        return shock
    if activity in ("rest", "sleep") and minutes >= rest_for_shock(sheet):
        return shock_recovered(shock)
    return 0


def fight_over(sheet: Mapping) -> tuple[dict, int]:
    """(the sheet once the fight is over, the shock recovered): "1/3 of accumulated shock damage at the
    end of combat", rounded up."""
    recovered = shock_recovered(shock_of(sheet))
    if not recovered:
        return dict(sheet), 0
    return {**sheet, "damage": {**sheet["damage"], "shock": shock_of(sheet) - recovered}}, recovered
