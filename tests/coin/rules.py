"""Coin, a dice system that exists only in the tests: the proof that a sixth
system is a folder. Pure rules, as rules/<key>/ would hold them: no Django, no I/O, the
dice an argument.

The whole rules text: flip N coins (each a d2: 1 is tails, 2 is heads); the flip succeeds
on MORE heads than a target the GM keeps secret."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.system import Outcome, RollRules, System, notes_only_sheet

MAX_COINS = 10
TAILS, HEADS = 1, 2


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{what} is a whole number from {low} to {high}.")
    return value


@dataclass(frozen=True, slots=True)
class Flip:
    """N coins against a target: more heads than the target succeeds."""

    coins: int
    target: int

    def __post_init__(self) -> None:
        _whole(self.coins, 1, MAX_COINS, "The number of coins")
        _whole(self.target, 0, MAX_COINS, "The target")


@dataclass(frozen=True, slots=True)
class Flipped:
    flip: Flip
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != self.flip.coins or set(self.faces) - {TAILS, HEADS}:
            raise RulesError("Each coin shows 1 (tails) or 2 (heads).")

    @property
    def heads(self) -> int:
        return self.faces.count(HEADS)

    @property
    def success(self) -> bool:
        return self.heads > self.flip.target


def flip(request: Flip, dice: DiceSource) -> Flipped:
    """Flip the coins: each one a d2."""
    return Flipped(request, tuple(dice.roll(2) for _ in range(request.coins)))


def heads_distribution(coins: int) -> dict[int, Fraction]:
    """The exact chance of each count of heads among N fair coins: binomial."""
    return {heads: Fraction(comb(coins, heads), 2**coins) for heads in range(coins + 1)}


def chance(request: Flip) -> Fraction:
    """The exact chance of more heads than the target."""
    odds = heads_distribution(request.coins)
    return sum((odds[heads] for heads in range(request.target + 1, request.coins + 1)), Fraction(0))


class FlipRules(RollRules[Flip]):
    """Coin's check in the interface every system answers (rules/system.py)."""

    examples = (Flip(1, 0), Flip(3, 1), Flip(8, 7))

    def dice(self, request: Flip) -> tuple[int, ...]:
        return (2,) * request.coins

    def odds(self, request: Flip) -> Fraction:
        return chance(request)

    def resolve(self, request: Flip, faces: tuple[int, ...]) -> Outcome:
        flipped = Flipped(request, tuple(faces))
        return Outcome(flipped.success, f"{flipped.heads} heads against a target of {request.target}.")


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A coin flipper's sheet: how many coins they flip (1 to 10; one if not said) and notes."""
    coins = _whole(raw.get("coins", 1), 1, MAX_COINS, "Coins")
    return {"coins": coins, **notes_only_sheet(raw)}


SYSTEM = System(
    key="coin",
    name="Coin",
    summary="Flip coins; more heads than the GM's secret target succeeds.",
    roll=FlipRules(),
    sheet_validator=validate_sheet,
)
