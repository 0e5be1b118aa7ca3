"""Tribute Alpha tests (seed: "Making Tests", "FOCUS Dice", "BURDEN Dice", "Profit and Waste").

Interpretations (published on /rules/#tribute):
- "Any FOCUS dice other than the first one": the first one is the die used as
  the FOCUS die (the highest); with several highest, one of them is used and
  the others count. Likewise for Waste and the BURDEN die.
- Profit and Waste exist only on a Match or a Win; on a Fail both are 0.
- Reading (published on /rules/#tribute-match): a Match delivers the effect as a Win does.
  The text gives Profit and Waste on a Match, and both change "the Rank of any Features in
  the Effect you're Testing", which only means something if the effect is delivered; of a
  Fail alone it says "nothing happens". So a test's success (its odds, its chart, its ✔)
  is a Win or a Match; the Match keeps its own name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules import system
from rules.dice import DiceSource
from rules.errors import RulesError

DIE_SIZES = (4, 6, 8, 10, 12)
MAX_DICE = 6
MAX_RANK = 99


class Outcome(StrEnum):
    WIN = "win"
    MATCH = "match"
    FAIL = "fail"

    @property
    def label(self) -> str:
        return {"win": "Win", "match": "Match", "fail": "Fail"}[self.value]

    @property
    def delivers(self) -> bool:
        """A Win or a Match delivers the effect (the reading in this module's docstring)."""
        return self is not Outcome.FAIL


def outcome(result: int, opposition: int) -> Outcome:
    """Higher than the opposition's result wins, equal matches, lower fails."""
    if result > opposition:
        return Outcome.WIN
    return Outcome.MATCH if result == opposition else Outcome.FAIL


@dataclass(frozen=True, slots=True)
class TestSpec:
    """1 FOCUS die + up to 5 for advantages, 1 BURDEN die + up to 5 for handicaps,
    all of the campaign's die size, and the attribute's rank."""

    __test__ = False  # not a pytest test class

    focus: int
    burden: int
    die_size: int
    rank: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.focus <= MAX_DICE:
            raise RulesError(f"Roll 1 to {MAX_DICE} FOCUS dice.")
        if not 1 <= self.burden <= MAX_DICE:
            raise RulesError(f"Roll 1 to {MAX_DICE} BURDEN dice.")
        if self.die_size not in DIE_SIZES:
            raise RulesError("Tribute Alpha dice are d4, d6, d8, d10 or d12.")
        if not -MAX_RANK <= self.rank <= MAX_RANK:
            raise RulesError(f"An attribute rank is between -{MAX_RANK} and {MAX_RANK}.")


@dataclass(frozen=True, slots=True)
class TestRoll:
    __test__ = False

    spec: TestSpec
    focus_faces: tuple[int, ...]
    burden_faces: tuple[int, ...]

    @property
    def focus_die(self) -> int:
        return max(self.focus_faces)

    @property
    def burden_die(self) -> int:
        return max(self.burden_faces)

    @property
    def focus_index(self) -> int:
        return self.focus_faces.index(self.focus_die)

    @property
    def burden_index(self) -> int:
        return self.burden_faces.index(self.burden_die)

    @property
    def result(self) -> int:
        return self.focus_die - self.burden_die + self.spec.rank

    def outcome(self, opposition: int) -> Outcome:
        return outcome(self.result, opposition)

    def profit(self, against: Outcome) -> int:
        """FOCUS dice other than the one used that meet or beat the BURDEN die."""
        if against is Outcome.FAIL:
            return 0
        others = self.focus_faces[: self.focus_index] + self.focus_faces[self.focus_index + 1 :]
        return sum(1 for face in others if face >= self.burden_die)

    def waste(self, against: Outcome) -> int:
        """BURDEN dice other than the one used that meet or beat the FOCUS die."""
        if against is Outcome.FAIL:
            return 0
        others = self.burden_faces[: self.burden_index] + self.burden_faces[self.burden_index + 1 :]
        return sum(1 for face in others if face >= self.focus_die)


def roll_test(spec: TestSpec, dice: DiceSource) -> TestRoll:
    focus = tuple(dice.roll(spec.die_size) for _ in range(spec.focus))
    burden = tuple(dice.roll(spec.die_size) for _ in range(spec.burden))
    return TestRoll(spec, focus, burden)


def _side(n: int, top: int, threshold: int) -> dict[int, int]:
    """Ways for n dice with highest face `top` to have k *other* dice at or above
    `threshold`: {k: ways}. Counting, not enumeration (see chances())."""
    if threshold > top:
        return {0: top**n - (top - 1) ** n}
    below = threshold - 1
    return {
        k - 1: comb(n, k) * below ** (n - k) * ((top - threshold + 1) ** k - (top - threshold) ** k)
        for k in range(1, n + 1)
    }


def joint(spec: TestSpec, opposition: int) -> dict[tuple[Outcome, int, int], Fraction]:
    """Exact chance of each (outcome, Profit, Waste) against a known opposition result.

    For each pair of highest faces (f, b), the FOCUS and BURDEN sides are
    independent: with f the highest of n dice, the number of dice at or above a
    threshold t <= f is k with C(n,k)(t-1)^(n-k)((f-t+1)^k - (f-t)^k) ways."""
    s, total = spec.die_size, spec.die_size ** (spec.focus + spec.burden)
    result: dict[tuple[Outcome, int, int], Fraction] = {}
    for f in range(1, s + 1):
        for b in range(1, s + 1):
            got = outcome(f - b + spec.rank, opposition)
            focus_ways, burden_ways = _side(spec.focus, f, b), _side(spec.burden, b, f)
            for profit, pw in focus_ways.items():
                for waste, bw in burden_ways.items():
                    key = (got, 0, 0) if got is Outcome.FAIL else (got, profit, waste)
                    result[key] = result.get(key, Fraction(0)) + Fraction(pw * bw, total)
    return {key: p for key, p in result.items() if p}


@dataclass(frozen=True, slots=True)
class TestChances:
    __test__ = False

    win: Fraction
    match: Fraction
    fail: Fraction
    profit: dict[int, Fraction]
    waste: dict[int, Fraction]

    @property
    def delivered(self) -> Fraction:
        """The chance the effect is delivered: a Win or a Match (Reading: /rules/#tribute-match)."""
        return self.win + self.match


@lru_cache(maxsize=1024)  # the preview asks again as the player edits; few distinct tests exist
def chances(spec: TestSpec, opposition: int) -> TestChances:
    """P(Win), P(Match), P(Fail), and the distributions of Profit and Waste."""
    by_outcome = dict.fromkeys(Outcome, Fraction(0))
    profit: dict[int, Fraction] = {}
    waste: dict[int, Fraction] = {}
    for (got, p_count, w_count), p in joint(spec, opposition).items():
        by_outcome[got] += p
        profit[p_count] = profit.get(p_count, Fraction(0)) + p
        waste[w_count] = waste.get(w_count, Fraction(0)) + p
    return TestChances(
        by_outcome[Outcome.WIN],
        by_outcome[Outcome.MATCH],
        by_outcome[Outcome.FAIL],
        dict(sorted(profit.items())),
        dict(sorted(waste.items())),
    )


def result_distribution(spec: TestSpec) -> dict[int, Fraction]:
    """Exact chance of each result (highest FOCUS - highest BURDEN + rank)."""
    s = spec.die_size
    top = {face: Fraction(face**spec.focus - (face - 1) ** spec.focus, s**spec.focus) for face in range(1, s + 1)}
    low = {face: Fraction(face**spec.burden - (face - 1) ** spec.burden, s**spec.burden) for face in range(1, s + 1)}
    distribution: dict[int, Fraction] = {}
    for f, pf in top.items():
        for b, pb in low.items():
            key = f - b + spec.rank
            distribution[key] = distribution.get(key, Fraction(0)) + pf * pb
    return dict(sorted(distribution.items()))


def opposed_chances(first: TestSpec, second: TestSpec) -> dict[Outcome, Fraction]:
    """An opposed test from the first side's view: each result is the other's opposition."""
    a, b = result_distribution(first), result_distribution(second)
    chances_ = dict.fromkeys(Outcome, Fraction(0))
    for ra, pa in a.items():
        for rb, pb in b.items():
            chances_[outcome(ra, rb)] += pa * pb
    return chances_


@dataclass(frozen=True, slots=True)
class Test:
    """A test's one throw: the roller's dice and rank against an opposition result they know."""

    __test__ = False

    spec: TestSpec
    opposition: int


class TestRules(system.RollRules[Test]):
    """Tribute Alpha's check in the interface every system answers (rules/system.py). A Win or
    a Match is its success: either delivers the effect (Reading (published on
    /rules/#tribute-match): see this module's docstring); the grade keeps Win and Match apart."""

    __test__ = False

    examples = (
        Test(TestSpec(1, 1, 6), 0),  # the seed's test with no modifiers
        Test(TestSpec(3, 2, 6, rank=1), 2),
        Test(TestSpec(2, 2, 10, rank=-1), 0),
        Test(TestSpec(4, 1, 4), 1),
        Test(TestSpec(2, 3, 8), 0),
    )

    def dice(self, request: Test) -> tuple[int, ...]:
        """The FOCUS dice, then the BURDEN dice, all of the campaign's die size."""
        spec = request.spec
        return (spec.die_size,) * (spec.focus + spec.burden)

    def odds(self, request: Test) -> Fraction:
        return chances(request.spec, request.opposition).delivered

    def outcomes(self, request: Test) -> dict[str, Fraction]:
        found = chances(request.spec, request.opposition)
        return {Outcome.FAIL.label: found.fail, Outcome.MATCH.label: found.match, Outcome.WIN.label: found.win}

    def resolve(self, request: Test, faces: tuple[int, ...]) -> system.Outcome:
        focus = request.spec.focus
        rolled = TestRoll(request.spec, tuple(faces[:focus]), tuple(faces[focus:]))
        got = rolled.outcome(request.opposition)
        summary = f"{rolled.result} against {request.opposition}: {got.label}."
        return system.Outcome(got.delivers, summary, got.label)


RULES = TestRules()
