"""Diligence rolls and Leverage die codes (seed: "Diligence Rolls", "Leverage Die Codes").

A diligence roll is a risk roll whose Venture dice are discarded; its total
becomes pips of a new leverage code, or a third of them (rounded up) adds to
an existing one. Each use of Leverage costs one hour or 1D; below 0D it expires.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.cgg.codes import DieCode
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

    def use(self, pay_hour: bool) -> Leverage | None:
        """After one use: the same leverage (the player paid an hour), one die
        less, or None when it falls below 0D and expires."""
        if pay_hour:
            return self
        if self.code.dice == 0:
            return None
        return Leverage(self.purpose, self.code.add_dice(-1))
