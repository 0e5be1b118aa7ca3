"""Dice sources, plain dice notation, and exact odds for notation rolls.

Randomness is always an argument (a `DiceSource`), never module state:
production passes `SystemDice`, tests pass `SeededDice` or `ScriptedDice`.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb, prod
from typing import Protocol

from rules.errors import RulesError

# Limits of plain notation (published on the rules page, section "Dice notation").
MAX_DICE = 100
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_MODIFIER = 10_000
MAX_LENGTH = 120
# Work allowed for one exact-odds answer: number of numerator-term products.
# Only rolls mixing many different large dice come near it.
MAX_ODDS_WORK = 15_000


class DiceSource(Protocol):
    def roll(self, sides: int) -> int:
        """One fair die with faces 1..sides."""
        ...


class SystemDice:
    """Production dice: the operating system's cryptographic random source."""

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class SeededDice:
    """Reproducible dice for tests and simulations."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Dice that show the given faces in order; for tests of exact situations."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def roll(self, sides: int) -> int:
        try:
            face = next(self._faces)
        except StopIteration:
            raise AssertionError("ScriptedDice ran out of faces") from None
        if not 1 <= face <= sides:
            raise AssertionError(f"scripted face {face} is not on a d{sides}")
        return face


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """`count` dice of `sides` sides, added (sign +1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: int = 1

    def __post_init__(self) -> None:
        if self.count < 1:
            raise RulesError(f"Roll at least one die: '{self.count}d{self.sides}' rolls none.")
        if self.sides < 2:
            raise RulesError(f"A die has at least 2 sides: 'd{self.sides}' has {self.sides}.")
        if self.sides > MAX_SIDES:
            raise RulesError(f"A die has at most {MAX_SIDES} sides: 'd{self.sides}' has more.")
        if self.count > MAX_DICE:
            raise RulesError(f"At most {MAX_DICE} dice in one roll: '{self.count}d{self.sides}' has more.")
        if self.sign not in (1, -1):
            raise RulesError("A dice term is either added or subtracted.")


@dataclass(frozen=True, slots=True)
class Notation:
    """A parsed roll such as 3d6+2 or 1d20+1d4-1: dice terms plus a fixed modifier."""

    dice: tuple[DiceTerm, ...]
    modifier: int = 0

    def __post_init__(self) -> None:
        if not self.dice:
            raise RulesError("A roll needs at least one die, e.g. 1d20 or 3d6+2.")
        if self.dice_count > MAX_DICE:
            raise RulesError(f"At most {MAX_DICE} dice in one roll; this one has {self.dice_count}.")
        if abs(self.modifier) > MAX_MODIFIER:
            raise RulesError(f"The fixed part of a roll must stay within ±{MAX_MODIFIER}.")

    @property
    def dice_count(self) -> int:
        return sum(term.count for term in self.dice)

    @property
    def minimum(self) -> int:
        return self.modifier + sum(t.count if t.sign > 0 else -t.count * t.sides for t in self.dice)

    @property
    def maximum(self) -> int:
        return self.modifier + sum(t.count * t.sides if t.sign > 0 else -t.count for t in self.dice)

    def __str__(self) -> str:
        text = ""
        for term in self.dice:
            text += ("+" if term.sign > 0 else "-") + f"{term.count}d{term.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text.removeprefix("+")


_TERM = re.compile(r"(?P<count>\d*)d(?P<sides>\d+|%)|(?P<number>\d+)")


def parse(text: str) -> Notation:
    """Parse plain dice notation: terms `NdS`, `dS`, `d%` (= d100) or whole
    numbers joined by + and -, e.g. `3d6+2`, `d100`, `2d12-1`, `1d20+1d4+3`.
    Spaces and the case of `d` do not matter."""
    dice: list[DiceTerm] = []
    modifier = 0
    for sign, term_text in signed_terms(text, "3d6+2 or d100"):
        match = _TERM.fullmatch(term_text)
        if match is None:
            raise RulesError(_explain_bad_term(term_text))
        if match["number"] is not None:
            modifier += sign * _bounded_int(match["number"], MAX_MODIFIER, "The fixed part of a roll")
            continue
        count = _bounded_int(match["count"] or "1", MAX_DICE, "The number of dice")
        sides = 100 if match["sides"] == "%" else _bounded_int(match["sides"], MAX_SIDES, "A die's sides")
        dice.append(DiceTerm(count, sides, sign))
    return Notation(tuple(dice), modifier)


def signed_terms(text: str, example: str) -> list[tuple[int, str]]:
    """The terms of a roll joined by + and -, each with its sign (+1 or -1), spaces and case
    ignored: what every notation (plain here, extended in rules.notation) splits the same way."""
    compact = re.sub(r"\s+", "", text or "").lower()
    if not compact:
        raise RulesError(f"Type the dice to roll, e.g. {example}.")
    if len(compact) > MAX_LENGTH:
        raise RulesError(f"Dice notation is at most {MAX_LENGTH} characters long.")
    pieces = re.split(r"([+-])", compact)
    # A leading sign ("-1d4+3") splits off an empty first piece; otherwise the first term is added.
    pieces = pieces[1:] if pieces[0] == "" else ["+", *pieces]
    if len(pieces) // 2 > MAX_TERMS:
        raise RulesError(f"At most {MAX_TERMS} terms in one roll.")
    terms = []
    for sign_text, term in zip(pieces[::2], pieces[1::2], strict=True):
        if term == "":
            raise RulesError(f"'{text.strip()}' has '{sign_text}' with nothing after it: add dice or a number.")
        terms.append((1 if sign_text == "+" else -1, term))
    return terms


def _bounded_int(digits: str, limit: int, what: str) -> int:
    # Refuse absurd numbers before converting them (no 10,000-digit ints).
    if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
        raise RulesError(f"{what} can be at most {limit}: '{digits}' is too large.")
    return int(digits)


def _explain_bad_term(term: str) -> str:
    if re.fullmatch(r"\d*d", term):
        return f"'{term}' needs the number of sides after the d, e.g. {term}6."
    return f"'{term}' is not dice notation. Write dice as NdS (3d6, d100) and add numbers with + or -."


@dataclass(frozen=True, slots=True)
class NotationRoll:
    """The faces each term showed and the total."""

    notation: Notation
    faces: tuple[tuple[int, ...], ...]

    @property
    def total(self) -> int:
        return self.notation.modifier + sum(
            term.sign * sum(faces) for term, faces in zip(self.notation.dice, self.faces, strict=True)
        )


def roll(notation: Notation, dice: DiceSource) -> NotationRoll:
    """Roll every term of the notation with the given dice."""
    faces = tuple(tuple(dice.roll(term.sides) for _ in range(term.count)) for term in notation.dice)
    return NotationRoll(notation, faces)


class Comparison(StrEnum):
    AT_LEAST = "at_least"
    AT_MOST = "at_most"

    @property
    def symbol(self) -> str:
        return "≥" if self is Comparison.AT_LEAST else "≤"

    @property
    def label(self) -> str:
        """In words, as a committed target is written (campaigns.secrets.commitments): "at least", "at most"."""
        return self.value.replace("_", " ")

    def holds(self, total: int, target: int) -> bool:
        return total >= target if self is Comparison.AT_LEAST else total <= target


def succeeds(result: NotationRoll, target: int, comparison: Comparison) -> bool:
    return comparison.holds(result.total, target)


@lru_cache(maxsize=4096)  # the preview asks again as the player edits; bounded, as its keys are typed by players
def chance(notation: Notation, target: int, comparison: Comparison = Comparison.AT_LEAST) -> Fraction:
    """Exact probability that the total meets the target (≥ or ≤).

    Counting, not convolution: every die is shifted to faces 0..s-1, so the
    sum's generating function is prod((1 - x^s)^n) / (1 - x)^N, and the number
    of ways to stay at or under m is sum(c_e * C(m - e + N, N)) over the
    numerator's coefficients c_e. 100d1000 takes 101 binomials, where a
    convolution (or icepool) takes minutes.
    """
    if comparison is Comparison.AT_LEAST:
        return 1 - _chance_at_most(notation, target - 1)
    return _chance_at_most(notation, target)


def _chance_at_most(notation: Notation, total: int) -> Fraction:
    offset = notation.minimum
    span = notation.maximum - notation.minimum  # the shifted sum runs 0..span
    m = total - offset
    if m < 0:
        return Fraction(0)
    if m >= span:
        return Fraction(1)
    # The shifted sum is symmetric about span/2: count the shorter tail.
    if m > span - m - 1:
        return 1 - Fraction(_ways_at_most(notation, span - m - 1), _outcomes(notation))
    return Fraction(_ways_at_most(notation, m), _outcomes(notation))


def _outcomes(notation: Notation) -> int:
    return prod(term.sides**term.count for term in notation.dice)


def _dice_by_sides(notation: Notation) -> dict[int, int]:
    counts: dict[int, int] = {}
    for term in notation.dice:
        counts[term.sides] = counts.get(term.sides, 0) + term.count
    return counts


def _ways_at_most(notation: Notation, m: int) -> int:
    """Ways for the shifted sum (each die 0..s-1) to be at most m."""
    n_dice = notation.dice_count
    numerator = {0: 1}
    work = 0
    for sides, count in _dice_by_sides(notation).items():
        work += len(numerator) * (count + 1)
        if work > MAX_ODDS_WORK:
            raise RulesError("Exact odds for this many different kinds of dice take too long; the roll itself works.")
        expanded: dict[int, int] = {}
        for exponent, coefficient in numerator.items():
            for j in range(min(count, (m - exponent) // sides) + 1):
                key = exponent + sides * j
                expanded[key] = expanded.get(key, 0) + coefficient * (-1) ** j * comb(count, j)
        numerator = expanded
    return sum(c * comb(m - e + n_dice, n_dice) for e, c in numerator.items())


@lru_cache(maxsize=1024)  # the odds chart asks again as the player edits; callers only read the dict
def distribution(notation: Notation) -> dict[int, Fraction]:
    """Exact probability of every total, for charts and tests (small rolls)."""
    if notation.maximum - notation.minimum > 5_000:
        raise RulesError("This roll has too many possible totals to chart.")
    below = Fraction(0)
    result: dict[int, Fraction] = {}
    for total in range(notation.minimum, notation.maximum + 1):
        at_most = _chance_at_most(notation, total)
        result[total] = at_most - below
        below = at_most
    return result
