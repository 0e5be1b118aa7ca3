"""Exact odds of extended notation: counted, never simulated.

Plain rolls go to rules.dice's counting. Otherwise every distribution is
integer weights over a common denominator, built in the order a die lives
(rolling.py): one settled roll (re-rolls), its chain of explosions (capped,
so finite), then the pool (keep/drop by dynamic programming over the faces
from the highest down, success counting by each die's number of successes),
then the pools and the modifier added together.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from rules import dice as plain
from rules.dice import Comparison
from rules.errors import RulesError
from rules.notation.grammar import CAP_EXPLOSIONS, Expression, Pool

# Steps allowed for one exact answer (about a second of Python at worst).
MAX_ODDS_WORK = 2_000_000

Weights = dict[int, int]


class _Budget:
    def __init__(self, expression: Expression) -> None:
        self.left = MAX_ODDS_WORK
        self.expression = expression

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise RulesError(f"Exact odds for {self.expression} take too long to count; the roll itself works.")


@lru_cache(maxsize=1024)  # the preview asks again as the player edits; callers only read the dict
def distribution(expression: Expression) -> dict[int, Fraction]:
    """Exact probability of every total (or success count) of the roll."""
    if expression.plain is not None:
        return plain.distribution(expression.plain)
    budget = _Budget(expression)
    weights: Weights = {expression.modifier: 1}
    denominator = 1
    for pool in expression.pools:
        pool_weights, pool_denominator = _pool(pool, budget)
        weights = _add(weights, {pool.sign * v: w for v, w in pool_weights.items()}, budget)
        denominator *= pool_denominator
    return {total: Fraction(weights[total], denominator) for total in sorted(weights)}


@lru_cache(maxsize=4096)
def chance(expression: Expression, target: int, comparison: Comparison = Comparison.AT_LEAST) -> Fraction:
    """Exact probability that the total (or the number of successes) meets the target."""
    if expression.plain is not None:
        return plain.chance(expression.plain, target, comparison)
    return sum((p for total, p in distribution(expression).items() if comparison.holds(total, target)), Fraction(0))


def _add(a: Weights, b: Weights, budget: _Budget) -> Weights:
    """The weights of the sum of two independent values."""
    budget.spend(len(a) * len(b))
    result: Weights = {}
    for x, wx in a.items():
        for y, wy in b.items():
            result[x + y] = result.get(x + y, 0) + wx * wy
    return result


def _settled(pool: Pool) -> tuple[Weights, int]:
    """One roll after its re-rolls: weights of each face, and their denominator."""
    faces = pool.faces
    sides = len(faces)
    if pool.reroll is None:
        return dict.fromkeys(faces, 1), sides
    matching = sum(pool.reroll.holds(f) for f in faces)
    if pool.reroll_once:
        # The first face stays unless it matches; a matching one is replaced by any face.
        return {f: sides * (not pool.reroll.holds(f)) + matching for f in faces}, sides * sides
    return {f: 1 for f in faces if not pool.reroll.holds(f)}, sides - matching


def _die(pool: Pool, budget: _Budget) -> tuple[dict[tuple[int, int], int], int]:
    """One die with its explosions: weights of (value, successes), and their denominator.

    `chain` is the die when it may still explode `n` more times; the last roll
    of a capped chain is added as it falls.
    """
    settled, q = _settled(pool)

    def score(face: int) -> int:
        return int(pool.success.holds(face)) if pool.success else face

    chain = {(f, score(f)): w for f, w in settled.items()}
    denominator = q
    for _ in range(CAP_EXPLOSIONS if pool.explode else 0):
        budget.spend(len(settled) + len(chain))
        longer: dict[tuple[int, int], int] = {}
        for f, w in settled.items():
            if pool.explode.holds(f):
                for (value, successes), wc in chain.items():
                    key = (f + value, score(f) + successes)
                    longer[key] = longer.get(key, 0) + w * wc
            else:
                key = (f, score(f))
                longer[key] = longer.get(key, 0) + w * denominator
        chain, denominator = longer, denominator * q
    return chain, denominator


def _pool(pool: Pool, budget: _Budget) -> tuple[Weights, int]:
    """The pool's worth: sum of the kept dice, or their successes."""
    die, q = _die(pool, budget)
    if pool.keep is None:
        single: Weights = {}
        for (value, successes), w in die.items():
            worth = successes if pool.success else value
            single[worth] = single.get(worth, 0) + w
        total: Weights = {0: 1}
        for _ in range(pool.count):
            total = _add(total, single, budget)
        return total, q**pool.count
    return _keep(pool, die, budget), q**pool.count


def _keep(pool: Pool, die: dict[tuple[int, int], int], budget: _Budget) -> Weights:
    """Keep the k highest (or lowest) of n dice: place the dice face by face,
    from the best face down; the first k placed are kept. `ways[(placed, worth)]`."""
    n = pool.count
    highest = pool.kept_highest is not None
    kept = pool.kept_highest if highest else pool.kept_lowest
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for (value, successes), w in sorted(die.items(), reverse=highest):
        worth = successes if pool.success else value
        powers = [w**j for j in range(n + 1)]
        budget.spend(len(ways) * (n + 1))
        placed_more: dict[tuple[int, int], int] = {}
        for (placed, total), ways_so_far in ways.items():
            for j in range(n - placed + 1):
                key = (placed + j, total + worth * min(j, max(0, kept - placed)))
                placed_more[key] = placed_more.get(key, 0) + ways_so_far * comb(n - placed, j) * powers[j]
        ways = placed_more
    return {total: w for (placed, total), w in ways.items() if placed == n}
