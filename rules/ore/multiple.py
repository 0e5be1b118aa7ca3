"""Multiple actions from one roll (seed: "Multiple Actions and Multiple Sets": "If you roll an
extra matching set, you can use it on an extra action with no penalty").

Interpretations (published on /rules/#ore):
- The player declares the extra actions with the roll, before the dice fall; each needs a
  pool (stat + skill, the seed's "dice pool") at least the primary's (contest.check_extra_actions).
  Whether two actions are compatible is the GM's call ("When in doubt, ask the GM").
- The primary action takes its best set (the widest at or above its difficulty); when none
  reaches it, it fails and still claims the widest set, since an extra set is one beyond the
  primary's. The extra actions take the other sets in order, widest first, one each, with no
  difficulty of their own; an extra action left without a set fails.
- The GM may strike an extra action as not compatible (strike, below).
"""

from __future__ import annotations

from rules.errors import RulesError
from rules.ore.pool import OreRoll, Set


def assign_sets(rolled: OreRoll, difficulty: int, extras: int) -> tuple[Set | None, list[Set | None]]:
    """The primary action's set (None: it fails) and each extra action's (None: it fails)."""
    if rolled.waiting_for_wiggle:
        raise RulesError("Set the wiggle dice before the sets are read.")
    sets = rolled.sets
    primary = rolled.best(difficulty)
    claimed = primary or (sets[0] if sets else None)
    rest = [s for s in sets if s != claimed]
    return primary, [rest[i] if i < len(rest) else None for i in range(extras)]


def strike(extras: int, struck: tuple[int, ...], number: int) -> tuple[int, ...]:
    """The GM rules extra action `number` (1 = the first extra) not compatible with the others
    (seed: "...and only if the two actions are compatible. When in doubt, ask the GM").

    Reading (published on /rules/#ore): the GM strikes an extra action on the roll's log card after
    the dice fall; it fails, and its set goes unused (the other actions keep theirs). The primary
    action is never struck: it is the roll itself."""
    if not 1 <= number <= extras:
        raise RulesError("Strike one of the roll's extra actions.")
    if number in struck:
        raise RulesError("That extra action is already struck.")
    return tuple(sorted((*struck, number)))
