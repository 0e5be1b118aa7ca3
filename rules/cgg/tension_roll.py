"""Tension mode reaching an explorer's roll (seed: "Tension Mode", step 1.1; "Exec Spins
The World", Spotlight).

Interpretations (published on /rules/#cgg):
- An Edge bonus is "+1d to a die code": the attribute's code gains the die, so the risk
  roll has it and so do the success dice the code brings. The bonuses add up for as long
  as tension mode lasts, on every roll of that explorer's attribute, until a Slip removes
  one or tension mode ends (the Exec ends it, or a pitfall reaches 0 or 15).
- A Spotlight is "-1d risk": it takes dice from the risk roll only, never below 0d, and
  leaves the success dice alone. It comes off last, once the assisting codes are combined in
  (rules.cgg.assists): combined first, the helper's code would replace the penalised one and the
  penalty would turn into extra success dice. "The first acting player for next round" is the first
  explorer the player with Edge chose to go first that round (rules.cgg.rounds), on their
  first roll; until one is chosen, the first explorer to roll. The Spotlight is then spent.
- "If you helped someone this round count your risk roll as -1d" is read as the Spotlight
  is: one die off the risk roll only, never below 0d, on every risk roll the helper makes
  for the rest of the round (rules.cgg.rounds); it too comes off after the assists.
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

    def boost(self, code: DieCode) -> DieCode:
        """The attribute's code with its Edge bonuses: the code itself, so its success dice too."""
        return code.add_dice(self.edge)

    @property
    def risk_change(self) -> int:
        """The dice the Spotlight and a help this round take off the risk roll alone, once every code
        that combines into the action's is in (rules.cgg.assists; rules page, #cgg-risk-penalties)."""
        return -(self.spotlight + self.helped)

    def apply(self, code: DieCode) -> tuple[DieCode, int]:
        """The risk code and the success dice of an attribute's code in tension mode, nothing assisting."""
        boosted = self.boost(code)
        return with_risk_dice(boosted, self.risk_change), boosted.dice

    @property
    def code_labels(self) -> tuple[str, ...]:
        """As the card shows them after the code: "4d+1 +1d Edge"."""
        return (f"+{self.edge}d Edge",) if self.edge else ()

    @property
    def risk_labels(self) -> tuple[str, ...]:
        """As the card shows them after the assists: "-3d Spotlight"."""
        return tuple(
            label
            for count, label in (
                (self.spotlight, f"-{self.spotlight}d Spotlight"),
                (self.helped, f"-{self.helped}d helped this round"),
            )
            if count
        )

    @property
    def labels(self) -> tuple[str, ...]:
        return self.code_labels + self.risk_labels


def with_risk_dice(code: DieCode, change: int) -> DieCode:
    """The risk roll's code after a change to its dice alone (Spotlight, a help, Confused, Improved),
    never below 0d; the success dice are not touched."""
    return DieCode(max(0, code.dice + change), code.pips)


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
