"""Diligence rolls, and tension mode's Ready! (seed: "Diligence Rolls"; "Tension Mode",
step 3. Ready!; "Exec Makes Things Worse").

Rolled like risk, but no Wrench and no Hammer: every six is discarded and adds nothing.
The total is pips of a new leverage code, or a third of it, rounded up, adds to an
existing code. A Ready! action is a diligence roll in tension mode; cueing the Exec to
make things worse gives "+1d to the result", read as one more die rolled.

Readings (published on /rules/#cgg-diligence-edge and /rules/#cgg-diligence-assists):
- In tension mode the Edge player's bonuses on the attribute count, as on a risk roll: the
  bonus lasts "for the duration of this Tension Mode".
- "See if they can find anything combine with it as assistance": gear, an assisting explorer,
  leverage and a special rule's bonus pips combine with the code as they do on a risk roll
  (rules.cgg.assists.BuiltCode), after the Edge and before the cue's +1d.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.cgg.assists import Assist, BuiltCode
from rules.cgg.codes import DieCode
from rules.cgg.leverage import leverage_from
from rules.cgg.risk import VENTURE_FACE, RiskRoll
from rules.errors import RulesError

# The seed's "Type of Diligence / Attribute" table onto the sheet's six attributes.
# Mental/Perception, Mental/Knowledge, Savvy/Technical and Physical/Dexterity name them;
# BlackNet's "ISOtech Power" is no attribute of the sheet: read as Technical, as the other
# net work (WhiteNet). The Exec may choose any other attribute ("the Exec must decide").
DILIGENCE_TYPES = {
    "interrogation": "perception",
    "research": "knowledge",
    "analysis": "technical",
    "whitenet": "technical",
    "blacknet": "technical",
    "maneuvers": "dexterity",
}
DILIGENCE_LABELS = {
    "interrogation": "Interrogation",
    "research": "Research",
    "analysis": "Analysis",
    "whitenet": "WhiteNet",
    "blacknet": "BlackNet",
    "maneuvers": "Maneuvers",
}


@dataclass(frozen=True, slots=True)
class Diligence:
    """A diligence roll: the explorer's code, the leverage it adds to (if any), Ready!'s cue,
    tension mode's Edge bonuses on the attribute and what assists it."""

    base: DieCode
    existing: DieCode | None = None
    ready: bool = False
    cue: bool = False
    edge: int = 0
    assists: tuple[Assist, ...] = ()
    bonus_pips: int = 0

    def __post_init__(self) -> None:
        if self.cue and not self.ready:
            raise RulesError("Only a Ready! action may cue the Exec to make things worse.")
        if self.edge < 0:
            raise RulesError("Edge bonuses are counted from 0.")
        self.code  # noqa: B018 -- refuses a code past the biggest, with its message

    @property
    def assisted(self) -> DieCode:
        """The code before the cue: the attribute with its Edge dice, then the assists combined in."""
        return BuiltCode(self.base.add_dice(self.edge), self.assists, self.bonus_pips).code

    @property
    def code(self) -> DieCode:
        """The dice rolled: Ready!'s cue adds +1d."""
        return self.assisted.add_dice(1) if self.cue else self.assisted


@dataclass(frozen=True, slots=True)
class DiligenceResult:
    diligence: Diligence
    faces: tuple[int, ...]

    @property
    def discarded(self) -> int:
        return sum(1 for face in self.faces if face == VENTURE_FACE)

    @property
    def total(self) -> int:
        return RiskRoll(self.diligence.code, self.faces).total

    @property
    def bonus_pips(self) -> int:
        """The pips the total adds: all of them for a new code, a third (rounded up) onto one."""
        return self.total if self.diligence.existing is None else ceil(self.total / 3)

    @property
    def leverage(self) -> DieCode:
        return leverage_from(self.total, self.diligence.existing)


def resolve_diligence(diligence: Diligence, faces: tuple[int, ...]) -> DiligenceResult:
    """Seed, "Diligence Rolls": discard the dice that make Venture; the total becomes pips."""
    if len(faces) != diligence.code.dice or not all(1 <= face <= 6 for face in faces):
        raise RulesError(f"A diligence roll of {diligence.code} rolls {diligence.code.dice} six-sided dice.")
    return DiligenceResult(diligence, tuple(faces))
