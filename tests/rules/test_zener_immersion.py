"""Learning a language by immersion (seed: "In-game language acquisition & improvement"), with the seed's
16th-century French example as written."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.zener.immersion import Clock, immerse, sheet_clocks, start_clock
from rules.zener.languages import LANGUAGE_AS_STAT, language_check, learning_check

MADE = (1, 1, 1, 2)  # 4d6 = 5
MISSED = (6, 6, 6, 6)  # 24: misses LAN 8's check at +15 (4d6 at or under 23)
LAN = 8  # a LAN whose checks can fail: the ranks' modifier is a bonus (rules.zener.languages.learning_check)


def _french_among_napoleons_troops() -> Clock:
    """He holds 1 rank of 16th-century French; the troops speak 18th-century French, "1 era difference"."""
    return start_clock(None, name="French", era="16th century", among="18th century", era_ranks=1)


def test_16th_century_french_first_adjusts_his_ear_for_6_hours_and_a_lan_check_at_plus_15():
    """Seed: "because of the era difference, he has to first spend 6 hours (1 rank) adjusting his 'ear' to the
    more modern usage. At the end of that time he needs to make a LAN check at +15 to complete that adjustment
    period. If he succeeds, the clock starts on the 12-hour interval"."""
    clock = _french_among_napoleons_troops()
    assert (clock.ear, clock.hours) == (1, 0)
    five = immerse(clock, 1, 5, lan=LAN, related=0, dice=ScriptedDice([]))
    assert (five.steps, five.clock.ear_hours, five.next_hours) == ((), 5, 6)  # no check before 6 hours
    adjusted = immerse(clock, 1, 6, lan=LAN, related=0, dice=ScriptedDice(MADE))
    [step] = adjusted.steps
    assert (step.kind, step.hours, step.roll.target, step.roll.success) == ("ear", 6, LAN + 15, True)
    assert (adjusted.held, adjusted.clock.ear, adjusted.next_hours) == (1, 0, 12)
    # Then 12 hours of exposure add his rank: a LAN check at +10 (1 rank held), 4d6 at or under 18.
    ranked = immerse(adjusted.clock, 1, 12, lan=LAN, related=0, dice=ScriptedDice((2, 2, 3, 3)))
    [step] = ranked.steps
    assert (step.kind, step.hours, step.roll.target, step.to, ranked.held) == ("rank", 12, LAN + 10, 2, 2)
    assert ranked.next_hours == 24


def test_if_the_ear_check_fails_the_6_hour_interval_restarts():
    """Seed: "if not, the 6-hour interval restarts"."""
    failed = immerse(_french_among_napoleons_troops(), 1, 6, lan=LAN, related=0, dice=ScriptedDice(MISSED))
    assert [s.roll.success for s in failed.steps] == [False]
    assert (failed.held, failed.clock.ear, failed.clock.ear_hours, failed.next_hours) == (1, 1, 0, 6)
    # 18 hours at once: the ear again at 6 (made), then 12 toward the rank, its check made.
    again = immerse(failed.clock, 1, 18, lan=LAN, related=0, dice=ScriptedDice((*MADE, 2, 2, 3, 3)))
    assert [(s.kind, s.roll.success) for s in again.steps] == [("ear", True), ("rank", True)]
    assert again.held == 2


def test_without_the_era_difference_12_hours_add_the_rank():
    """Seed: "If not for the era difference, 12 hours of exposure to the more modern language would suffice"."""
    clock = start_clock(None, name="French", era="16th century", among="16th century", era_ranks=1)
    assert clock.ear == 0
    ranked = immerse(clock, 1, 12, lan=LAN, related=0, dice=ScriptedDice((2, 2, 3, 3)))
    assert ranked.held == 2


def test_18th_century_french_as_a_new_language_with_the_old_as_a_related_skill():
    """Seed: "the character can choose to begin acquiring 18th Century French in addition ... This restarts his
    'language experience clock' at zero, but his expertise in 16th Century French counts as a related skill,
    giving him +2 to his Language Rolls": 3 hours for 0 ranks, at +15 and +2, LAN 8: 4d6 at or under 25."""
    clock = start_clock(None, name="French", era="18th century", among="18th century", era_ranks=1)
    acquired = immerse(clock, None, 3, lan=LAN, related=1, dice=ScriptedDice((1, 2, 2, 2)))
    [step] = acquired.steps
    assert (step.kind, step.hours, step.roll.target, acquired.held, acquired.next_hours) == ("acquire", 3, 25, 0, 6)


def test_the_whole_ladder_3_6_12_24_hours_and_nothing_past_3_ranks():
    """Seed: "3 hours acquires the local language at 0 ranks, 6 hours more adds a 1st rank in one discipline, 12
    hours more adds a second, and 24 hours more takes the ranks to 3"; each a LAN check (+15, +15, +10, +5)."""
    clock = start_clock(None, name="Spanish", era="1920s", among="1920s", era_ranks=0)
    ones = (1, 1, 1, 1) * 4
    done = immerse(clock, None, 50, lan=LAN, related=0, dice=ScriptedDice(ones))
    assert [(s.kind, s.hours, s.roll.target, s.to) for s in done.steps] == [
        ("acquire", 3, 23, 0),
        ("rank", 6, 23, 1),
        ("rank", 12, 18, 2),
        ("rank", 24, 13, 3),
    ]
    assert (done.held, done.unused, done.next_hours) == (3, 5, None)
    with pytest.raises(RulesError, match="already 3 ranks"):
        immerse(done.clock, 3, 1, lan=LAN, related=0, dice=ScriptedDice([]))


def test_a_failed_rank_check_restarts_its_interval_and_hours_carry_on():
    clock = start_clock(None, name="Spanish", era="1920s", among="1920s", era_ranks=0)
    partly = immerse(clock, 0, 10, lan=LAN, related=0, dice=ScriptedDice(MISSED))
    assert (partly.held, partly.clock.hours, partly.next_hours) == (0, 4, 6)  # 6 spent on the failed check
    resumed = start_clock(partly.clock, name="Spanish", era="1920s", among="1930s", era_ranks=1)
    assert (resumed.hours, resumed.ear) == (4, 1)  # another era: the ear first, the 4 hours wait


@pytest.mark.parametrize("hours", [0, -3, 1001])
def test_bad_hours_are_refused(hours):
    clock = start_clock(None, name="Spanish", era="1920s", among="1920s", era_ranks=0)
    with pytest.raises(RulesError, match="1 to 1000 hours"):
        immerse(clock, 0, hours, lan=LAN, related=0, dice=ScriptedDice([]))


def test_clocks_on_the_sheet_are_checked():
    kept = {"name": "French", "era": "16th century", "among": "18th century", "hours": 3, "ear": 1, "ear_hours": 2}
    assert sheet_clocks([kept]) == [kept]
    with pytest.raises(RulesError):
        sheet_clocks([kept | {"hours": -1}])
    with pytest.raises(RulesError):
        sheet_clocks([kept | {"ear": "one"}])


def test_learning_is_easy_at_first_and_harder_for_the_last_rank():
    """The reading that lets the French example's "If he succeeds" happen: the ranks' modifier helps the learner
    (LAN 12: a first rank at 4d6 <= 27, sure; the 3rd at 4d6 <= 17), while a language roll in use is at the
    modifier against the roller (LAN 12 with 0 ranks: 4d6 + 15 <= 12, an impossible chance)."""
    assert [learning_check(12, ranks).target for ranks in (0, 1, 2)] == [27, 22, 17]
    assert language_check(12, 0, reading=LANGUAGE_AS_STAT).target == -3
