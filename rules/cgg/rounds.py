"""Turn order in a tension round (seed: "Tension Mode", steps 1-4).

The player with Edge selects the explorer who goes first ("This explorer can be helped by
everyone, but help no one"); after each action the actor "decides which explorer takes next
action that hasn't already done so"; when every explorer has acted, the Exec spins the world
and a new round begins. An explorer may "elicit help from one or more explorers that have not
yet acted, an explorer can help once in a round", and "If you helped someone this round count
your risk roll as -1d".

Explorers are named by their seat's id (an int); the table says which are seated.

Readings (published on /rules/#cgg):
- An action out of turn (the Exec may call any explorer; the Exec runs the table) still
  counts as that explorer's action this round; the focus stays where it was. An explorer who
  acts again in the same round changes nothing in the round.
- The focus holder passes the focus once they have acted; with everyone acted there is no
  one left to pass to, and the round waits for the Exec's spin.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from rules.errors import RulesError

HELPED_RISK = 1  # "count your risk roll as -1d"


@dataclass(frozen=True, slots=True)
class Help:
    helper: int
    helped: int


@dataclass(frozen=True, slots=True)
class Round:
    """Who goes first, who holds the focus, who has acted and who helped, in one tension round."""

    first: int | None = None
    focus: int | None = None
    acted: tuple[int, ...] = ()
    helps: tuple[Help, ...] = ()
    out_of_turn: tuple[int, ...] = ()  # acted without the focus (the Exec called them)

    def choose_first(self, explorer: int, seated: Collection[int]) -> Round:
        """Step 1.2: the player with Edge selects the explorer that will go first."""
        if self.first is not None:
            raise RulesError("The first explorer of this round is already chosen.")
        if explorer not in seated:
            raise RulesError("Choose a seated explorer to go first.")
        if explorer in self.acted:
            raise RulesError("That explorer has already acted this round.")
        return replace(self, first=explorer, focus=explorer)

    def act(self, explorer: int) -> Round:
        """An explorer took their action (Act!, Idle! or Ready!), in turn or not."""
        if explorer in self.acted:
            return self
        out_of_turn = self.out_of_turn if explorer == self.focus else (*self.out_of_turn, explorer)
        return replace(self, acted=(*self.acted, explorer), out_of_turn=out_of_turn)

    def pass_focus(self, to: int, seated: Collection[int]) -> Round:
        """Step 2.2: the actor passes the focus to an explorer who has not acted this round."""
        if self.focus is None:
            raise RulesError("No one holds the focus yet: the player with Edge chooses who goes first.")
        if self.focus not in self.acted:
            raise RulesError("The explorer with the focus acts before passing it.")
        if to not in seated:
            raise RulesError("Pass the focus to a seated explorer.")
        if to in self.acted:
            raise RulesError("Pass the focus to an explorer who has not acted this round.")
        return replace(self, focus=to)

    def help(self, helper: int, helped: int) -> Round:
        """Step 2.1.1: an explorer who has not acted helps another's action, once a round."""
        if helper == helped:
            raise RulesError("An explorer does not help their own action.")
        if helper == self.first:
            raise RulesError("The explorer who goes first helps no one this round.")
        if helper in self.acted:
            raise RulesError("Only an explorer who has not acted yet this round can help.")
        if self.helped(helper):
            raise RulesError("An explorer can help once in a round.")
        return replace(self, helps=(*self.helps, Help(helper, helped)))

    def helped(self, explorer: int) -> bool:
        """Helped someone this round: their own risk roll counts as -1d."""
        return any(help_.helper == explorer for help_ in self.helps)

    def in_turn(self, explorer: int) -> bool:
        """Acting now is this explorer's turn: they hold the focus and have not acted yet."""
        return self.focus == explorer and explorer not in self.acted

    def waiting(self, seated: Collection[int]) -> tuple[int, ...]:
        """The seated explorers who have not acted this round, in seat order."""
        return tuple(explorer for explorer in seated if explorer not in self.acted)

    def done(self, seated: Collection[int]) -> bool:
        """Step 3: every seated explorer has acted; the Exec spins the world."""
        return bool(seated) and not self.waiting(seated)

    def as_dict(self) -> dict:
        return {
            "first": self.first,
            "focus": self.focus,
            "acted": list(self.acted),
            "helps": [[h.helper, h.helped] for h in self.helps],
            "out_of_turn": list(self.out_of_turn),
        }

    @classmethod
    def from_dict(cls, data: dict | None) -> Round:
        if not data:
            return cls()
        return cls(
            first=data.get("first"),
            focus=data.get("focus"),
            acted=tuple(data.get("acted", ())),
            helps=tuple(Help(helper, helped) for helper, helped in data.get("helps", ())),
            out_of_turn=tuple(data.get("out_of_turn", ())),
        )
