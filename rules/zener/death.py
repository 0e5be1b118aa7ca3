"""Zener Gate death and dying (seed: "Death").

"If a character reaches zero or less in any stat other than their Shock Pool or Threshold, they are
dying. Each round, they must make a CON roll to survive, with a +1 penalty cumulative per round ...
Medical attention (an appropriate skill check) each round can convert that +1 to a -1. If the
character receives such attention with no penalty in effect and makes his CON check, he is restored
to 1 point in the traumatized stat and is no longer dying."

Readings (published on the Zener rules page):
- The text's "+1 penalty cumulative per round including the first round affected" against its
  example, where round D's roll has no penalty and D+1's is +1: the example rules. The first save
  is at +0, each later one 1 worse, or 1 better with medical aid, never below +0.
- Hit points in play are HP less trauma; the rolled stats are the sheet's less stat damage
  (`in_play`). END spent is tiredness, not a stat at 0; shock never kills ("but not death").
- A failed save is death. The save is a stat check, the penalty added to the 4d6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.zener.checks import CheckRoll, roll_check, stat_check
from rules.zener.stats import ROLLED_STATS, in_play

STATES = ("conscious", "unconscious", "dying", "dead")


def dying_stats(sheet: Mapping) -> list[str]:
    """The stats at 0 or below in play: "HP" (HP less trauma) first, then the rolled stats."""
    values = in_play(sheet)
    hp = values["HP"] - sheet.get("damage", {}).get("trauma", 0)
    return (["HP"] if hp <= 0 else []) + [name for name in ROLLED_STATS if values[name] <= 0]


def state_of(sheet: Mapping) -> str:
    """Dead stays dead; a stat at 0 or below is dying; else the sheet's state (a sheet without one is conscious)."""
    state = sheet.get("state", "conscious")
    if state == "dead":
        return state
    return "dying" if dying_stats(sheet) else state if state != "dying" else "conscious"


def settle(sheet: Mapping) -> dict:
    """The sheet with its stored state following its damage, after any change (play-test: a
    therapy lifted a dying character's CON above 0, and the sheet still said "dying"). A stat at 0 or
    below is dying, its time unconscious dropped; a character no longer dying is conscious, and the
    death saves' penalty is dropped (the next time dying starts at round D again; published)."""
    state = state_of(sheet)
    after = dict(sheet)
    if state == "dying":
        after.pop("out_for", None)
    else:
        after.pop("dying", None)
    if state != sheet.get("state", "conscious"):
        after["state"] = state
    return after


@dataclass(frozen=True, slots=True)
class DeathSave:
    penalty: int  # added to the 4d6
    roll: CheckRoll
    result: str  # "dying", "dead" or "stabilised"
    sheet: dict  # the sheet after the save


def death_save(sheet: Mapping, *, aided: bool, dice: DiceSource) -> DeathSave:
    """One round's CON save for a dying character; `aided`: medical attention succeeded this round."""
    state = state_of(sheet)
    if state == "dead":
        raise RulesError("The character is dead.")
    if state != "dying":
        raise RulesError("The character is not dying: no stat is at 0 or below.")
    before = sheet.get("dying")
    penalty = 0 if before is None else max(0, before["penalty"] + (-1 if aided else 1))
    roll = roll_check(stat_check(in_play(sheet)["CON"], -penalty), dice)
    after = dict(sheet)
    if not roll.success:
        after.pop("dying", None)
        return DeathSave(penalty, roll, "dead", {**after, "state": "dead"})
    if aided and penalty == 0:
        after.pop("dying", None)
        return DeathSave(penalty, roll, "stabilised", {**restore_to_one(after), "state": "conscious"})
    return DeathSave(penalty, roll, "dying", {**after, "state": "dying", "dying": {"penalty": penalty}})


def restore_to_one(sheet: Mapping) -> dict:
    """Each stat at 0 or below back to 1 in play: trauma for HP, stat damage for a rolled stat, then
    radiation's long-term damage for CON, or moved to the stat (rules.zener.radiation)."""
    values = in_play(sheet)
    damage = dict(sheet.get("damage", {}))
    lost = dict(damage.get("stats", {}))
    for name in dying_stats(sheet):
        if name == "HP":
            damage["trauma"] = values["HP"] - 1
            continue
        short = 1 - values[name]
        from_stats = min(short, lost.get(name, 0))
        lost[name] = lost.get(name, 0) - from_stats
        if short > from_stats:  # only radiation's long-term loss (CON's, or moved) can hold a stat lower
            radiation = damage["radiation"]
            if name == "CON":
                damage["radiation"] = {**radiation, "con": radiation["con"] - (short - from_stats)}
            else:
                moved = {**radiation["moved"], name: radiation["moved"][name] - (short - from_stats)}
                damage["radiation"] = {**radiation, "moved": {stat: n for stat, n in moved.items() if n}}
    return {**sheet, "damage": {**damage, "stats": {name: n for name, n in lost.items() if n}}}
