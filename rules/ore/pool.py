"""One-Roll Engine pools, sets and exact odds (seed: one-roll-engine.txt, CyberORE).

Interpretations (published on /rules/#ore):
- At most 10 dice are rolled. Dice beyond 10 are dropped in the seed's order
  for losing dice (hard first, then normal, then wiggle), and the result says so.
- A bad failure: no set, and every rolled die shows 5 or less.
- "Best" width and height: wiggle dice set to give the widest set, or the
  highest set, as the question asks; success against a difficulty uses them
  to make the best set at or above it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial, perm, prod

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.system import Outcome, RollRules

MAX_POOL = 10
HARD_FACE = 10


@dataclass(frozen=True, slots=True)
class Pool:
    """Dice that will be rolled, after bonus and penalty dice and the cap of 10."""

    normal: int
    hard: int = 0
    wiggle: int = 0
    dropped: int = 0  # dice over the cap of 10

    def __post_init__(self) -> None:
        if min(self.normal, self.hard, self.wiggle, self.dropped) < 0:
            raise RulesError("Dice counts cannot be negative.")
        if self.size > MAX_POOL:
            raise RulesError(f"At most {MAX_POOL} dice are rolled.")

    @property
    def size(self) -> int:
        return self.normal + self.hard + self.wiggle


def build_pool(stat: int, skill: int = 0, *, hard: int = 0, wiggle: int = 0, bonus: int = 0, penalty: int = 0) -> Pool:
    """Stat dice (1-5) + skill dice (0-5, of which `hard` and `wiggle` are special) + bonus,
    less penalty dice (hard first, then normal, then wiggle), at most 10."""
    if not 1 <= stat <= 5:
        raise RulesError("A stat has 1 to 5 dice.")
    if not 0 <= skill <= 5:
        raise RulesError("A skill has 0 to 5 dice.")
    if min(hard, wiggle, bonus, penalty) < 0:
        raise RulesError("Dice counts cannot be negative.")
    if hard + wiggle > skill:
        raise RulesError("Hard and wiggle dice are part of the skill's dice.")
    counts = {"hard": hard, "normal": stat + skill - hard - wiggle + bonus, "wiggle": wiggle}
    counts = _drop(counts, penalty)
    over = max(0, sum(counts.values()) - MAX_POOL)
    counts = _drop(counts, over)
    return Pool(counts["normal"], counts["hard"], counts["wiggle"], dropped=over)


def _drop(counts: dict[str, int], dice: int) -> dict[str, int]:
    counts = dict(counts)
    for kind in ("hard", "normal", "wiggle"):  # the seed's order for losing dice
        taken = min(dice, counts[kind])
        counts[kind] -= taken
        dice -= taken
    return counts


@dataclass(frozen=True, slots=True, order=True)
class Set:
    width: int
    height: int

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"


def sets_of(faces: tuple[int, ...]) -> list[Set]:
    """Matching dice, widest first, then highest."""
    return sorted((Set(n, face) for face, n in Counter(faces).items() if n >= 2), reverse=True)


@dataclass(frozen=True, slots=True)
class OreRoll:
    pool: Pool
    faces: tuple[int, ...]  # the normal dice
    wiggle_faces: tuple[int, ...] | None = None  # set by the player afterwards

    @property
    def waiting_for_wiggle(self) -> bool:
        return self.pool.wiggle > 0 and self.wiggle_faces is None

    @property
    def all_faces(self) -> tuple[int, ...]:
        return tuple(sorted(self.faces + (HARD_FACE,) * self.pool.hard + (self.wiggle_faces or ()), reverse=True))

    @property
    def sets(self) -> list[Set]:
        return sets_of(self.all_faces)

    @property
    def loose(self) -> tuple[int, ...]:
        """Dice in no set."""
        counts = Counter(self.all_faces)
        return tuple(face for face in self.all_faces if counts[face] == 1)

    def best(self, difficulty: int = 0) -> Set | None:
        """The widest set at or above the difficulty (highest among equals)."""
        return next((s for s in self.sets if s.height >= difficulty), None)

    def succeeds(self, difficulty: int = 0) -> bool:
        return self.best(difficulty) is not None

    @property
    def bad_failure(self) -> bool:
        """No set and every die 5 or less; never while wiggle dice wait (they could still make a set)."""
        return not self.waiting_for_wiggle and not self.sets and all(face <= 5 for face in self.all_faces)


def roll_pool(pool: Pool, dice: DiceSource) -> OreRoll:
    """Hard dice are 10 without rolling; wiggle dice wait for the player."""
    return OreRoll(pool, tuple(dice.roll(10) for _ in range(pool.normal)), None if pool.wiggle else ())


def set_wiggle(rolled: OreRoll, values: tuple[int, ...]) -> OreRoll:
    if not rolled.waiting_for_wiggle:
        raise RulesError(
            "These wiggle dice are already set." if rolled.pool.wiggle else "This roll has no wiggle dice."
        )
    if len(values) != rolled.pool.wiggle:
        raise RulesError(f"Set all {rolled.pool.wiggle} wiggle dice.")
    if any(not 1 <= value <= 10 for value in values):
        raise RulesError("A wiggle die is set to 1 to 10.")
    return OreRoll(rolled.pool, rolled.faces, tuple(values))


def wiggle_choices(rolled: OreRoll) -> list[tuple[int, Set | None]]:
    """For each value, what putting every wiggle die on it gives: the best set then."""
    choices = []
    for value in range(10, 0, -1):
        trial = OreRoll(rolled.pool, rolled.faces, (value,) * rolled.pool.wiggle)
        choices.append((value, trial.sets[0] if trial.sets else None))
    return choices


@dataclass(frozen=True, slots=True)
class WiggleOption:
    """One place for the wiggle dice: the set they make or join, and what the roll then gives."""

    values: tuple[int, ...]  # every wiggle die on one value
    made: Set  # the set the wiggle dice make or improve
    best: Set | None  # the roll's best set at or above the difficulty then (None: it fails)

    @property
    def beats(self) -> bool:
        return self.best is not None

    @property
    def _key(self) -> tuple:
        return (self.beats, self.best or Set(0, 0), self.made)


def wiggle_options(rolled: OreRoll, difficulty: int = 0) -> list[WiggleOption]:
    """Every set the wiggle dice can make or improve (seed: "a wiggle die can be set to whatever
    number you want ... you can have a matching set whenever you want"), best first.

    The wiggle dice all go on one value: on a face already rolled (a hard die's 10 too) they join it;
    two or more can also make a set of their own, the highest at 10 (a lower value alone is never
    better). Each option says the set made and the roll's best set at or above the difficulty, so a
    2x9 that beats difficulty 8 is offered beside a wider 4x5 that does not. Splitting the dice over
    several sets (for multiple actions) stays with the player, one die at a time."""
    wiggle = rolled.pool.wiggle
    values = set(rolled.faces) | ({HARD_FACE} if rolled.pool.hard else set())
    if wiggle >= 2:
        values.add(HARD_FACE)
    options = []
    for value in values:
        trial = OreRoll(rolled.pool, rolled.faces, (value,) * wiggle)
        made = next(s for s in trial.sets if s.height == value)
        options.append(WiggleOption((value,) * wiggle, made, trial.best(difficulty)))
    return sorted(options, key=lambda option: option._key, reverse=True)


def suggest_wiggle(rolled: OreRoll, difficulty: int = 0) -> tuple[int, ...]:
    """The best of `wiggle_options`: a set at or above the difficulty first, then the widest,
    then the highest (all on 10 when the wiggle dice can make no set)."""
    options = wiggle_options(rolled, difficulty)
    return options[0].values if options else (HARD_FACE,) * rolled.pool.wiggle


# --- exact odds ---


@cache
def _multisets(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of n d10 faces (as counts per face 1..10) with its number of orderings."""
    result = []

    def build(face: int, left: int, counts: list[int]) -> None:
        if face == 10:
            full = (*counts, left)
            result.append((full, factorial(n) // prod(factorial(c) for c in full)))
            return
        for take in range(left + 1):
            build(face + 1, left - take, [*counts, take])

    build(1, n, [])
    return result


def _outcomes(pool: Pool):
    """(counts per face including hard dice, ways) for every roll of the normal dice."""
    for counts, ways in _multisets(pool.normal):
        full = list(counts)
        full[9] += pool.hard
        yield full, ways


def _success(counts: list[int], wiggle: int, difficulty: int) -> bool:
    if any(counts[face - 1] >= 2 for face in range(max(difficulty, 1), 11)):
        return True
    if wiggle >= 2:
        return True  # the wiggle dice make their own set at 10
    return wiggle == 1 and any(counts[face - 1] for face in range(max(difficulty, 1), 11))


@cache
def chance_of_success(pool: Pool, difficulty: int = 0) -> Fraction:
    """P(a set at or above the difficulty), wiggle dice set at best.

    Counted, not enumerated: a roll fails when no face at or above the difficulty shows
    twice (a hard die already shows 10), i.e. the normal dice there all differ: j of the
    n dice take j distinct free faces in C(n, j) * P(free, j) ways, the rest any lower face.
    One wiggle die joins any die at or above the difficulty, so then it fails only when
    none is; two wiggle dice (or two hard dice) always make a set. _success says the same
    roll by roll, and the tests hold the two equal."""
    if not 0 <= difficulty <= 10:
        raise RulesError("A difficulty is 0 (none) to 10.")
    lowest = max(difficulty, 1)
    high_faces, low_faces, n = 11 - lowest, lowest - 1, pool.normal
    if pool.wiggle >= 2 or pool.hard >= 2 or (pool.wiggle == 1 and pool.hard == 1):
        return Fraction(1)
    if pool.wiggle == 1:
        failures = low_faces**n
    else:
        free = high_faces - pool.hard
        failures = sum(comb(n, j) * perm(free, j) * low_faces ** (n - j) for j in range(min(n, free) + 1))
    return 1 - Fraction(failures, 10**n)


def _enumerated_chance_of_success(pool: Pool, difficulty: int = 0) -> Fraction:
    """The same chance by visiting every roll (92,378 multisets for 10 dice): the tests' check."""
    hits = sum(ways for counts, ways in _outcomes(pool) if _success(counts, pool.wiggle, difficulty))
    return Fraction(hits, 10**pool.normal)


def best_width_distribution(pool: Pool) -> dict[int, Fraction]:
    """Widest set (0 = no set), wiggle dice all joining the most common face."""
    result: dict[int, int] = {}
    for counts, ways in _outcomes(pool):
        most = max(counts) if any(counts) else 0
        width = most + pool.wiggle
        width = width if width >= 2 else 0
        result[width] = result.get(width, 0) + ways
    return {w: Fraction(n, 10**pool.normal) for w, n in sorted(result.items())}


def best_height_distribution(pool: Pool) -> dict[int, Fraction]:
    """Highest set (0 = no set), wiggle dice set to make the highest set they can."""
    result: dict[int, int] = {}
    for counts, ways in _outcomes(pool):
        heights = [face for face in range(1, 11) if counts[face - 1] >= 2]
        if pool.wiggle >= 2:
            heights.append(10)
        elif pool.wiggle == 1:
            heights += [face for face in range(1, 11) if counts[face - 1]]
        height = max(heights, default=0)
        result[height] = result.get(height, 0) + ways
    return {h: Fraction(n, 10**pool.normal) for h, n in sorted(result.items())}


@dataclass(frozen=True, slots=True)
class PoolCheck:
    """A pool's one throw against a difficulty (0: any set)."""

    pool: Pool
    difficulty: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.difficulty <= 10:
            raise RulesError("A difficulty is 0 (none) to 10.")


class PoolRules(RollRules[PoolCheck]):
    """The One-Roll Engine's check in the interface every system answers (rules/system.py).

    The throw is the normal dice: hard dice show 10 without rolling, and wiggle dice are set
    after it, here as `suggest_wiggle` sets them (at best, as `chance_of_success` counts)."""

    examples = (
        PoolCheck(Pool(4)),
        PoolCheck(Pool(3, hard=1)),
        PoolCheck(Pool(3, wiggle=1), difficulty=6),
        PoolCheck(Pool(4), difficulty=7),
        PoolCheck(Pool(2, wiggle=2), difficulty=9),
        PoolCheck(Pool(1, wiggle=1)),
    )

    def dice(self, request: PoolCheck) -> tuple[int, ...]:
        return (10,) * request.pool.normal

    def odds(self, request: PoolCheck) -> Fraction:
        return chance_of_success(request.pool, request.difficulty)

    def resolve(self, request: PoolCheck, faces: tuple[int, ...]) -> Outcome:
        rolled = OreRoll(request.pool, tuple(faces), None if request.pool.wiggle else ())
        if rolled.waiting_for_wiggle:
            rolled = set_wiggle(rolled, suggest_wiggle(rolled, request.difficulty))
        best = rolled.best(request.difficulty)
        asked = f"a set of height {request.difficulty} or more" if request.difficulty else "a set"
        if best is not None:
            return Outcome(True, f"{best}: {asked}.")
        return Outcome(False, f"No {asked.removeprefix('a ')}{': a bad failure' if rolled.bad_failure else ''}.")


RULES = PoolRules()


def published_no_set(n: int) -> Fraction:
    """P(no set) with n normal dice = 10!/(10-n)!/10^n: every die a different face. A check on
    chance_of_success worked from the rules (the seed gives no odds); 5d: 30.24%, so 69.76% succeed."""
    return Fraction(factorial(10) // factorial(10 - n), 10**n)
