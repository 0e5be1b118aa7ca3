"""Zener Gate Endurance out of combat (seed: "Endurance", "Damage & Recovery", END).

"Ordinary activities cost 1 END per half hour. Strenuous non-combat activities (exercise, manual
labor, forced march, etc) costs 4 END per hour." "d6 END can be recovered by skipping 2 successive
rounds in combat or resting for 30 minutes in non-combat. The balance of any loss is recovered at
the rate of 1 point for every hour of rest, or 30 minutes of sleep."

Readings (published on the Zener rules page):
- Time passes in steps of 30 minutes, 30 minutes to 24 hours; strenuous activity costs 2 END a
  half hour.
- END left is END in play (CON less damage to END) less the END spent. An activity costs END the
  way an attack does, paid before it proceeds ("has to be paid before the attack proceeds"): an
  activity the character cannot pay is refused, and the GM lets them rest first. The text gives
  END at 0 no other effect; it is tiredness, not dying (rules.zener.death).
- A rest or a sleep: its first 30 minutes recover d6 (as two skipped rounds do); the balance comes
  back at 1 point for each further whole hour of rest, or each further 30 minutes of sleep. Nothing
  recovers more END than was spent.
- A rest or a sleep recovers shock too (rules.zener.shock): with END or shock to recover it proceeds;
  with neither it is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.zener.shock import rest_for_shock, shock_of, shock_rested
from rules.zener.stats import in_play

# activity -> (its name in the log, END per 30 minutes: spent < 0)
ACTIVITIES = {
    "ordinary": ("ordinary", -1),
    "strenuous": ("strenuous", -2),
    "rest": ("rest", 0),
    "sleep": ("sleep", 0),
    "skip": ("2 skipped rounds", 0),
}
STEP, MAX_MINUTES = 30, 24 * 60


@dataclass(frozen=True, slots=True)
class EndChange:
    change: int  # END back (+) or spent (-)
    end: int  # END left after it
    of: int  # END in play, the most there is
    die: int | None = None  # the d6 of a rest, a sleep or two skipped rounds
    balance: int = 0  # the points of the rest or sleep after its first 30 minutes
    shock_back: int = 0  # the shock a rest or a sleep recovered
    shock: int = 0  # the shock left after it


def end_left(sheet: Mapping) -> tuple[int, int]:
    """(END left, END in play): END in play less the END spent."""
    whole = in_play(sheet)["END"]
    return whole - sheet.get("damage", {}).get("end_spent", 0), whole


def time_passes(sheet: Mapping, activity: str, minutes: int, dice: DiceSource) -> tuple[dict, EndChange]:
    """(the sheet after `minutes` of `activity`, its END change). "skip" is two skipped combat rounds
    (no minutes): d6 back, as 30 minutes' rest."""
    if activity not in ACTIVITIES:
        raise RulesError("Time passes in ordinary activity, strenuous activity, rest, sleep or 2 skipped rounds.")
    if sheet.get("state") == "dead":
        raise RulesError("The dead spend and recover no END.")
    if activity != "skip":
        if not STEP <= minutes <= MAX_MINUTES:
            raise RulesError("Time passes 30 minutes to 24 hours at a time.")
        if minutes % STEP:
            raise RulesError("Time passes in steps of 30 minutes (90 is an hour and a half).")
    left, whole = end_left(sheet)
    spent = whole - left
    name, per_step = ACTIVITIES[activity]
    die, balance, change = None, 0, 0
    shock_back = shock_rested(sheet, activity, minutes)
    if per_step:
        cost = -per_step * minutes // STEP
        if cost > left:
            raise RulesError(f"END {left} left: {duration(minutes)} {name} costs {cost}. Let them rest first.")
        change = -cost
    else:
        if spent <= 0 and not shock_back:
            raise RulesError(_nothing_to_recover(sheet, activity))
        if spent > 0:
            die = dice.roll(6)
            later = minutes - STEP if activity != "skip" else 0
            balance = later // (2 * STEP) if activity == "rest" else later // STEP if activity == "sleep" else 0
            change = min(spent, die + balance)
    shock = shock_of(sheet) - shock_back
    damage = {**sheet.get("damage", {}), "end_spent": spent - change, "shock": shock}
    return {**sheet, "damage": damage}, EndChange(change, left + change, whole, die, balance, shock_back, shock)


def _nothing_to_recover(sheet: Mapping, activity: str) -> str:
    """Why a rest, a sleep or two skipped rounds recover nothing; it starts "No END spent"."""
    if activity == "skip" or not shock_of(sheet):
        return "No END spent" + ("" if activity == "skip" else " and no shock") + ": there is nothing to recover."
    return f"No END spent, and shock comes back after {duration(rest_for_shock(sheet))} rest (40 - CON)."


def duration(minutes: int) -> str:
    """30 -> "30 min", 120 -> "2 h", 90 -> "1 h 30 min"."""
    hours, rest = divmod(minutes, 60)
    return " ".join(part for part in (f"{hours} h" if hours else "", f"{rest} min" if rest else "") if part)
