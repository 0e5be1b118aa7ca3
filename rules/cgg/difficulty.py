"""The Exec's difficulty and success roll (seed: "Exec Dice, Rolling, and Success",
"Failure and Success").

Interpretations (published on /rules/#cgg):
- The Exec's d10s keep the dice showing 1-3. The seed also says "one to five
  (50% chance each)", but its worked example (3, 2, 6, 5 keeps 3 and 2) and
  "discarding all the dice that come up four or more" both say 1-3: 30% each.
- Base risk follows the table (4d = 7). The seed's "4d gives risk base 9"
  contradicts its own table.
- A contest's base code (opponent's dice + 1) can fall outside the table's
  3d-9d; its base risk then follows the table's rule of 3 per die (3 x dice - 5).
- Risk grades: the seed names "no risk, minimal risk, limited risk, or extreme
  risk" and gives no numbers. Limited risk is the table's base risk; minimal risk is one row
  of the table lower (-3, at least 1), extreme risk one row higher (+3): the table's own step
  of 3 per die. No risk has no target. The grade is the Exec's, secret like the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache

from rules.dice import DiceSource
from rules.errors import RulesError

MAX_DIFFICULTY_DICE = 6
KEPT_FACES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class DifficultyRow:
    dice: int
    base_risk: int
    challenge_level: str
    action_class: str
    force_factor: str


DIFFICULTY_TABLE = (
    DifficultyRow(3, 4, "Easy, should be able to do it.", "Routine action.", "Minimal."),
    DifficultyRow(4, 7, "Not too hard, likely possible.", "Common complex action.", "Minor."),
    DifficultyRow(5, 10, "Difficult, but not unlikely.", "Uncommon complicated action.", "Moderate."),
    DifficultyRow(6, 13, "Serious Challenge, possible.", "Rare and unusual action.", "Major."),
    DifficultyRow(7, 16, "Very hard, unlikely.", "Action most would not attempt without aid.", "Extreme."),
    DifficultyRow(8, 19, "Wow, would not attempt.", "Action most would avoid if at all possible.", "Awe Inspiring."),
    DifficultyRow(
        9, 22, "<Expletive deleted>, just no.", "Action others would question your sanity for attempting.", "Godly."
    ),
)
TABLE_BY_DICE = {row.dice: row for row in DIFFICULTY_TABLE}


@dataclass(frozen=True, slots=True)
class Adjustment:
    key: str
    label: str
    dice: int
    group: str  # at most one adjustment of a group applies


ADJUSTMENTS = (
    Adjustment("missing_ability", "Lacks the ability (no specialist needed)", +1, "ability"),
    Adjustment("missing_specialist", "Lacks the ability (a specialist's job)", +2, "ability"),
    Adjustment("all_the_time", "All the time in the world", -1, "time"),
    Adjustment("rushed", "Rushed for time", +1, "time"),
    Adjustment("extreme_rush", "Extreme rush", +2, "time"),
    Adjustment("teamwork", "Teamwork", -1, "help"),
    Adjustment("organized_assistance", "Organized assistance", -2, "help"),
    Adjustment("condition_impairs", "A condition impairs the action", +1, "condition_impairs"),
    Adjustment("condition_enhances", "A condition enhances the action", -1, "condition_enhances"),
    Adjustment("tech_disadvantage", "Technological or other disadvantage", +1, "tech"),
    Adjustment("tech_advantage", "Technological or other advantage", -1, "tech"),
)
ADJUSTMENTS_BY_KEY = {adjustment.key: adjustment for adjustment in ADJUSTMENTS}


class RiskLevel(StrEnum):
    """The Exec's risk grade. "base" (the table's risk) is the seed's limited risk."""

    NONE = "none"
    MINIMAL = "minimal"
    BASE = "base"
    LIMITED = "base"
    EXTREME = "extreme"


# What each grade does to the table's base risk: one row of the table (3 per die) either way.
RISK_GRADE_SHIFT = {RiskLevel.MINIMAL: -3, RiskLevel.BASE: 0, RiskLevel.EXTREME: +3}
RISK_GRADE_LABELS = {
    RiskLevel.NONE: "No risk",
    RiskLevel.MINIMAL: "Minimal risk (table risk -3)",
    RiskLevel.BASE: "Limited risk (the table's risk)",
    RiskLevel.EXTREME: "Extreme risk (table risk +3)",
}


def base_risk_for(dice: int) -> int:
    """The table's base risk (3d = 4 ... 9d = 22), 3 per die beyond it."""
    return TABLE_BY_DICE[dice].base_risk if dice in TABLE_BY_DICE else 3 * dice - 5


@dataclass(frozen=True, slots=True)
class Difficulty:
    """What the Exec decides before the roll, in secret."""

    base_dice: int
    success_dice: int  # the explorer's attribute dice (plus stunt dice) that are removed
    adjustments: tuple[str, ...] = ()
    risk: RiskLevel = RiskLevel.BASE
    risk_bonus: int = 0  # situation elements that raise the risk (seed: "equal to its number of dice")
    contest: bool = False

    def __post_init__(self) -> None:
        if self.contest:
            if not 1 <= self.base_dice <= 21:
                raise RulesError("A contest's base is the opponent's dice + 1 (1 to 21).")
        elif self.base_dice not in TABLE_BY_DICE:
            raise RulesError("The base difficulty is a code from 3d to 9d.")
        if not 0 <= self.success_dice <= 40:
            raise RulesError("The explorer's dice for success must be 0 to 40.")
        if not 0 <= self.risk_bonus <= 30:
            raise RulesError("A risk bonus is 0 to 30.")
        groups: set[str] = set()
        for key in self.adjustments:
            if key not in ADJUSTMENTS_BY_KEY:
                raise RulesError(f"Unknown difficulty adjustment '{key}'.")
            group = ADJUSTMENTS_BY_KEY[key].group
            if group in groups:
                raise RulesError(f"Choose one adjustment for {group.replace('_', ' ')}, not several.")
            groups.add(group)

    @classmethod
    def for_contest(cls, opponent_dice: int, **kwargs) -> Difficulty:
        """A contest: the opponent's attribute dice + 1 is the base (3d+2 opponent: 4d)."""
        return cls(base_dice=opponent_dice + 1, contest=True, **kwargs)

    @property
    def adjusted_dice(self) -> int:
        return self.base_dice + sum(ADJUSTMENTS_BY_KEY[key].dice for key in self.adjustments)

    @property
    def remaining_dice(self) -> int:
        """Difficulty dice left after the explorer's dice, at most six (a hard limit)."""
        return max(0, min(MAX_DIFFICULTY_DICE, self.adjusted_dice - self.success_dice))

    @property
    def trivial(self) -> bool:
        return self.remaining_dice == 0

    @property
    def base_risk(self) -> int | None:
        if self.risk is RiskLevel.NONE:
            return None
        return max(1, base_risk_for(self.base_dice) + RISK_GRADE_SHIFT[self.risk]) + self.risk_bonus


@dataclass(frozen=True, slots=True)
class ExecRoll:
    faces: tuple[int, ...] = field(default=())

    @property
    def kept(self) -> tuple[int, ...]:
        return tuple(face for face in self.faces if face in KEPT_FACES)

    @property
    def failures(self) -> int:
        return len(self.kept)

    @property
    def risk_raise(self) -> int:
        return sum(self.kept)


def roll_exec(dice_count: int, dice: DiceSource) -> ExecRoll:
    if not 0 <= dice_count <= MAX_DIFFICULTY_DICE:
        raise RulesError(f"The Exec rolls 0 to {MAX_DIFFICULTY_DICE} difficulty dice.")
    return ExecRoll(tuple(dice.roll(10) for _ in range(dice_count)))


class FailureGrade(StrEnum):
    SUCCESS = "Success!"
    BARELY = "Barely failed: nothing bad happens."
    BADLY = "Failed badly: something somewhat bad happens."
    HORRIBLY = "Failed horribly: something really bad happens, with lasting effects."


def failure_grade(failures: int) -> FailureGrade:
    grades = (FailureGrade.SUCCESS, FailureGrade.BARELY, FailureGrade.BADLY)
    return grades[failures] if failures < 3 else FailureGrade.HORRIBLY


@cache
def exec_outcomes(dice_count: int) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (Failure count, risk raise) for the Exec's dice."""
    outcomes: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    per_die = {(0, 0): Fraction(7, 10), **{(1, face): Fraction(1, 10) for face in KEPT_FACES}}
    for _ in range(dice_count):
        step: dict[tuple[int, int], Fraction] = {}
        for (failures, raised), p in outcomes.items():
            for (f, r), q in per_die.items():
                key = (failures + f, raised + r)
                step[key] = step.get(key, Fraction(0)) + p * q
        outcomes = step
    return outcomes


def failure_distribution(dice_count: int) -> dict[int, Fraction]:
    return _marginal(exec_outcomes(dice_count), 0)


def risk_raise_distribution(dice_count: int) -> dict[int, Fraction]:
    return _marginal(exec_outcomes(dice_count), 1)


def _marginal(joint: dict[tuple[int, int], Fraction], index: int) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for key, p in joint.items():
        result[key[index]] = result.get(key[index], Fraction(0)) + p
    return dict(sorted(result.items()))


def adjustments_from(keys: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(keys))
