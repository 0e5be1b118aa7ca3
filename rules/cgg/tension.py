"""Tension mode (seed: "Tension Mode", "Exec Spins The World", "Exec Makes Things Worse").

Interpretation (published on /rules/#cgg): a Slide raises one pitfall by one
per success spent, at most 3; a Slip costs two successes and is taken at most
once; a Spotlight is -1D risk per success for next round's first actor, at most -3D.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import DiceSource
from rules.errors import RulesError

TENSION_MAX = 15
MAX_SLIDE, SLIP_COST, MAX_SPOTLIGHT = 3, 2, 3


class Bleakness(StrEnum):
    BAD = "bad"
    HORRIBLE = "horrible"
    DOOMED = "doomed"


BASE_TENSION_DICE = {Bleakness.BAD: 2, Bleakness.HORRIBLE: 3, Bleakness.DOOMED: 4}


class Action(StrEnum):
    ACT = "act"
    IDLE = "idle"  # gain one hour (the actor's or the first player's)
    READY = "ready"  # a diligence roll; may cue the Exec to make things worse


@dataclass(frozen=True, slots=True)
class Pitfall:
    name: str
    tension: int

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("Name the pitfall.")
        if not 0 <= self.tension <= TENSION_MAX:
            raise RulesError(f"Tension is 0 to {TENSION_MAX}.")

    def move(self, delta: int) -> Pitfall:
        if self.resolved:
            raise RulesError(f"{self.name} is already {self.state}.")
        return replace(self, tension=max(0, min(TENSION_MAX, self.tension + delta)))

    @property
    def happened(self) -> bool:
        return self.tension >= TENSION_MAX

    @property
    def avoided(self) -> bool:
        return self.tension <= 0

    @property
    def resolved(self) -> bool:
        return self.happened or self.avoided

    @property
    def state(self) -> str:
        return "happened" if self.happened else "avoided" if self.avoided else "in play"


def tension_dice(bleakness: Bleakness, players: int, worse_cues: int = 0) -> int:
    """Base dice by how bleak it looks, +1 per two players; each cue to make
    things worse removes one. Never raised."""
    if players < 0 or worse_cues < 0:
        raise RulesError("Players and cues are counted from 0.")
    return max(0, BASE_TENSION_DICE[bleakness] + players // 2 - worse_cues)


@dataclass(frozen=True, slots=True)
class Spin:
    faces: tuple[int, ...]

    @property
    def successes(self) -> int:
        return sum(1 for face in self.faces if face < 4)


def spin_the_world(dice_count: int, dice: DiceSource) -> Spin:
    return Spin(tuple(dice.roll(10) for _ in range(dice_count)))


@dataclass(frozen=True, slots=True)
class Spend:
    slide: int = 0
    slip: bool = False
    spotlight: int = 0

    def check(self, successes: int) -> Spend:
        if not 0 <= self.slide <= MAX_SLIDE:
            raise RulesError(f"A Slide raises one pitfall by at most {MAX_SLIDE}.")
        if not 0 <= self.spotlight <= MAX_SPOTLIGHT:
            raise RulesError(f"A Spotlight is at most -{MAX_SPOTLIGHT}D.")
        cost = self.slide + (SLIP_COST if self.slip else 0) + self.spotlight
        if cost > successes:
            raise RulesError(f"That spends {cost} successes; the spin made {successes}.")
        return self


@dataclass(frozen=True, slots=True)
class Edge:
    """The Edge player's +1d bonus to one explorer's attribute; cumulative for the tension mode."""

    explorer: str
    attribute: str
