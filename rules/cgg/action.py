"""One action from the Exec's secret difficulty to its published outcome:
the player's risk roll and the Exec's success roll happen together, then
Wrench uses, then Hammer uses.

Interpretations (published on /rules/#cgg):
- Wrench uses apply in a fixed order: "I'm that good!" re-rolls all the
  failure dice first (new Failures and a new risk raise), then "Gotta make it!"
  removes one Failure (the risk target keeps the removed die's raise).
- "Alright, time to get serious" adds one die to the risk code after the roll:
  the server rolls it and adds it to the risk total; a 6 on it adds nothing and
  gives no new Venture (Venture is counted from the original roll).
- "It's not as bad as I thought", "It's even worse than that", "What? Why now!?"
  and "Didn't see that coming" are recorded on the roll for the Exec to apply
  to the sheet; they change no number here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from rules.cgg.codes import DieCode
from rules.cgg.difficulty import (
    Difficulty,
    ExecRoll,
    FailureGrade,
    RiskLevel,
    exec_outcomes,
    failure_grade,
    roll_exec,
)
from rules.cgg.risk import RiskRoll, chance_to_avoid, roll_risk
from rules.cgg.venture import Hammer, Wrench, check_uses
from rules.dice import DiceSource
from rules.errors import RulesError
from rules.system import FAILURE, SUCCESS, Outcome, RollRules

THAT_WAS_CLOSE_BONUS = 5


@dataclass(frozen=True, slots=True)
class Action:
    difficulty: Difficulty
    risk: RiskRoll
    exec_roll: ExecRoll
    wrench: tuple[Wrench, ...] = ()
    hammer: tuple[Hammer, ...] = ()
    first_exec_roll: ExecRoll | None = None  # before "I'm that good!"
    condition_failures: int = 0  # added by the explorer's conditions (Weakened, Restrained)
    enhanced: str = ""  # Enhanced, paid: "succeed" or "avoid" (fallout), not both (rules.cgg.condition_effects)

    @property
    def venture_left(self) -> int:
        return self.risk.venture - len(self.wrench) - len(self.hammer)

    @property
    def failures(self) -> int:
        failures = self.exec_roll.failures + self.condition_failures
        if Wrench.GOTTA_MAKE_IT in self.wrench:
            failures = max(0, failures - 1)
        if Hammer.CANT_DO_IT in self.hammer:
            failures += 1
        return 0 if self.enhanced == "succeed" else failures

    @property
    def success(self) -> bool:
        return self.failures == 0

    @property
    def grade(self) -> FailureGrade:
        return failure_grade(self.failures)

    @property
    def risk_total(self) -> int:
        bonus = THAT_WAS_CLOSE_BONUS if Wrench.THAT_WAS_CLOSE in self.wrench else 0
        return self.risk.total + bonus

    @property
    def risk_target(self) -> int | None:
        base = self.difficulty.base_risk
        return None if base is None else base + self.exec_roll.risk_raise

    @property
    def risk_avoided(self) -> bool | None:
        target = self.risk_target
        if target is not None and self.enhanced == "avoid":
            return True
        return None if target is None else self.risk_total >= target


def roll_action(difficulty: Difficulty, risk_code: DieCode, dice: DiceSource) -> Action:
    """The player's risk roll and the Exec's difficulty dice, rolled at the same moment."""
    risk = roll_risk(risk_code, dice)
    return Action(difficulty, risk, roll_exec(difficulty.remaining_dice, dice))


def apply_wrench(action: Action, uses: tuple[Wrench, ...], dice: DiceSource) -> Action:
    """The player's Wrench uses (hours are paid by the caller's clock)."""
    if action.wrench or action.hammer:
        raise RulesError("Wrench uses are chosen once, before the Exec's Hammer.")
    check_uses(uses, action.risk.venture)
    exec_roll, first = action.exec_roll, None
    if Wrench.IM_THAT_GOOD in uses:
        first, exec_roll = exec_roll, roll_exec(len(exec_roll.faces), dice)
    risk = action.risk
    if Wrench.TIME_TO_GET_SERIOUS in uses:
        risk = replace(risk, extra_faces=(*risk.extra_faces, dice.roll(6)))
    return replace(action, wrench=tuple(uses), exec_roll=exec_roll, risk=risk, first_exec_roll=first)


def apply_hammer(action: Action, uses: tuple[Hammer, ...]) -> Action:
    """The Exec's Hammer uses, with the Venture the player left."""
    if action.hammer:
        raise RulesError("The Exec has already used the Hammer on this roll.")
    check_uses(uses, action.venture_left)
    return replace(action, hammer=tuple(uses))


@dataclass(frozen=True, slots=True)
class ActionChances:
    success: Fraction
    risk_avoided: Fraction | None
    both: Fraction | None

    @property
    def graded(self) -> dict[str, Fraction]:
        """The chance of each kind of result, worst first: success, and the risk when there is one."""
        if self.risk_avoided is None or self.both is None:
            return {FAILURE: 1 - self.success, SUCCESS: self.success}
        success, avoided, both = self.success, self.risk_avoided, self.both
        return {
            _grade(False, False): 1 - success - avoided + both,
            _grade(False, True): avoided - both,
            _grade(True, False): success - both,
            _grade(True, True): both,
        }


def _grade(success: bool, risk_avoided: bool | None) -> str:
    """Success or failure and, when there is a risk, whether it was avoided (the Exec's chart's names)."""
    grade = SUCCESS if success else FAILURE
    return grade if risk_avoided is None else f"{grade}, {'risk avoided' if risk_avoided else 'risk'}"


@lru_cache(maxsize=4096)  # the Exec's preview asks again as the form changes back and forth
def action_chances(difficulty: Difficulty, risk_code: DieCode) -> ActionChances:
    """Exact chances of a whole action before any Venture is used (the Exec's view)."""
    joint = exec_outcomes(difficulty.remaining_dice)
    success = sum((p for (failures, _), p in joint.items() if failures == 0), Fraction(0))
    base = difficulty.base_risk
    if base is None:
        return ActionChances(success, None, None)
    avoided = sum((p * chance_to_avoid(risk_code, base + raised) for (_, raised), p in joint.items()), Fraction(0))
    both = sum(
        (p * chance_to_avoid(risk_code, base + raised) for (failures, raised), p in joint.items() if failures == 0),
        Fraction(0),
    )
    return ActionChances(success, avoided, both)


@dataclass(frozen=True, slots=True)
class Attempt:
    """An action's one throw: the player's risk code (its d6s) and the Exec's secret difficulty
    (its remaining d10s), rolled at the same moment. The Venture spent after it (Wrench and
    Hammer uses, "I'm that good!"'s re-roll) is a later step, not part of this throw."""

    difficulty: Difficulty
    risk_code: DieCode


class ActionRules(RollRules[Attempt]):
    """Centaurus Gate's check in the interface every system answers (rules/system.py)."""

    examples = (
        # The seed's worked example rolls four difficulty dice (4d: base risk 7).
        Attempt(Difficulty(base_dice=4, success_dice=0), DieCode(1, 2)),
        Attempt(Difficulty(base_dice=3, success_dice=1), DieCode(1)),
        Attempt(Difficulty(base_dice=3, success_dice=3), DieCode(3)),  # trivial: no difficulty dice
        Attempt(Difficulty(base_dice=4, success_dice=2, risk=RiskLevel.NONE), DieCode(2, 2)),
        # The seed's contest: an opponent with 3d+2 makes a 4d difficulty.
        Attempt(Difficulty.for_contest(3, success_dice=2, risk_bonus=2, adjustments=("rushed",)), DieCode(2)),
    )

    def dice(self, request: Attempt) -> tuple[int, ...]:
        """The risk code's d6s, then the Exec's d10s."""
        return (6,) * request.risk_code.dice + (10,) * request.difficulty.remaining_dice

    def odds(self, request: Attempt) -> Fraction:
        return action_chances(request.difficulty, request.risk_code).success

    def outcomes(self, request: Attempt) -> dict[str, Fraction]:
        return action_chances(request.difficulty, request.risk_code).graded

    def resolve(self, request: Attempt, faces: tuple[int, ...]) -> Outcome:
        risk_dice = request.risk_code.dice
        risk = RiskRoll(request.risk_code, tuple(faces[:risk_dice]))
        action = Action(request.difficulty, risk, ExecRoll(tuple(faces[risk_dice:])))
        summary = action.grade.value
        if action.risk_target is not None:
            avoided = "risk avoided" if action.risk_avoided else "the risk hits"
            summary += f" Risk {action.risk_total} against {action.risk_target}: {avoided}."
        return Outcome(action.success, summary, _grade(action.success, action.risk_avoided))


RULES = ActionRules()
