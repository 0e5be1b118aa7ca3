"""Diligence rolls and Leverage die codes (seed: "Diligence Rolls", "Leverage Die Codes").

A diligence roll is a risk roll whose Venture dice are discarded; its total
becomes pips of a new leverage code, or a third of them (rounded up) adds to
an existing one. Each use of Leverage costs one hour or 1D; below 0D it expires.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.cgg.codes import DieCode, combine
from rules.cgg.risk import RiskRoll, roll_risk
from rules.dice import DiceSource
from rules.errors import RulesError


def roll_diligence(code: DieCode, dice: DiceSource) -> RiskRoll:
    """Rolled like risk; the caller ignores its Venture (no Wrench, no Hammer)."""
    return roll_risk(code, dice)


def leverage_from(total: int, existing: DieCode | None = None) -> DieCode:
    if total < 0:
        raise RulesError("A diligence total is never negative.")
    if existing is None:
        return DieCode.from_pips(total)
    return existing.add_pips(ceil(total / 3))


@dataclass(frozen=True, slots=True)
class Leverage:
    purpose: str
    code: DieCode

    def __post_init__(self) -> None:
        if not self.purpose.strip():
            raise RulesError("Leverage always has a purpose.")

    def assist(self, code: DieCode) -> DieCode:
        """The code a roll gets with this leverage: "Using Leverage to assist your action works in
        the same way as an assisting explorer, just the helping die code is the Leverage die code"
        (rules.cgg.codes.combine: the highest code, plus the other's dice as pips)."""
        return combine(code, self.code)

    def use(self, pay_hour: bool) -> Leverage | None:
        """After one use: the same leverage (the player paid an hour), one die
        less, or None when it falls below 0D and expires ("Each time a player uses
        Leverage for an action, they either pay one or the Leverage loses 1d. If the
        Leverage is reduced to less than 0d, count it as expired"; "pay one" is one hour
        off the Crisis Clock, as the seed's "Pay one/X" reads)."""
        if pay_hour:
            return self
        if self.code.dice == 0:
            return None
        return Leverage(self.purpose, self.code.add_dice(-1))
