"""d100 skill tests (seed: d100-skill-tests.txt, Zweihander's rules).

Interpretations (published on /rules/#d100):
- 00 on both dice reads 100. A match is both digits equal (11 ... 99, and 100 as 00).
- Flipping chooses between the roll and its digits swapped: to succeed, a succeeding
  reading if there is one, else the roll; between two successes the one with more
  degrees. To fail, the reverse. No flip on 01, 100 or a match.
- An assist die is a d10 read as a tens digit (0-9); the better reading is taken,
  except that it can never avoid a critical failure and must be used to make one.
- Opposed tests: a critical success beats anything but another critical success; a
  critical failure loses to anything but another; otherwise the success with more
  degrees wins; two failures, or equal degrees: nobody wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.system import Outcome, RollRules

DIFFICULTIES = {
    "arduous": -30,
    "hard": -20,
    "challenging": -10,
    "standard": 0,
    "routine": 10,
    "easy": 20,
    "trivial": 30,
}
MODIFIER_CAP = 30
SYNERGY = 10


# Which modifiers the ±30 cap covers: a campaign setting (rules/d100/__init__.py).
CAP_EVERY_MODIFIER, CAP_TALENTS_ONLY = 0, 1


def base_chance(
    attribute: int, ranks: int, modifiers: int = 0, synergy: bool = False, *, cap: int = CAP_EVERY_MODIFIER
) -> int:
    """Primary attribute + 10 per skill rank + talent/trait/peril modifiers, +10 for synergy.

    Seed ("Skill test summary"): "the appropriate Primary Attribute plus your Skill Ranks (...), plus any
    modifiers from Talents or Traits. The sum of theses modifiers cannot exceed -30 or +30." Read literally
    (`CAP_EVERY_MODIFIER`, the default), everything added to the attribute — ranks, talents and traits, and
    synergy's "+10 Base Chance" — is summed and held within ±30: attribute 45, 3 ranks, talents +20 is 75.
    The other reading (`CAP_TALENTS_ONLY`) caps talents and traits alone, ranks and synergy on top: 95.
    The seed has no worked example either way, so the GM chooses (published on /rules/#d100).
    Talent and trait modifiers alone beyond ±30 are refused (the sheet refuses them too)."""
    if not 0 <= attribute <= 100:
        raise RulesError("A primary attribute is 0 to 100.")
    if not 0 <= ranks <= 3:
        raise RulesError("A skill has 0 to 3 ranks.")
    if abs(modifiers) > MODIFIER_CAP:
        raise RulesError(f"Talent, trait and peril modifiers together stay within -{MODIFIER_CAP} and +{MODIFIER_CAP}.")
    if cap not in (CAP_EVERY_MODIFIER, CAP_TALENTS_ONLY):
        raise RulesError("The ±30 cap covers every modifier, or talents and traits only.")
    on_top = 10 * ranks + (SYNERGY if synergy else 0)
    if cap == CAP_TALENTS_ONLY:
        return attribute + modifiers + on_top
    return attribute + max(-MODIFIER_CAP, min(MODIFIER_CAP, modifiers + on_top))


def total_chance(base: int, difficulty: str) -> int:
    if difficulty not in DIFFICULTIES:
        raise RulesError("The difficulty is Arduous, Hard, Challenging, Standard, Routine, Easy or Trivial.")
    return base + DIFFICULTIES[difficulty]


# Time taken (seed, "Some skills take time"): steps along DIFFICULTIES, towards Trivial when positive.
TIME_TAKEN = {"hasty": -1, "normal": 0, "triple": 1}


def difficulty_for_time(difficulty: str, time: str = "normal") -> str:
    """The difficulty once time is counted. Seed ("Some skills take time"): "If triple time is allocated to
    a task, it might lessen its difficulty; on the other hand, hasty attempts become more difficult."
    Reading (published on /rules/#d100): the seed gives no size, so triple time moves the difficulty one
    step easier on its table (+10) and a hasty attempt one step harder (-10), held within Arduous ...
    Trivial (Trivial stays Trivial, Arduous stays Arduous). "Might" is the GM's: the GM sets the
    difficulty it starts from."""
    if difficulty not in DIFFICULTIES:
        raise RulesError("The difficulty is Arduous, Hard, Challenging, Standard, Routine, Easy or Trivial.")
    if time not in TIME_TAKEN:
        raise RulesError("The time taken is hasty, normal or triple time.")
    steps = list(DIFFICULTIES)
    at = steps.index(difficulty) + TIME_TAKEN[time]
    return steps[max(0, min(len(steps) - 1, at))]


class Flip(StrEnum):
    NONE = ""
    SUCCEED = "succeed"
    FAIL = "fail"


@dataclass(frozen=True, slots=True)
class Reading:
    value: int  # 1..100
    success: bool
    critical: bool
    degrees: int  # tens digit + attribute bonus, on a success

    @property
    def label(self) -> str:
        if self.critical:
            return "Critical success" if self.success else "Critical failure"
        return "Success" if self.success else "Failure"


def value_of(tens: int, ones: int) -> int:
    value = tens * 10 + ones
    return 100 if value == 0 else value


def read(value: int, chance: int, attribute_bonus: int = 0) -> Reading:
    """A d100 result against the total chance."""
    if value == 100:
        return Reading(100, False, True, 0)
    if value == 1 and chance >= 0:
        return Reading(1, True, True, attribute_bonus)
    success = value <= chance
    match = value % 11 == 0
    return Reading(value, success, match, (value // 10) + attribute_bonus if success else 0)


def _rank(reading: Reading) -> tuple:
    """How good a reading is: success, critical success, degrees; a plain failure beats a critical one."""
    return (reading.success, reading.success and reading.critical, reading.degrees, not reading.critical)


def flip(value: int, chance: int, how: Flip, attribute_bonus: int = 0) -> Reading:
    reading = read(value, chance, attribute_bonus)
    if how is Flip.NONE or value in (1, 100) or value % 11 == 0:
        return reading
    tens, ones = divmod(value, 10)
    swapped = read(value_of(ones, tens), chance, attribute_bonus)
    better = max(reading, swapped, key=_rank)
    worse = min(reading, swapped, key=_rank)
    return better if how is Flip.SUCCEED else worse


def assisted(value: int, assist_tens: int, chance: int, attribute_bonus: int = 0) -> tuple[Reading, bool]:
    """The reading with an assist die (tens 0-9), and whether the assist die was used."""
    if not 0 <= assist_tens <= 9:
        raise RulesError("An assist die reads 0 to 9.")
    own = read(value, chance, attribute_bonus)
    other = read(value_of(assist_tens, value % 10 if value != 100 else 0), chance, attribute_bonus)
    if own.critical and not own.success:
        return own, False  # never used to avoid a critical failure
    if other.critical and not other.success:
        return other, True  # must be used when it makes one
    return (other, True) if _rank(other) > _rank(own) else (own, False)


@dataclass(frozen=True, slots=True)
class D100Roll:
    tens: int
    ones: int
    assist: int | None = None

    @property
    def value(self) -> int:
        return value_of(self.tens, self.ones)


def roll_d100(dice: DiceSource, assist: bool = False) -> D100Roll:
    return D100Roll(dice.roll(10) - 1, dice.roll(10) - 1, dice.roll(10) - 1 if assist else None)


def resolve(rolled: D100Roll, chance: int, *, how: Flip = Flip.NONE, attribute_bonus: int = 0) -> Reading:
    if rolled.assist is not None and how is not Flip.NONE:
        raise RulesError("A test is either flipped or assisted, not both.")
    if rolled.assist is not None:
        return assisted(rolled.value, rolled.assist, chance, attribute_bonus)[0]
    return flip(rolled.value, chance, how, attribute_bonus)


@dataclass(frozen=True, slots=True)
class TestChances:
    __test__ = False

    success: Fraction
    critical_success: Fraction
    critical_failure: Fraction

    @property
    def graded(self) -> dict[str, Fraction]:
        """The chance of each of a test's four results (`Reading.label`), worst first."""
        return {
            "Critical failure": self.critical_failure,
            "Failure": 1 - self.success - self.critical_failure,
            "Success": self.success - self.critical_success,
            "Critical success": self.critical_success,
        }


def chances(chance: int, how: Flip = Flip.NONE, assist: bool = False) -> TestChances:
    """Exact odds over the 100 (or 1,000 with an assist die) equally likely rolls."""
    outcomes = []
    for tens in range(10):
        for ones in range(10):
            value = value_of(tens, ones)
            if assist:
                outcomes += [assisted(value, a, chance)[0] for a in range(10)]
            else:
                outcomes.append(flip(value, chance, how))
    n = len(outcomes)
    return TestChances(
        Fraction(sum(r.success for r in outcomes), n),
        Fraction(sum(r.success and r.critical for r in outcomes), n),
        Fraction(sum(not r.success and r.critical for r in outcomes), n),
    )


@dataclass(frozen=True, slots=True)
class SkillTest:
    """One skill test's throw: the total chance, and a flip or an assist die."""

    chance: int
    how: Flip = Flip.NONE
    assist: bool = False

    def __post_init__(self) -> None:
        if self.assist and self.how is not Flip.NONE:
            raise RulesError("A test is either flipped or assisted, not both.")


class SkillTestRules(RollRules[SkillTest]):
    """d100's check in the interface every system answers (rules/system.py)."""

    examples = (
        SkillTest(45),
        SkillTest(45, Flip.SUCCEED),
        SkillTest(62, Flip.FAIL),  # an untrained special skill: always flipped to fail
        SkillTest(30, assist=True),
        SkillTest(-10),  # a chance below 0: nothing succeeds, not even 01 ("A Skill Test of 0 or greater")
        SkillTest(110),  # 100 (00) still fails critically
    )

    def dice(self, request: SkillTest) -> tuple[int, ...]:
        """The tens d10, the ones d10, and the assist die's d10 (each face 1-10 reads 0-9)."""
        return (10, 10, 10) if request.assist else (10, 10)

    def odds(self, request: SkillTest) -> Fraction:
        return chances(request.chance, request.how, request.assist).success

    def outcomes(self, request: SkillTest) -> dict[str, Fraction]:
        return chances(request.chance, request.how, request.assist).graded

    def resolve(self, request: SkillTest, faces: tuple[int, ...]) -> Outcome:
        tens, ones, *assist = (face - 1 for face in faces)
        rolled = D100Roll(tens, ones, assist[0] if assist else None)
        reading = resolve(rolled, request.chance, how=request.how)
        summary = f"{reading.value} against {request.chance}%: {reading.label}."
        return Outcome(reading.success, summary, reading.label)


RULES = SkillTestRules()


def opposed(a: Reading, b: Reading) -> str | None:
    """'a', 'b', or None when nobody wins."""
    crit_a, crit_b = a.critical and a.success, b.critical and b.success
    if crit_a != crit_b:
        return "a" if crit_a else "b"
    fumble_a, fumble_b = a.critical and not a.success, b.critical and not b.success
    if fumble_a != fumble_b:
        return "b" if fumble_a else "a"
    if a.success and b.success and a.degrees != b.degrees:
        return "a" if a.degrees > b.degrees else "b"
    if a.success != b.success:
        return "a" if a.success else "b"
    return None


def fury(dice: DiceSource, limit: int = 50) -> tuple[int, ...]:
    """A Fury die: a d6 rolled again and added on each 6."""
    faces = [dice.roll(6)]
    while faces[-1] == 6 and len(faces) < limit:
        faces.append(dice.roll(6))
    return tuple(faces)


def fury_chance(total: int) -> Fraction:
    """Exact P(a Fury die totals `total`): 6m + r (r in 1..5) has chance (1/6)^(m+1)."""
    if total < 1 or total % 6 == 0:
        return Fraction(0)
    return Fraction(1, 6 ** (total // 6 + 1))
