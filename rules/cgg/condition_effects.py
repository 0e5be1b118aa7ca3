"""Conditions on an explorer's sheet and what they do to the numbers (seed: "Fallout and
Conditions", "Core Condition Set").

A sheet keeps its conditions as text, one a line: a core condition by its name ("Painful
Harm"), any other with its code in brackets ("Gravely Injured (HI3)"). Older sheets hold
conditions in their own words without a code: they are read as conditions that mark no track.

Readings (published on /rules/#cgg):
- A condition fills its track by its level: HI2 marks 2 Harm dots (the code reads track, kind,
  level; a track is "full" when its marks reach its dots).
- Surface Wound's "chance" is a difficulty die's Failure: one d10, 1 to 3 (3 in 10), rolled when
  the explorer's risk roll earns Venture; the wound "becomes HI2": it stays Surface Wound, now HI2.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.cgg.codes import DieCode
from rules.cgg.conditions import CONDITIONS_BY_NAME, Condition, Kind, Track, track_full
from rules.cgg.difficulty import KEPT_FACES
from rules.dice import DiceSource
from rules.errors import RulesError

_CODED = re.compile(r"(?P<name>.+?)\s*\((?P<code>[HPA][IE][1-9])\)")
_TRACKS = {"H": Track.HARM, "P": Track.PERSUASION, "A": Track.ALTERATION}
MAX_NAME = 60
CHANCE_FACES = 3  # of a d10: 1 to 3, a difficulty die's Failure (rules/cgg/difficulty.py)
QUESTIONING_ATTRIBUTES = ("knowledge", "perception")
ATTRIBUTES = ("dexterity", "strength", "perception", "knowledge", "technical", "mechanical")
_ATTRIBUTE_TAIL = re.compile(r"(?P<rest>.+?)\s*\[(?P<attribute>[A-Za-z]+)\]")
# The Exec chooses their die code when giving them (kept on the line: "Crippling Wound [Strength]").
NEEDS_ATTRIBUTE = ("Crippling Wound",)


@dataclass(frozen=True, slots=True)
class SheetCondition:
    """One condition as the sheet has it; `condition` is None for one in a sheet's own words."""

    name: str
    condition: Condition | None
    attribute: str = ""  # the die code the Exec chose (Crippling Wound)

    @property
    def code(self) -> str:
        return self.condition.code if self.condition else ""

    @property
    def text(self) -> str:
        return self.condition.text if self.condition else ""

    @property
    def entry(self) -> str:
        """The sheet's line: a core condition by name, any other with its code."""
        core = CONDITIONS_BY_NAME.get(self.name)
        tail = f" [{self.attribute.capitalize()}]" if self.attribute else ""
        if self.condition is None or (core is not None and core == self.condition):
            return self.name + tail
        return f"{self.name} ({self.code})" + tail


def read_condition(entry: str) -> SheetCondition:
    """A sheet's line read tolerantly: core name, "Name (CODE)", or free text (no code)."""
    entry = entry.strip()
    tail = _ATTRIBUTE_TAIL.fullmatch(entry)
    if tail and tail["attribute"].lower() in ATTRIBUTES:
        held = read_condition(tail["rest"])
        return SheetCondition(held.name, held.condition, tail["attribute"].lower())
    if entry in CONDITIONS_BY_NAME:
        return SheetCondition(entry, CONDITIONS_BY_NAME[entry])
    match = _CODED.fullmatch(entry)
    if match:
        name, code = match["name"], match["code"]
        core = CONDITIONS_BY_NAME.get(name)
        return SheetCondition(name, _coded(name, code, core.text if core else ""))
    return SheetCondition(entry, None)


def _coded(name: str, code: str, text: str) -> Condition:
    kind = Kind.IMPAIRMENT if code[1] == "I" else Kind.ENHANCEMENT
    return Condition(name, _TRACKS[code[0]], kind, int(code[2]), text)


def new_condition(name: str, code: str = "", attribute: str = "") -> SheetCondition:
    """The Exec's choice: a core condition by name, or a custom one named with its code (HI2);
    Crippling Wound with the attribute whose die code loses 1D (the Exec's choosing)."""
    held = _new_condition(name, code)
    if held.name not in NEEDS_ATTRIBUTE:
        return held
    attribute = attribute.strip().lower()
    if attribute not in ATTRIBUTES:
        raise RulesError(f"{held.name}: choose the attribute whose die code loses 1D.")
    return SheetCondition(held.name, held.condition, attribute)


def _new_condition(name: str, code: str = "") -> SheetCondition:
    name = name.strip()
    code = code.strip().upper()
    if not name or len(name) > MAX_NAME:
        raise RulesError(f"Name the condition (at most {MAX_NAME} characters).")
    if "(" in name or ")" in name:
        raise RulesError("A condition's name has no brackets; give its code on its own.")
    core = CONDITIONS_BY_NAME.get(name)
    if core is not None and (not code or code == core.code):
        return SheetCondition(name, core)
    if not re.fullmatch(r"[HPA][IE][1-3]", code):
        raise RulesError(
            "A custom condition needs its code: H, P or A (Harm, Persuasion, Alteration), "
            "I or E (impairs, enhances), and its level 1 to 3, e.g. HI2."
        )
    return SheetCondition(name, _coded(name, code, core.text if core else ""))


def sheet_conditions(entries: Iterable[str]) -> list[SheetCondition]:
    return [read_condition(entry) for entry in entries if entry.strip()]


def track_marks(entries: Iterable[str], sizes: dict[str, int]) -> dict[str, int]:
    """Dots marked on each track: the levels of its conditions, at most the track's dots."""
    marks = {track.value: 0 for track in Track}
    for held in sheet_conditions(entries):
        if held.condition is not None:
            marks[held.condition.track.value] += held.condition.level
    return {track: min(marks[track], sizes.get(track, 0)) for track in marks}


def full_tracks(entries: Iterable[str], sizes: dict[str, int]) -> dict[str, str]:
    """What happens for each full track (seed: incapacitated, changes mind, altered)."""
    marks = track_marks(entries, sizes)
    found = {}
    for track in Track:
        effect = track_full(track, sizes.get(track.value, 0), marks[track.value])
        if effect and sizes.get(track.value, 0):
            found[track.value] = effect
    return found


def has(entries: Iterable[str], name: str) -> bool:
    return any(held.name == name for held in sheet_conditions(entries))


# Effects on an action -------------------------------------------------------------


def painful_harm_discard(entries: Iterable[str], venture: int) -> int:
    """Painful Harm: "on any roll that creates Venture, discard the first Venture rolled"."""
    return 1 if venture and has(entries, "Painful Harm") else 0


def questioning_dice(entries: Iterable[str], attribute: str) -> int:
    """Questioning: Know/Per codes count 1D higher toward difficulty tests (the Exec's dice)."""
    return 1 if attribute in QUESTIONING_ATTRIBUTES and has(entries, "Questioning") else 0


def hindered_steps(entries: Iterable[str]) -> int:
    """Hindered: "when the explorer takes Fallout, count it one higher"."""
    return 1 if has(entries, "Hindered") else 0


def surface_wound_worsens(entries: Iterable[str], venture: int, dice: DiceSource) -> int | None:
    """Surface Wound, when risk is rolled and Venture earned: a d10 (1-3 worsens), else None."""
    held = [c for c in sheet_conditions(entries) if c.name == "Surface Wound" and c.code == "HI1"]
    if not venture or not held:
        return None
    return dice.roll(10)


def worsened(face: int | None) -> bool:
    return face is not None and face <= CHANCE_FACES


def surface_wound_chance(code: DieCode) -> Fraction:
    """Exact chance that one risk roll of `code` worsens a Surface Wound to HI2."""
    no_venture = Fraction(5, 6) ** code.dice
    return (1 - no_venture) * Fraction(CHANCE_FACES, 10)


def worsen_surface_wound(entries: list[str]) -> list[str]:
    """The sheet's lines with Surface Wound (HI1) now HI2."""
    out, done = [], False
    for entry in entries:
        held = read_condition(entry)
        if not done and held.name == "Surface Wound" and held.code == "HI1":
            out.append(new_condition("Surface Wound", "HI2").entry)
            done = True
        else:
            out.append(entry)
    return out


# The roll: before it (codes, pay-one choices) and after it (Venture, chances) ----------

# The player's own "pay one" choices at the roll, by condition (one hour each off the clock).
PLAYER_PAYS = {
    "Eager": "pay one: +1D for this action",
    "Improved": "pay one: +1D to the risk code for this roll",
    "Consumed": "pay one, or lose 1D for this action",
    "Restrained": "pay one, or this action may fail",
    "Augmented": "pay one: +1D to all your codes until tension mode ends",
    "Transcendent": "pay one: the Exec rerolls the failure dice (Perception/Knowledge)",
}


# The Exec's "deems fit and pays one" choices, made on the call, by condition.
EXEC_PAYS = {
    "Distracting Injury": "pay one: +1D to this difficulty test",
    "Paralyzing Injury": "pay one: the explorer loses a die for this action",
    "Confused": "pay one: -1D risk dice",
    "Troubled": "pay one: reroll all failed failure dice",
    "Dire Injury": "pay one: cancel the explorer's action; -1D to a code of your choice until tension ends",
}


def exec_options(entries: Iterable[str]) -> list[tuple[str, str]]:
    held = {c.name for c in sheet_conditions(entries)}
    return [(name, text) for name, text in EXEC_PAYS.items() if name in held]


def check_exec_pays(entries: Iterable[str], pays: Iterable[str]) -> tuple[str, ...]:
    """The Exec's choices on a call, each a condition the explorer holds."""
    offered = {name for name, _ in exec_options(entries)}
    pays = tuple(dict.fromkeys(pays))
    missing = [name for name in pays if name not in offered]
    if missing:
        raise RulesError(f"{', '.join(missing)}: the explorer has no such condition for the Exec to pay for.")
    if "Dire Injury" in pays and len(pays) > 1:
        raise RulesError("Dire Injury cancels the action: pay for it alone.")
    return pays


@dataclass(frozen=True, slots=True)
class RollConditions:
    """What the explorer's conditions do to a roll before it is made."""

    risk_dice: int = 0
    success_dice: int = 0  # toward the Exec's difficulty test
    hours: int = 0  # paid by the player off the clock
    restrained: bool = False  # Restrained, not paid for: a chance the action fails
    labels: tuple[str, ...] = ()
    troubled: bool = False  # the Exec paid for Troubled: failed failure dice rerolled
    transcendent: bool = False  # the player paid for Transcendent: the Failures rerolled
    augmented: bool = False  # the player paid for Augmented now (it lasts until tension mode ends)
    risk_only: int = 0  # of risk_dice, the risk roll's alone (Improved, Confused): after the assists

    def apply(self, code: DieCode, success_dice: int) -> tuple[DieCode, int]:
        return DieCode(max(0, code.dice + self.risk_dice), code.pips), max(0, success_dice + self.success_dice)

    def change_code(self, code: DieCode, success_dice: int) -> tuple[DieCode, int]:
        """The code and success dice before the assists: every change but the risk roll's alone, which
        comes off after them (`risk_only`; rules page, #cgg-risk-penalties)."""
        code = DieCode(max(0, code.dice + self.risk_dice - self.risk_only), code.pips)
        return code, max(0, success_dice + self.success_dice)


def pay_options(entries: Iterable[str], attribute: str = "", lasting: dict | None = None) -> list[tuple[str, str]]:
    """The pay-one choices this explorer's conditions offer at the roll: Transcendent on
    Perception/Knowledge only, Augmented once a tension sequence (not while it lasts)."""
    held = {c.name for c in sheet_conditions(entries)}
    if attribute not in QUESTIONING_ATTRIBUTES:
        held.discard("Transcendent")
    if (lasting or {}).get("Augmented"):
        held.discard("Augmented")
    return [(name, text) for name, text in PLAYER_PAYS.items() if name in held]


def before_roll(
    entries: Iterable[str],
    attribute: str,
    pays: Iterable[str] = (),
    exec_pays: Iterable[str] = (),
    lasting: dict | None = None,
) -> RollConditions:
    """Questioning (+1D toward the difficulty on Know/Per), Eager and Improved when paid,
    Consumed (paid, or -1D), Restrained (paid, or a chance of failure).

    Readings (published on /rules/#cgg): Eager's "+1D for any action" and Consumed's "lose 1D"
    change the attribute's code, so both the risk roll and the success dice (as an Edge bonus);
    Improved's changes the risk code only. Crippling Wound's -1D, Augmented's +1D and Dire
    Injury's -1D change the attribute's code the same way. `lasting` holds what lasts until
    tension mode ends ({"Augmented": True, "Dire Injury": "strength"}: lasting_effects)."""
    entries = list(entries)
    lasting = lasting or {}
    offered = {name for name, _ in pay_options(entries, attribute, lasting)}
    pays = set(pays)
    if pays - offered:
        raise RulesError(f"{', '.join(sorted(pays - offered))}: the explorer has no such condition to pay for.")
    risk = success = risk_only = 0
    labels = []
    if questioning_dice(entries, attribute):
        success += 1
        labels.append("Questioning: +1D toward the difficulty")
    if "Eager" in pays:
        risk, success = risk + 1, success + 1
        labels.append("Eager: paid one, +1D")
    if "Improved" in pays:
        risk, risk_only = risk + 1, risk_only + 1
        labels.append("Improved: paid one, +1D risk")
    if "Consumed" in offered:
        if "Consumed" in pays:
            labels.append("Consumed: paid one")
        else:
            risk, success = risk - 1, success - 1
            labels.append("Consumed: -1D")
    # The Exec's choices, paid on the call (the difficulty's +1D is one success die less: the same dice remain).
    if "Distracting Injury" in exec_pays:
        success -= 1
        labels.append("Distracting Injury: +1D difficulty")
    if "Paralyzing Injury" in exec_pays:
        risk, success = risk - 1, success - 1
        labels.append("Paralyzing Injury: -1D")
    if "Confused" in exec_pays:
        risk, risk_only = risk - 1, risk_only - 1
        labels.append("Confused: -1D risk")
    for held in sheet_conditions(entries):
        if held.name == "Crippling Wound" and held.attribute == attribute:
            risk, success = risk - 1, success - 1
            labels.append(f"Crippling Wound: -1D {attribute.capitalize()}")
    if lasting.get("Dire Injury") == attribute and has(entries, "Dire Injury"):
        risk, success = risk - 1, success - 1
        labels.append(f"Dire Injury: -1D {attribute.capitalize()} until tension ends")
    if "Augmented" in pays:
        risk, success = risk + 1, success + 1
        labels.append("Augmented: paid one, +1D until tension ends")
    elif lasting.get("Augmented") and has(entries, "Augmented"):
        risk, success = risk + 1, success + 1
        labels.append("Augmented: +1D until tension ends")
    troubled = "Troubled" in exec_pays
    if troubled:
        labels.append("Troubled: the Exec rerolls the failed failure dice")
    if "Transcendent" in pays:
        labels.append("Transcendent: paid one, the Exec rerolls the failure dice")
    restrained = "Restrained" in offered and "Restrained" not in pays
    if "Restrained" in pays:
        labels.append("Restrained: paid one")
    return RollConditions(
        risk,
        success,
        len(pays),
        restrained,
        tuple(labels),
        troubled,
        "Transcendent" in pays,
        "Augmented" in pays,
        risk_only,
    )


def reroll_exec(faces: Iterable[int], found: RollConditions, dice: DiceSource) -> tuple[int, ...]:
    """Troubled (the Exec's): every die that made no Failure is rerolled; then Transcendent (the
    player's): every die that made a Failure is rerolled. Each once.

    Reading (published on /rules/#cgg): "failed failure dice" are the Exec's difficulty dice that
    made no Failure; Transcendent's "reroll failure dice" rerolls those that made one; with both,
    Troubled first (it was chosen on the call), then Transcendent."""
    faces = list(faces)
    if found.troubled:
        faces = [face if face in KEPT_FACES else dice.roll(10) for face in faces]
    if found.transcendent:
        faces = [dice.roll(10) if face in KEPT_FACES else face for face in faces]
    return tuple(faces)


@dataclass(frozen=True, slots=True)
class AfterRoll:
    """What the explorer's conditions do once the risk dice are down."""

    discarded: int = 0  # Venture discarded (Painful Harm)
    failures: int = 0  # Failures added (Weakened, Restrained)
    worsen_wound: bool = False  # Surface Wound becomes HI2
    labels: tuple[str, ...] = ()


def after_roll(entries: Iterable[str], venture: int, restrained: bool, dice: DiceSource) -> AfterRoll:
    """In this order: Painful Harm discards the first Venture; Restrained unpaid rolls a d10 (1-3:
    +1 Failure); Weakened, when Venture is rolled, a d10 (1-3: +1 Failure); Surface Wound, when
    Venture is earned (after Painful Harm), a d10 (1-3: it becomes HI2).

    Readings (published on /rules/#cgg): each "chance" is one d10 of 1 to 3, a difficulty die's
    Failure; Restrained's "that action may fail" and Weakened's "+1 failure" are one more Failure
    on the Exec's count (a Wrench "Gotta make it!" can still take it off)."""
    entries = list(entries)
    discarded = painful_harm_discard(entries, venture)
    labels = ["Painful Harm: first Venture discarded"] if discarded else []
    failures = 0
    if restrained:
        face = dice.roll(10)
        failures += worsened(face)
        labels.append(f"Restrained: d10 {face}, " + ("+1 Failure" if worsened(face) else "no effect"))
    if venture and has(entries, "Weakened"):
        face = dice.roll(10)
        failures += worsened(face)
        labels.append(f"Weakened: d10 {face}, " + ("+1 Failure" if worsened(face) else "no effect"))
    face = surface_wound_worsens(entries, venture - discarded, dice)
    if face is not None:
        labels.append(f"Surface Wound: d10 {face}, " + ("becomes HI2" if worsened(face) else "no change"))
    return AfterRoll(discarded, failures, worsened(face), tuple(labels))


def added_failures(code: DieCode, entries: Iterable[str], restrained: bool) -> dict[int, Fraction]:
    """Exact chance of each number of Failures the conditions add to one roll of `code`."""
    half = Fraction(CHANCE_FACES, 10)
    weakened = has(entries, "Weakened")
    venture = 1 - Fraction(5, 6) ** code.dice
    weak = {1: venture * half, 0: 1 - venture * half} if weakened else {0: Fraction(1)}
    rest = {1: half, 0: 1 - half} if restrained else {0: Fraction(1)}
    found: dict[int, Fraction] = {}
    for a, pa in weak.items():
        for b, pb in rest.items():
            found[a + b] = found.get(a + b, Fraction(0)) + pa * pb
    return found
