"""An immersion check's normal mechanics (seed: "In-game language acquisition & improvement": "characters can use
experience/karma to improve their chances or re-roll a failed roll, and in particular, characters can choose to
delay the roll, spending extra time to improve the likelihood of success")."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.zener.immersion import Clock, delayed_hours, immerse, made_after_all, start_clock

LAN = 8
MISSED = (6, 6, 6, 6)  # 24


def _french() -> Clock:
    return start_clock(None, name="French", era="16th century", among="16th century", era_ranks=0)


@pytest.mark.parametrize(("delay", "hours"), [(0, 12), (1, 18), (2, 24), (3, 60), (4, 120)])
def test_delay_multiplies_the_interval_by_the_time_chart(delay, hours):
    assert delayed_hours(12, delay) == hours


def test_delay_rounds_the_hours_up():
    assert delayed_hours(3, 1) == 5  # 3 x 1.5 = 4.5


@pytest.mark.parametrize("delay", [-1, 5, 13])
def test_delay_is_a_bonus_of_the_chart_up_to_times_ten(delay):
    with pytest.raises(RulesError, match=r"x1\.5 to x10"):
        delayed_hours(12, delay)


def test_a_delayed_check_takes_the_longer_interval_and_the_index_as_a_bonus():
    """x2 time (index 2): 12 hours become 24, and the check at +10 (1 rank) gets +2: 4d6 at or under 20."""
    short = immerse(_french(), 1, 23, lan=LAN, related=0, dice=ScriptedDice([]), delay=2)
    assert (short.steps, short.clock.hours, short.next_hours) == ((), 23, 24)
    made = immerse(_french(), 1, 24, lan=LAN, related=0, dice=ScriptedDice((5, 5, 5, 5)), delay=2)
    [step] = made.steps
    assert (step.hours, step.delay, step.roll.target, step.roll.success, made.held) == (24, 2, LAN + 10 + 2, True, 2)
    # Without the delay, 20 misses the check at +10 (4d6 at or under 18).
    missed = immerse(_french(), 1, 12, lan=LAN, related=0, dice=ScriptedDice((5, 5, 5, 5)))
    assert missed.steps[0].roll.success is False


def test_a_failed_step_made_after_all_adds_the_rank_and_keeps_the_clock():
    """The failed check re-rolled (or +5) and made: the rank as if made, the hours past it toward the next rank."""
    failed = immerse(_french(), 1, 16, lan=LAN, related=0, dice=ScriptedDice(MISSED))
    assert (failed.held, failed.clock.hours) == (1, 4)  # the interval restarted: 4 of 12
    made = made_after_all(failed.clock, failed.held, failed.steps[-1], lan=LAN, related=0, dice=ScriptedDice([]))
    assert (made.held, made.clock.hours, made.steps, made.next_hours) == (2, 4, (), 24)


def test_an_ear_made_after_all_starts_the_ranks_clock_and_may_make_its_check():
    clock = start_clock(
        Clock("French", "16th century", "16th century", hours=10),
        name="French",
        era="16th century",
        among="18th century",
        era_ranks=1,
    )
    failed = immerse(clock, 1, 8, lan=LAN, related=0, dice=ScriptedDice(MISSED))
    assert (failed.clock.ear, failed.clock.ear_hours, failed.clock.hours) == (1, 2, 10)
    made = made_after_all(failed.clock, 1, failed.steps[-1], lan=LAN, related=0, dice=ScriptedDice((1, 1, 1, 2)))
    [step] = made.steps  # 10 + 2 hours: the 12-hour interval of rank 2 is complete
    assert (step.kind, step.to, made.held, made.clock.ear, made.clock.hours) == ("rank", 2, 2, 0, 0)


def test_only_a_failed_step_is_made_after_all():
    made = immerse(_french(), 1, 12, lan=LAN, related=0, dice=ScriptedDice((1, 1, 1, 2)))
    with pytest.raises(RulesError, match="already made"):
        made_after_all(made.clock, made.held, made.steps[-1], lan=LAN, related=0, dice=ScriptedDice([]))
