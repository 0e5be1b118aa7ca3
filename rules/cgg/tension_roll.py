"""Tension mode reaching an explorer's roll (seed: "Tension Mode", step 1.1; "Exec Spins
The World", Spotlight).

Interpretations (published on /rules/#cgg):
- An Edge bonus is "+1d to a die code": the attribute's code gains the die, so the risk
  roll has it and so do the success dice the code brings. The bonuses add up for as long
  as tension mode lasts, on every roll of that explorer's attribute, until a Slip removes
  one or tension mode ends (the Exec ends it, or a pitfall reaches 0 or 15).
- A Spotlight is "-1d risk": it takes dice from the risk roll only, never below 0d, and
  leaves the success dice alone. "The first acting player for next round" is the first
  explorer the player with Edge chose to go first that round (rules.cgg.rounds), on their
  first roll; until one is chosen, the first explorer to roll. The Spotlight is then spent.
- "If you helped someone this round count your risk roll as -1d" is read as the Spotlight
  is: one die off the risk roll only, never below 0d, on every risk roll the helper makes
  for the rest of the round (rules.cgg.rounds).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cgg.codes import DieCode
from rules.cgg.rounds import HELPED_RISK
from rules.cgg.tension import TensionState


@dataclass(frozen=True, slots=True)
class TensionModifiers:
    edge: int = 0  # +nD from the Edge player's bonuses on this attribute
    spotlight: int = 0  # -nD risk from the Exec's Spotlight
    helped: int = 0  # -nD risk: this explorer helped someone this round

    def apply(self, code: DieCode) -> tuple[DieCode, int]:
        """The risk code and the success dice of an attribute's code in tension mode."""
        boosted = code.add_dice(self.edge)
        return DieCode(max(0, boosted.dice - self.spotlight - self.helped), boosted.pips), boosted.dice

    @property
    def labels(self) -> tuple[str, ...]:
        """As the card shows them after the code: "4d+1 +1d Edge"."""
        return tuple(
            label
            for count, label in (
                (self.edge, f"+{self.edge}d Edge"),
                (self.spotlight, f"-{self.spotlight}d Spotlight"),
                (self.helped, f"-{self.helped}d helped this round"),
            )
            if count
        )


def modifiers_for(state: TensionState, explorer: str, attribute: str, seat: int | None = None) -> TensionModifiers:
    """What tension mode does to `explorer`'s roll of `attribute` now: every Edge bonus on it,
    the Spotlight if it is due (the caller spends it with `state.take_spotlight()`), and -1d
    if the explorer (`seat`) helped someone this round."""
    if state.over:
        return TensionModifiers()
    edge = sum(1 for bonus in state.bonuses if (bonus.explorer, bonus.attribute) == (explorer, attribute))
    helped = HELPED_RISK if seat is not None and state.turns.helped(seat) else 0
    first = state.turns.first
    spotlight = state.spotlight_due if first is None or first == seat else 0
    return TensionModifiers(edge=edge, spotlight=spotlight, helped=helped)
