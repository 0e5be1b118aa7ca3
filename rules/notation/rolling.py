"""Rolling extended notation with a dice source; every face kept for the card.

Order of a die's life (Roll20's): each roll is re-rolled first (`r`, `ro`);
the face it settles on may explode into another roll, up to CAP_EXPLOSIONS
times; then keep/drop picks among the dice; then success counting looks at
every settled roll, so with `6d10>=7!` (also written `6d10!10>=7`) an exploded
10 and the 8 it added are two successes (the World of Darkness way).

Reading (published on /rules/#notation-reroll-explode): a re-roll applies to
every roll of a die, explosion rolls included.
Reading (published on /rules/#notation-explode-keep): keep/drop compares exploded dice by
their whole chain (an exploded 6+2 is one die worth 8).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import DiceSource
from rules.notation.grammar import CAP_EXPLOSIONS, FATE, Expression, Pool


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die: its settled rolls (more than one when it exploded), the faces
    re-rolled away, whether keep/drop dropped it, and its successes."""

    rolls: tuple[int, ...]
    rerolled: tuple[int, ...] = ()
    dropped: bool = False
    successes: int = 0

    @property
    def value(self) -> int:
        return sum(self.rolls)

    @property
    def exploded(self) -> bool:
        return len(self.rolls) > 1


@dataclass(frozen=True, slots=True)
class ExpressionRoll:
    expression: Expression
    dice: tuple[tuple[DieRoll, ...], ...]  # per pool

    @property
    def total(self) -> int:
        """The sum of the kept dice (signed) plus the modifier; for a success
        pool, the number of successes plus the modifier."""
        total = self.expression.modifier
        for pool, dice in zip(self.expression.pools, self.dice, strict=True):
            kept = [die for die in dice if not die.dropped]
            total += sum(d.successes for d in kept) if pool.success else pool.sign * sum(d.value for d in kept)
        return total


def roll(expression: Expression, dice: DiceSource) -> ExpressionRoll:
    """Roll every pool of the expression with the given dice."""
    return ExpressionRoll(expression, tuple(_roll_pool(pool, dice) for pool in expression.pools))


def _roll_pool(pool: Pool, dice: DiceSource) -> tuple[DieRoll, ...]:
    rolled = [_roll_die(pool, dice) for _ in range(pool.count)]
    dropped: set[int] = set()
    if pool.keep:
        # Stable: among equal dice, the earlier one is kept first.
        order = sorted(range(pool.count), key=lambda i: sum(rolled[i][0]), reverse=pool.kept_highest is not None)
        kept = pool.kept_highest if pool.kept_highest is not None else pool.kept_lowest
        dropped = set(order[kept:])
    result = []
    for i, (rolls, rerolled) in enumerate(rolled):
        successes = sum(pool.success.holds(face) for face in rolls) if pool.success else 0
        result.append(DieRoll(tuple(rolls), tuple(rerolled), i in dropped, successes))
    return tuple(result)


def _roll_die(pool: Pool, dice: DiceSource) -> tuple[list[int], list[int]]:
    rolls: list[int] = []
    rerolled: list[int] = []
    while True:
        face = _settled(pool, dice, rerolled)
        rolls.append(face)
        if not (pool.explode and pool.explode.holds(face)) or len(rolls) > CAP_EXPLOSIONS:
            return rolls, rerolled


def _settled(pool: Pool, dice: DiceSource, rerolled: list[int]) -> int:
    face = _face(pool, dice)
    while pool.reroll and pool.reroll.holds(face):
        rerolled.append(face)
        face = _face(pool, dice)
        if pool.reroll_once:
            break
    return face


def _face(pool: Pool, dice: DiceSource) -> int:
    return dice.roll(3) - 2 if pool.sides == FATE else dice.roll(pool.sides)
