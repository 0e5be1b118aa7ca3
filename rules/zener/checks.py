"""Zener Gate checks (seed: "Stat Checks", "Skill Checks", "Unproficient", "Impossible Chances").

- Skill check: 3d6 at or under skill ranks + stat foundation + modifier, +2 for each
  further relevant skill the GM accepts; unproficient: the foundation alone, +1 per
  indirectly related skill.
- Stat check: 4d6 + the GM's modifier at or under the stat.
- A modifier is a bonus on both kinds of check: + makes success likelier. The seed's stat check
  adds the GM's modifier to the roll, where a penalty is +; its time chart and assistants table
  give bonuses (x10 time +4). Fivefold writes every modifier as a bonus, so a stat check's target
  is stat + modifier (4d6 - bonus at or under the stat); taking the bonuses off the stat made
  extra time and assistants hurt a stat check.
- Impossible chances: while the target is below the lowest possible roll, roll one
  more die and add 2 to the target (3d6 needing 0 becomes 6d6 needing 6).
- Eventual success: the margin, less the margin the characters want, read backwards on the extra
  time chart (failing by 4 needed the +4 of x10 time), kept to the chart's x0.1 to x10,000.
- Extra benefits on a check that can't fail (target at or over the dice's highest total): each 2 over
  it is one more die, the lowest 3 (4 on a stat check) counting, and 2 off the target; then the GM's
  difficulty for the benefit comes off the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.dice import Comparison, DiceSource, chance, parse
from rules.errors import RulesError
from rules.system import Outcome, RollRules
from rules.zener.stats import foundation
from rules.zener.tables import TIME_MULTIPLIERS

MAX_MODIFIER = 50
# Impossible chances add a die and 2 to the target until the target reaches the dice: a target of
# -94 rolls 100d6 needing 100, the most dice one roll has (rules.dice.MAX_DICE). Lower is refused.
LOWEST_TARGET = -94
HIGHEST_TARGET = 200


@dataclass(frozen=True, slots=True)
class Check:
    dice: int  # 3 for skills, 4 for stats, before impossible chances
    target: int
    benefit: int = 0  # the GM's difficulty for extra benefits, on a check that can't fail

    def __post_init__(self) -> None:
        if self.dice not in (3, 4):
            raise RulesError("Checks roll 3d6 (skills) or 4d6 (stats).")
        if self.target < LOWEST_TARGET:
            raise RulesError(
                f"The target comes to {self.target}; the lowest a check can go is −94 (100 dice by the "
                "impossible-chance rule). Lower the penalties."
            )
        if self.target > HIGHEST_TARGET:
            raise RulesError(f"The target comes to {self.target}; the highest a check can go is {HIGHEST_TARGET}.")
        if not 0 <= self.benefit <= MAX_MODIFIER:
            raise RulesError(f"An extra benefit's difficulty is between 0 and {MAX_MODIFIER}.")
        if self.benefit and self.target < 6 * self.dice:
            raise RulesError(
                f"Extra benefits are for a check that can't fail: this one needs {self.target} or less on "
                f"{self.dice}d6, and {6 * self.dice} can fail it."
            )
        if self.benefit and self.rolled[1] < self.dice:
            raise RulesError("That benefit's difficulty leaves no roll that succeeds: ask for a smaller one.")

    @property
    def rolled(self) -> tuple[int, int]:
        """(dice, target) after the impossible-chance rule, or the extra-benefit rule."""
        if self.benefit:
            return extra_benefits(self.dice, self.target, self.benefit)
        return impossible_chance(self.dice, self.target)

    @property
    def keep(self) -> int:
        """How many of the rolled dice count, the lowest: all of them but under the extra-benefit rule."""
        return self.dice if self.benefit else self.rolled[0]


def impossible_chance(dice: int, target: int) -> tuple[int, int]:
    """Seed ("Attacks"): "he can increase the chance required by +2 and add a dice, repeating
    until he gets a possible success" -- for any number of d6 (the text works 1d6 to 4d6)."""
    while target < dice:
        dice, target = dice + 1, target + 2
    return dice, target


def extra_benefits(dice: int, target: int, benefit: int) -> tuple[int, int]:
    """Seed ("Impossible Chances"): "For every 2 over 18/-, the difficulty target gets reduced by 2 for
    every extra dice that the character gets to roll, while ignoring all but the lowest 3" -- the
    mirror of the impossible chance; the benefit's difficulty then lowers the target (published on the
    Zener rules page). A stat check's 4d6 reads 24 for 18 and keeps its lowest 4."""
    more = max(0, target - 6 * dice) // 2
    return dice + more, target - 2 * more - benefit


def lowest_totals(count: int, keep: int) -> dict[int, Fraction]:
    """The chance of each total of the lowest `keep` of `count` d6: how many dice show each face, in
    turn from 1 to 6, the lowest `keep` of them summed."""
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}  # (dice placed, counted, total) -> ways
    for face in range(1, 7):
        after: dict[tuple[int, int, int], int] = {}
        for (placed, counted, total), n in ways.items():
            left = count - placed
            for showing in range(left + 1) if face < 6 else (left,):
                taken = min(showing, keep - counted)
                key = (placed + showing, counted + taken, total + taken * face)
                after[key] = after.get(key, 0) + n * comb(left, showing)
        ways = after
    return {total: Fraction(n, 6**count) for (_, _, total), n in sorted(ways.items(), key=lambda i: i[0][2])}


def skill_check(stat: int, ranks: int, modifier: int = 0, extra_skills: int = 0, indirect_skills: int = 0) -> Check:
    """Seed: "Skill ranks + stat basis + modifier = target value"; `modifier` is a bonus."""
    if abs(modifier) > MAX_MODIFIER:
        raise RulesError(f"A modifier is between -{MAX_MODIFIER} and {MAX_MODIFIER}.")
    if min(ranks, extra_skills, indirect_skills) < 0:
        raise RulesError("Ranks and skill counts cannot be negative.")
    if ranks:
        return Check(3, ranks + foundation(stat) + modifier + 2 * extra_skills)
    return Check(3, foundation(stat) + modifier + indirect_skills)


def stat_check(stat: int, modifier: int = 0) -> Check:
    """Seed: "Roll 4d6 + modifier from the GM ... stat or less". `modifier` is a bonus, as on a skill
    check: the target is stat + modifier (published on the Zener rules page)."""
    if abs(modifier) > MAX_MODIFIER:
        raise RulesError(f"A modifier is between -{MAX_MODIFIER} and {MAX_MODIFIER}.")
    return Check(4, stat + modifier)


@dataclass(frozen=True, slots=True)
class CheckRoll:
    check: Check
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(sorted(self.faces)[: self.check.keep])

    @property
    def target(self) -> int:
        return self.check.rolled[1]

    @property
    def success(self) -> bool:
        return self.total <= self.target

    @property
    def margin(self) -> int:
        """Positive: by how much it succeeded; negative: by how much it failed."""
        return self.target - self.total


MAX_DESIRED = 20


def eventual_time(margin: int, desired: int = 0) -> tuple[int, float]:
    """(time index, x normal time) an eventual success takes. Seed, "Eventual Success": the GM uses "the
    degree of success or failure ... as an index" on the extra time chart, after reducing the margin by
    the success the characters want (the camp site: by 5). A margin short by n needed the chart's +n,
    so the index is desired - margin; the chart ends at x0.1 and x10,000, and so does the time
    (published on the Zener rules page)."""
    if not 0 <= desired <= MAX_DESIRED:
        raise RulesError(f"The success wanted is a margin from 0 to {MAX_DESIRED}.")
    index = min(max(desired - margin, min(TIME_MULTIPLIERS)), max(TIME_MULTIPLIERS))
    return index, TIME_MULTIPLIERS[index]


KARMA_BOOST = 5  # seed: "give another character a +5 in a mission-critical roll"


def judge(total: int, target: int) -> tuple[bool, int]:
    """(success, margin) of a total against a target: at or under succeeds."""
    return total <= target, target - total


def roll_check(check: Check, dice: DiceSource) -> CheckRoll:
    count, _ = check.rolled
    return CheckRoll(check, tuple(dice.roll(6) for _ in range(count)))


def chance_of_success(check: Check, bonus: int = 0) -> Fraction:
    """Exact P(success), with the impossible-chance rule; `bonus` raises the target (e.g. +5 from Karma)."""
    count, target = check.rolled
    if check.keep < count:
        return sum((p for total, p in lowest_totals(count, check.keep).items() if total <= target + bonus), Fraction(0))
    return chance(parse(f"{count}d6"), target + bonus, Comparison.AT_MOST)


class CheckRules(RollRules[Check]):
    """Zener Gate's check in the interface every system answers (rules/system.py): the
    request is the `Check` itself, its dice those of the impossible-chance rule."""

    examples = (
        Check(3, 10),
        Check(4, 12),  # a stat check
        Check(3, 2),  # impossible: 4d6 needing 4
        Check(3, 0),  # the seed's impossible chance: 3d6 needing 0 becomes 6d6 needing 6
        Check(3, 19),  # every total succeeds
    )

    def dice(self, request: Check) -> tuple[int, ...]:
        return (6,) * request.rolled[0]

    def odds(self, request: Check) -> Fraction:
        return chance_of_success(request)

    def resolve(self, request: Check, faces: tuple[int, ...]) -> Outcome:
        rolled = CheckRoll(request, tuple(faces))
        verdict = "success" if rolled.success else "failure"
        return Outcome(rolled.success, f"{rolled.total} against {rolled.target}: {verdict} by {abs(rolled.margin)}.")


RULES = CheckRules()
