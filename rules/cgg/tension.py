"""Tension mode (seed: "Tension Mode", "Exec Spins The World", "Exec Makes Things Worse").

Interpretation (published on /rules/#cgg): a Slide raises one pitfall by one
per success spent, at most 3; a Slip costs two successes and is taken at most
once; a Spotlight is -1D risk per success for next round's first actor, at most -3D.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.cgg.rounds import Round
from rules.dice import DiceSource
from rules.errors import RulesError

TENSION_MAX = 15
MAX_SLIDE, SLIP_COST, MAX_SPOTLIGHT = 3, 2, 3


def lowering(went_first: bool) -> tuple[int, int]:
    """How far a successful action lowers a pitfall's tension: "Exec will lower Tension 1 for
    successful actions, 2 for particularly effective ones (2/3 for first player)"."""
    return (2, 3) if went_first else (1, 2)


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
    things worse removes one. Never raised.

    `players` is everyone the campaign's setting counts: the Exec too by default
    (rules.cgg.settings.tension_players, published on /rules/#cgg-tension-players)."""
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
            raise RulesError(f"That spends {_successes(cost)}; the spin made {successes}.")
        return self


@dataclass(frozen=True, slots=True)
class Edge:
    """The Edge player's +1d bonus to one explorer's attribute; cumulative for the tension mode."""

    explorer: str
    attribute: str
    round: int = 0  # the round the Edge player gave it in; 0: the Exec's hand


@dataclass(frozen=True, slots=True)
class TensionState:
    """A tension mode in play: pitfalls, Edge bonuses, the Exec's tension dice, the round."""

    bleakness: Bleakness
    dice: int
    round: int = 1
    pitfalls: tuple[Pitfall, ...] = ()
    bonuses: tuple[Edge, ...] = ()
    spotlight: int = 0  # -nD risk for next round's first actor
    spotlight_due: int = 0  # this round's: the next tension-mode roll takes it (rules.cgg.tension_roll)
    successes: int | None = None  # rolled by the last spin, not spent yet
    turns: Round = field(default_factory=Round)  # this round's turn order (rules.cgg.rounds)
    lowered: tuple[int, ...] = ()  # the actions (log rows) the Exec has lowered tension for

    @classmethod
    def start(cls, bleakness: Bleakness, players: int) -> TensionState:
        return cls(bleakness=bleakness, dice=tension_dice(bleakness, players))

    def _pitfall(self, index: int) -> Pitfall:
        if not 0 <= index < len(self.pitfalls):
            raise RulesError("There is no such pitfall.")
        return self.pitfalls[index]

    def _with_pitfall(self, index: int, pitfall: Pitfall) -> TensionState:
        pitfalls = list(self.pitfalls)
        pitfalls[index] = pitfall
        return replace(self, pitfalls=tuple(pitfalls))

    def add_pitfall(self, name: str, tension: int) -> TensionState:
        pitfall = Pitfall(name.strip(), tension)
        if pitfall.resolved:
            raise RulesError(f"A new pitfall starts between 1 and {TENSION_MAX - 1}.")
        return replace(self, pitfalls=(*self.pitfalls, pitfall))

    def move(self, index: int, delta: int) -> TensionState:
        """The Exec lowers tension for the explorers' actions (1, or 2 for particularly effective ones)."""
        return self._with_pitfall(index, self._pitfall(index).move(delta))

    def lower_for(self, action: int, index: int, amount: int) -> TensionState:
        """A successful action lowers a pitfall's tension 1, or 2 if particularly effective (the first
        player's 2 or 3): once per action."""
        if amount not in (1, 2, 3):
            raise RulesError("Lower tension by 1, 2 or 3.")
        if action in self.lowered:
            raise RulesError("This action has already lowered tension.")
        return replace(self.move(index, -amount), lowered=(*self.lowered, action))

    def add_bonus(self, explorer: str, attribute: str) -> TensionState:
        """The Edge player's cumulative +1d to one explorer's attribute."""
        return replace(self, bonuses=(*self.bonuses, Edge(explorer, attribute)))

    def edge_player_bonus(self, explorer: str, attribute: str) -> TensionState:
        """The Edge player's own choice, "at the start of the round": one a round."""
        if any(bonus.round == self.round for bonus in self.bonuses):
            raise RulesError("The Edge bonus for this round has been given.")
        return replace(self, bonuses=(*self.bonuses, Edge(explorer, attribute, self.round)))

    def make_worse(self, index: int) -> TensionState:
        """A Ready! action cued the Exec: +1 tension on a pitfall, one tension die less."""
        return replace(self.move(index, +1), dice=max(0, self.dice - 1))

    def spin(self, spin: Spin) -> TensionState:
        """The Exec spins the world: the successes wait to be spent."""
        if self.successes is not None:
            raise RulesError("Spend the last spin's successes first.")
        return replace(self, successes=spin.successes)

    def spend(self, spend: Spend, pitfall: int | None = None, slip_bonus: int | None = None) -> TensionState:
        """Spend the spin's successes: Slide on one pitfall, Slip one Edge bonus, Spotlight next round's first actor."""
        if self.successes is None:
            raise RulesError("Spin the world first.")
        spend.check(self.successes)
        state = self
        if spend.slide:
            if pitfall is None:
                raise RulesError("Choose the pitfall the Slide raises.")
            state = state.move(pitfall, spend.slide)
        if spend.slip:
            if slip_bonus is None or not 0 <= slip_bonus < len(state.bonuses):
                raise RulesError("Choose the Edge bonus the Slip removes.")
            state = replace(state, bonuses=state.bonuses[:slip_bonus] + state.bonuses[slip_bonus + 1 :])
        return replace(state, spotlight=spend.spotlight, successes=None)

    def next_round(self) -> TensionState:
        """A new round: the Spotlight placed last round now waits for this round's first actor;
        no one has acted, and the player with Edge chooses who goes first again."""
        return replace(self, round=self.round + 1, spotlight=0, spotlight_due=self.spotlight, turns=Round())

    def take_spotlight(self) -> TensionState:
        """The round's first actor has rolled: the Spotlight is spent."""
        return replace(self, spotlight_due=0)

    @property
    def over(self) -> bool:
        """Tension mode ends when a pitfall reaches 0 or 15."""
        return any(pitfall.resolved for pitfall in self.pitfalls)

    def as_dict(self) -> dict:
        return {
            "bleakness": self.bleakness.value,
            "dice": self.dice,
            "round": self.round,
            "pitfalls": [{"name": p.name, "tension": p.tension} for p in self.pitfalls],
            "bonuses": [
                {"explorer": b.explorer, "attribute": b.attribute} | ({"round": b.round} if b.round else {})
                for b in self.bonuses
            ],
            "spotlight": self.spotlight,
            "spotlight_due": self.spotlight_due,
            "successes": self.successes,
            "turns": self.turns.as_dict(),
        } | ({"lowered": list(self.lowered)} if self.lowered else {})

    @classmethod
    def from_dict(cls, data: dict) -> TensionState:
        return cls(
            bleakness=Bleakness(data["bleakness"]),
            dice=data["dice"],
            round=data["round"],
            pitfalls=tuple(Pitfall(**p) for p in data["pitfalls"]),
            bonuses=tuple(Edge(**b) for b in data["bonuses"]),
            spotlight=data["spotlight"],
            spotlight_due=data.get("spotlight_due", 0),  # scenes stored before it existed
            successes=data.get("successes"),
            turns=Round.from_dict(data.get("turns")),  # scenes stored before turn order existed
            lowered=tuple(data.get("lowered", ())),
        )


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"
