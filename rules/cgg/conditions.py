"""Conditions and condition tracks (seed: "Core Condition Set", "Fallout and Conditions").

A condition's code reads track, kind, level: HI3 = Harm, Impairment, level 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RulesError


class Track(StrEnum):
    HARM = "harm"
    PERSUASION = "persuasion"
    ALTERATION = "alteration"


class Kind(StrEnum):
    IMPAIRMENT = "impairment"
    ENHANCEMENT = "enhancement"


@dataclass(frozen=True, slots=True)
class Condition:
    name: str
    track: Track
    kind: Kind
    level: int
    text: str

    @property
    def code(self) -> str:
        return f"{self.track.value[0].upper()}{self.kind.value[0].upper()}{self.level}"


def _c(name: str, code: str, text: str) -> Condition:
    track = {"H": Track.HARM, "P": Track.PERSUASION, "A": Track.ALTERATION}[code[0]]
    kind = Kind.IMPAIRMENT if code[1] == "I" else Kind.ENHANCEMENT
    return Condition(name, track, kind, int(code[2]), text)


CORE_CONDITIONS = (
    _c(
        "Crippling Wound",
        "HI3",
        "The wound is dire and causes the continuous loss of 1D from a die code of the Exec's choosing.",
    ),
    _c(
        "Dire Injury",
        "HI3",
        "When the Exec deems fit, she pays one to cancel the action of the explorer and remove 1D from a die code of her choice until the end of tension.",
    ),
    _c("Distracting Injury", "HI2", "When the Exec deems fit, he pays one to add 1D for any one difficulty test."),
    _c("Painful Harm", "HI1", "On any roll that creates Venture, discard the first Venture rolled."),
    _c(
        "Paralyzing Injury",
        "HI2",
        "The injury is serious and causes the loss of a die as the Exec deems fit and pays one.",
    ),
    _c(
        "Surface Wound",
        "HI1",
        "Whenever risk is rolled for the explorer and Venture is earned, there is a chance this condition becomes HI2.",
    ),
    _c("Confused", "PI1", "The explorer loses 1d risk dice when the Exec deems fit and pays one."),
    _c("Consumed", "PI3", "The explorer either pays one or loses 1D for each action taken in this state."),
    _c("Eager", "PE1", "The explorer can pay one to earn 1D for any action during this state."),
    _c(
        "Transcendent", "PE3", "The explorer may pay one to make the Exec reroll failure dice once per Per/Know action."
    ),
    _c("Troubled", "PI2", "When the Exec deems fit and pays one, they reroll all failed failure dice."),
    _c("Questioning", "PE2", "Count the explorer's die codes for Know/Per as 1D higher toward difficulty tests."),
    _c("Improved", "AE1", "If the player pays one they may increase their risk die code 1D for a single roll."),
    _c("Weakened", "AI1", "When the player rolls Venture, there is a chance of +1 failure for the action."),
    _c(
        "Augmented",
        "AE2",
        "If the player pays one they may increase all their success die codes 1D for the current tension sequence.",
    ),
    _c("Hindered", "AI2", "When the explorer takes Fallout, count it one higher."),
    _c(
        "Enhanced",
        "AE3",
        "When the player rolls Venture, they may pay one to either succeed or avoid fallout but not both.",
    ),
    _c("Restrained", "AI3", "Unless the player pays one for a given action, there is a chance that action may fail."),
)
CONDITIONS_BY_NAME = {condition.name: condition for condition in CORE_CONDITIONS}

TRACK_START_DOTS = 3
TRACK_CREATION_DOTS = 15
TRACK_FULL = {
    Track.HARM: "The explorer is incapacitated.",
    Track.PERSUASION: "The explorer changes their mind or attitude.",
    Track.ALTERATION: "The explorer is altered: enhanced or impaired.",
}


def check_track_dots(extra_dots: dict[Track, int]) -> dict[Track, int]:
    """Dots per track: 3 each, plus the 15 spent between them at creation."""
    if any(dots < 0 for dots in extra_dots.values()):
        raise RulesError("Dots spent on a track cannot be negative.")
    if sum(extra_dots.values()) != TRACK_CREATION_DOTS:
        raise RulesError(
            f"Spend exactly {TRACK_CREATION_DOTS} dots between the Harm, Persuasion and Alteration tracks."
        )
    return {track: TRACK_START_DOTS + extra_dots.get(track, 0) for track in Track}


def track_full(track: Track, size: int, marked: int) -> str | None:
    """What happens when a track's dots are all marked, else None."""
    if not 0 <= marked <= size:
        raise RulesError(f"The {track.value} track has {size} dots.")
    return TRACK_FULL[track] if marked == size else None
