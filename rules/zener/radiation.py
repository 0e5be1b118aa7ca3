"""Zener Gate radiation damage (seed: "Radiation Damage").

"Each time a character transitions between worlds/times, the character must make a CON roll at +15.
If the character succeeds, he takes 1 point of long-term CON damage and d3 points of Trauma and Shock."
On a failure, the GM's category of the transition sets the damage (1, 2, 3A, 3B); "Every successive
Zener Transition after the first adds +1 to the damages". Long-term CON damage recovers on its own
track ("24 hours after first exposure ... up to 6 points ... Then it's 4, 2, and 1. Thereafter, it's
one every 2 days, 3 days, 4 days, and so on."), and anti-radiation therapies change it.

Readings (published on the Zener rules page):
- "+15" on a CON roll is a campaign setting (rules page, #zener-plus-fifteen). By default a penalty: the
  seed's stat roll adds the GM's modifier to the 4d6 ("Roll 4d6 + modifier ... stat or less"), as its
  death save's "+1 penalty" does. The roll is a stat check at CON in play - 15, impossible chances
  included: most transitions fail, and the categories matter ("Category-2 events are normal
  Transitions"; the fourth and fifth transitions' examples are Category-1 events). CON 20 makes it
  0.39% of the time. Read as a bonus (4d6 at or under CON + 15), CON 9 or more never fails, and the
  categories are for the frail.
- Each character counts their own transitions (a character who joins later has made fewer), on the
  sheet. The +1 per transition after the first is added to the long-term CON damage and to the
  shock and trauma, on a success as on a failure (the worked example: the fourth Category-1
  transition is "1/2 d6 +3 temporary CON damage and 1d6+3 shock and trauma"). Half a die rounds up.
- One roll gives both the shock and the trauma ("d3 points of Trauma and Shock": the same number of
  each). Category 3A's shock and trauma are half the 2d6 (round up), + the extra; 3B rolls its 2d6
  apart from its d6 of CON.
- The transition's shock is one blow: over the Shock Threshold, the shock save of "SHOCK" (a CON save
  at -1 per point over; failed, unconscious d10-4 + the points over seconds; made, the shock stands);
  shock in all over HP, d10-7 minutes out.
- Long-term CON damage lowers CON in play but not HP, END or SHK ("CON losses from radiation have no
  effect on calculated stats"; rules.zener.stats.in_play).
- The GM's "transfer" of the loss ("Rather than kill a PC with CON Loss, the GM is free to 'transfer' the
  long-term CON loss to some other affected stat. This is healed as though it were still long-term CON loss"):
  the record's "moved" keeps it per stat; it lowers that stat alone (no calculated stat follows), and the
  track and a therapy heal CON's loss first, then the moved loss (move_loss).
- The recovery track starts at the first exposure (a transition with no radiation damage left); a
  transition while damage remains does not start it again. Each day the GM lets pass counts a day on
  it (the day holds the text's 6 hours' sleep or 9 hours' rest); a character whose radiation damage
  is all healed is back at the track's start.
- A therapy's "reduction in the steps down the Recovery Time track" moves the character back up the
  track by that many steps (toward 6 a day); its reduction in the extra damage lowers the next
  transitions' +1s. Half the shock and trauma taken as END ("the reduction has to be the same in both")
  is END spent: 2 END for each point off both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil

from rules.dice import DiceSource, parse, roll
from rules.errors import RulesError
from rules.zener.checks import Check, CheckRoll, roll_check, stat_check
from rules.zener.combat import ShockSave, knocked_out, shock_save
from rules.zener.death import settle, state_of
from rules.zener.stats import ROLLED_STATS, in_play

CATEGORIES = {"1": "Category 1", "2": "Category 2", "3A": "Category 3A", "3B": "Category 3B"}
TRANSITION_PENALTY = 15  # "a CON roll at +15"
TRANSITION_AS_PENALTY = 0  # the campaign setting "transition_roll": 4d6 + 15 at or under CON (the default)
TRANSITION_AS_BONUS = 1  # 4d6 at or under CON + 15
TRACK = (6, 4, 2, 1)  # "up to 6 points ... Then it's 4, 2, and 1"
FRESH = {"con": 0, "transitions": 0, "extra": 0, "step": 0, "waited": 0}
MOVABLE = tuple(name for name in ROLLED_STATS if name != "CON")  # where the GM may "transfer" the loss


def radiation_of(sheet: Mapping) -> dict:
    """The sheet's radiation record: long-term CON damage, transitions made, the next one's extra
    damage, where the character is on the recovery track (its step, and days waited on it), and the
    long-term loss the GM moved to other stats ("moved": {stat: points})."""
    record = {**FRESH, **sheet.get("damage", {}).get("radiation", {})}
    if record.get("moved"):  # kept only while there is some: older records have none
        record["moved"] = dict(record["moved"])
    return record


def long_term(record: Mapping) -> int:
    """All the long-term loss on the recovery track: CON's and what was moved to other stats."""
    return record["con"] + sum(record.get("moved", {}).values())


def sheet_radiation(raw) -> dict:
    """The radiation record as a sheet keeps it (rules.zener.sheet), each a whole number, none negative;
    a moved loss names rolled stats other than CON."""
    if not isinstance(raw, Mapping) or set(raw) - {*FRESH, "moved"}:
        raise RulesError("Radiation is long-term CON damage, transitions, extra damage and the recovery step.")
    record = {}
    for key in FRESH:
        record[key] = _number(raw.get(key, 0))
    moved = raw.get("moved", {})
    if not isinstance(moved, Mapping) or set(moved) - set(MOVABLE):
        raise RulesError("Long-term CON loss is moved to rolled stats other than CON.")
    if moved:
        record["moved"] = {name: _number(n) for name, n in moved.items() if _number(n)}
    return record


def _number(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
        raise RulesError("Radiation's numbers are whole numbers from 0 to 999.")
    return value


def _heal(record: dict, points: int) -> int:
    """`points` off the long-term loss, CON's first, then the moved loss in the stats' order; what was healed."""
    healed = min(points, record["con"])
    record["con"] -= healed
    moved = dict(record.get("moved", {}))
    for name in MOVABLE:
        off = min(points - healed, moved.get(name, 0))
        healed += off
        if name in moved:
            moved[name] -= off
    record.pop("moved", None)
    if any(moved.values()):
        record["moved"] = {name: n for name, n in moved.items() if n}
    return healed


def move_loss(sheet: Mapping, stat: str, points: int | None) -> tuple[dict, int]:
    """The GM "transfers" `points` (None: all) of the long-term CON loss to another rolled stat (seed:
    "Radiation Damage": "Rather than kill a PC with CON Loss, the GM is free to 'transfer' the long-term CON
    loss to some other affected stat. This is healed as though it were still long-term CON loss"). The moved
    loss lowers that stat in play and nothing calculated from it, stays on the same recovery track, and a
    character it lifts off 0 is no longer dying. (the sheet after it, the points moved)"""
    if stat not in MOVABLE:
        raise RulesError("Move the long-term CON loss to another rolled stat: " + ", ".join(MOVABLE) + ".")
    if sheet.get("state") == "dead":
        raise RulesError("The character is dead: nothing to move.")
    record = radiation_of(sheet)
    if not record["con"]:
        raise RulesError("The character has no long-term CON loss to move.")
    points = record["con"] if points is None else points
    if not 1 <= points <= record["con"]:
        raise RulesError(f"Move 1 to {record['con']} points of long-term CON loss, or all of it; not {points}.")
    record["con"] -= points
    moved = record.get("moved", {})
    record["moved"] = {**moved, stat: moved.get(stat, 0) + points}
    after = {**sheet, "damage": {**sheet.get("damage", {}), "radiation": record}}
    if after.get("state") == "dying" and state_of(after) != "dying":
        after.pop("dying", None)
        after["state"] = "conscious"
    return after, points


def track_step(step: int) -> tuple[int, int]:
    """(days on the step, points regained at its end): a day each for 6, 4, 2 and 1, then 1 point
    after 2 days, 3 days, 4 days, and so on."""
    if step < len(TRACK):
        return 1, TRACK[step]
    return step - len(TRACK) + 2, 1


def radiation_day(record: Mapping) -> tuple[dict, int]:
    """One day on the recovery track: (the record after it, points regained, CON's first then the moved loss)."""
    record = dict(record)
    if long_term(record) <= 0:
        return {**record, "step": 0, "waited": 0}, 0
    days, points = track_step(record["step"])
    record["waited"] += 1
    if record["waited"] < days:
        return record, 0
    healed = _heal(record, points)  # a moved loss heals "as though it were still long-term CON loss"
    record |= {"step": record["step"] + 1, "waited": 0}
    if long_term(record) == 0:
        record |= {"step": 0, "waited": 0}  # healed: a later exposure is a first exposure again
    return record, healed


@dataclass(frozen=True, slots=True)
class Transition:
    category: str
    check: CheckRoll
    extra: int  # "+1 per transition after the first", less any therapy's reduction
    faces: tuple[int, ...]  # the damage dice
    con: int  # long-term CON damage
    harm: int  # the shock, and the trauma
    save: ShockSave | None  # shock over the threshold
    out: tuple[int, str] | None  # shock in all over HP: (d10, how long)
    sheet: dict

    @property
    def number(self) -> int:
        """Which of the character's transitions this was."""
        return self.sheet["damage"]["radiation"]["transitions"]


def transition_check(con: int, reading: int = TRANSITION_AS_PENALTY) -> Check:
    """The transition's "CON roll at +15", as the campaign reads it (rules page, #zener-plus-fifteen)."""
    return stat_check(con, TRANSITION_PENALTY if reading == TRANSITION_AS_BONUS else -TRANSITION_PENALTY)


def transition(sheet: Mapping, category: str, dice: DiceSource, reading: int = TRANSITION_AS_PENALTY) -> Transition:
    """One character's Zener transition: the CON roll at +15, then the damage (seed: "Radiation Damage")."""
    if category not in CATEGORIES:
        raise RulesError("A transition is Category 1, 2, 3A or 3B.")
    if sheet.get("state") == "dead":
        raise RulesError("The dead do not transition.")
    record = radiation_of(sheet)
    extra = record["extra"]
    check = roll_check(transition_check(in_play(sheet)["CON"], reading), dice)
    faces, con, harm = _damage("success" if check.success else category, dice)
    con, harm = con + extra, harm + extra
    if long_term(record) == 0:
        record |= {"step": 0, "waited": 0}  # the first exposure starts the recovery track
    record |= {"con": record["con"] + con, "transitions": record["transitions"] + 1, "extra": extra + 1}
    damage = dict(sheet.get("damage", {}))
    damage |= {
        "trauma": damage.get("trauma", 0) + harm,
        "shock": damage.get("shock", 0) + harm,
        "rest_days": 0,
        "radiation": record,
    }
    after = {**sheet, "damage": damage}
    values = in_play(after)
    save = shock_save(harm, values["SHK"], values["CON"], harm, dice)
    out = knocked_out(damage["shock"], values["HP"], dice)
    out_for = out[1] if out else save.out_for if save else ""
    if out_for:
        after |= {"state": "unconscious", "out_for": out_for}
    if state_of(after) == "dying":  # CON or HP at 0 or below (seed: "Death")
        after.pop("out_for", None)
        after["state"] = "dying"
    return Transition(category, check, extra, faces, con, harm, save, out, after)


def _damage(category: str, dice: DiceSource) -> tuple[tuple[int, ...], int, int]:
    """(dice, long-term CON damage, shock and trauma each) before the extra."""
    if category == "success":
        d3 = dice.roll(3)
        return (d3,), 1, d3
    if category == "3A":
        faces = (dice.roll(6), dice.roll(6))
        return faces, sum(faces), ceil(sum(faces) / 2)
    d6 = dice.roll(6)
    if category == "1":
        return (d6,), ceil(d6 / 2), d6
    if category == "2":
        return (d6,), d6, d6 + 6
    more = (dice.roll(6), dice.roll(6))
    return (d6, *more), d6, sum(more) + 3


# The aspects of a therapy (seed: "Anti-Radiation Therapies have four aspects"): the most each can be.
THERAPY_ASPECTS = {
    "extra_off": ("the reduction in the extra damage", 18),  # d3 to 3d6
    "steps_back": ("the reduction in the steps down the recovery track", 18),  # d3 to 3d6
    "shock": ("the additional shock", 18),  # d6 to 3d6
    "trauma": ("the additional trauma", 12),  # d3 to 2d6
}
MAX_CON_HEALED = 3  # "1, 2, or 3 points of Immediate long-term CON loss healed"


@dataclass(frozen=True, slots=True)
class Therapy:
    """An anti-radiation therapy: CON healed (0 to 3), and each other aspect as dice or a number ("d3", "2d6", "0")."""

    con_healed: int = 0
    extra_off: str = "0"
    steps_back: str = "0"
    shock: str = "0"
    trauma: str = "0"

    def __post_init__(self) -> None:
        if not 0 <= self.con_healed <= MAX_CON_HEALED:
            raise RulesError(f"A therapy heals 0 to {MAX_CON_HEALED} points of long-term CON damage.")
        for name, (what, most) in THERAPY_ASPECTS.items():
            low, high = _range(getattr(self, name))
            if low < 0 or high > most:
                raise RulesError(f"{what.capitalize()} is 0 to {most} (up to {'3d6' if most == 18 else '2d6'}).")


def _range(text: str) -> tuple[int, int]:
    text = text.strip() or "0"
    if text.isascii() and text.isdigit():
        return (int(text),) * 2 if len(text) <= 3 else (0, 10**6)
    notation = parse(text)
    return notation.minimum, notation.maximum


def _amount(text: str, dice: DiceSource) -> int:
    text = text.strip() or "0"
    # ASCII digits only: int() would read "²" or "٣" as numbers a sheet never wrote.
    return int(text) if text.isascii() and text.isdigit() else roll(parse(text), dice).total


@dataclass(frozen=True, slots=True)
class Treated:
    con: int  # long-term CON damage healed
    extra_off: int
    steps_back: int
    shock: int  # taken as shock, after any moved to END
    trauma: int  # taken as trauma, after any moved to END
    as_end: int  # points taken off both shock and trauma, each 2 END spent
    end_hours: int  # "recovered normally after a delay of 4d6 hours"
    sheet: dict


def treat(sheet: Mapping, therapy: Therapy, dice: DiceSource, *, as_end: int = 0) -> Treated:
    """A therapy given: its aspects rolled and applied; `as_end` points off both the shock and the trauma
    are taken as END instead ("up to 1/2 the Shock and Trauma ... the reduction has to be the same in both")."""
    if sheet.get("state") == "dead":
        raise RulesError("The dead are past treatment.")
    record = radiation_of(sheet)
    rolled = {name: _amount(getattr(therapy, name), dice) for name in THERAPY_ASPECTS}
    most = min(rolled["shock"], rolled["trauma"]) // 2
    if not 0 <= as_end <= most:
        raise RulesError(
            f"Up to half the therapy's shock and trauma ({rolled['shock']} and {rolled['trauma']}) may be taken as "
            f"END, the same off both: 0 to {most}, not {as_end}."
        )
    healed = _heal(record, therapy.con_healed)  # a moved loss heals as long-term CON loss
    record |= {
        "extra": max(0, record["extra"] - rolled["extra_off"]),
        "step": max(0, record["step"] - rolled["steps_back"]),
        "waited": 0,
    }
    if long_term(record) == 0:
        record |= {"step": 0}
    shock, trauma = rolled["shock"] - as_end, rolled["trauma"] - as_end
    damage = dict(sheet.get("damage", {}))
    damage |= {
        "shock": damage.get("shock", 0) + shock,
        "trauma": damage.get("trauma", 0) + trauma,
        "end_spent": damage.get("end_spent", 0) + 2 * as_end,
        "radiation": record,
    }
    if trauma:
        damage["rest_days"] = 0
    hours = sum(dice.roll(6) for _ in range(4)) if as_end else 0
    after = settle({**sheet, "damage": damage})  # healed CON may end the dying (rules.zener.death)
    return Treated(healed, rolled["extra_off"], rolled["steps_back"], shock, trauma, as_end, hours, after)
