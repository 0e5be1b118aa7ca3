"""The One-Roll Engine: pools, sets, wiggle dice, exact odds against brute force,
figures worked from the rules (the seed gives no odds), seeded rolls, contests."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules import RulesError
from rules.dice import ScriptedDice, SeededDice
from rules.ore import SYSTEM
from rules.ore.contest import check_extra_actions, contest
from rules.ore.pool import (
    OreRoll,
    Pool,
    Set,
    best_height_distribution,
    best_width_distribution,
    build_pool,
    chance_of_success,
    published_no_set,
    roll_pool,
    set_wiggle,
    sets_of,
    suggest_wiggle,
    wiggle_choices,
    wiggle_options,
)


def test_pools_from_stat_skill_bonus_and_penalty():
    assert build_pool(3, 2) == Pool(5)
    assert build_pool(2, 3, hard=1, wiggle=1, bonus=1) == Pool(4, 1, 1)
    assert build_pool(2, 3, hard=1, wiggle=1, penalty=2) == Pool(2, 0, 1)  # hard first, then normal
    assert build_pool(1, 1, wiggle=1, penalty=2) == Pool(0, 0, 0)
    assert build_pool(5, 5, hard=2, wiggle=1, bonus=3) == Pool(9, 0, 1, dropped=3)  # 13 dice: 2 hard, 1 normal go


@pytest.mark.parametrize(
    ("args", "message"),
    [((0, 1), "1 to 5"), ((6, 1), "1 to 5"), ((3, 6), "0 to 5"), ((3, 2, {"hard": 3}), "part of the skill")],
)
def test_bad_pools_are_refused(args, message):
    kwargs = args[2] if len(args) == 3 else {}
    with pytest.raises(RulesError, match=message):
        build_pool(args[0], args[1], **kwargs)
    with pytest.raises(RulesError, match="negative"):
        build_pool(3, 1, penalty=-1)


def test_sets_are_read_widest_first():
    assert sets_of((5, 5, 5, 9, 9, 2)) == [Set(3, 5), Set(2, 9)]
    assert str(Set(3, 5)) == "3x5"


def test_hard_dice_are_tens_and_wiggle_dice_wait():
    rolled = roll_pool(Pool(2, hard=1, wiggle=1), ScriptedDice([10, 3]))
    assert rolled.waiting_for_wiggle
    assert rolled.sets == [Set(2, 10)]
    done = set_wiggle(rolled, (3,))
    assert done.sets == [Set(2, 10), Set(2, 3)]
    with pytest.raises(RulesError, match="already set"):
        set_wiggle(done, (5,))


def test_wiggle_values_are_checked():
    rolled = roll_pool(Pool(1, wiggle=2), ScriptedDice([4]))
    with pytest.raises(RulesError, match="1 to 10"):
        set_wiggle(rolled, (0, 4))
    with pytest.raises(RulesError, match="all 2"):
        set_wiggle(rolled, (4,))


def test_wiggle_suggestions():
    rolled = roll_pool(Pool(3, wiggle=1), ScriptedDice([7, 7, 2]))
    assert dict(wiggle_choices(rolled))[7] == Set(3, 7)
    assert suggest_wiggle(rolled) == (7,)
    assert suggest_wiggle(rolled, difficulty=8) == (7,)  # nothing reaches 8: still the best set
    assert suggest_wiggle(roll_pool(Pool(2, wiggle=1), ScriptedDice([9, 2])), difficulty=5) == (9,)


def test_the_wiggle_suggestion_looks_at_every_set_not_only_the_widest():
    # 5,5,5,9 with one wiggle die at difficulty 8. On 5 it makes 4x5, which fails;
    # on 9 it makes 2x9, which beats the difficulty: that is the suggestion.
    rolled = roll_pool(Pool(4, wiggle=1), ScriptedDice([5, 5, 5, 9]))
    assert suggest_wiggle(rolled, difficulty=8) == (9,)
    assert suggest_wiggle(rolled) == (5,)  # no difficulty: the widest set
    options = {option.values: option for option in wiggle_options(rolled, difficulty=8)}
    assert set(options) == {(9,), (5,)}  # only the sets a wiggle die can make or improve
    assert (options[(9,)].made, options[(9,)].best, options[(9,)].beats) == (Set(2, 9), Set(2, 9), True)
    assert (options[(5,)].made, options[(5,)].best, options[(5,)].beats) == (Set(4, 5), None, False)
    assert [option.values for option in wiggle_options(rolled, difficulty=8)] == [(9,), (5,)]  # best first


def test_wiggle_options_with_two_wiggle_dice_and_none_rolled():
    rolled = roll_pool(Pool(1, wiggle=2), ScriptedDice([3]))
    options = wiggle_options(rolled)
    # Both on 10 make a set of their own (the highest they can make alone); both on 3 join the die.
    assert [(o.values, o.made) for o in options] == [((3, 3), Set(3, 3)), ((10, 10), Set(2, 10))]
    assert suggest_wiggle(rolled, difficulty=4) == (10, 10)
    lone = roll_pool(Pool(0, wiggle=1), ScriptedDice([]))
    assert wiggle_options(lone) == []  # one wiggle die alone makes no set
    assert suggest_wiggle(lone) == (10,)


def test_the_suggestion_is_never_worse_than_any_single_value():
    # Against every single-value assignment, by brute force over seeded rolls.
    dice = SeededDice(18)
    for _ in range(200):
        pool = Pool(dice.roll(5), wiggle=1 + dice.roll(2) - 1)
        rolled = roll_pool(pool, dice)
        difficulty = dice.roll(10)

        chosen = _wiggle_key(rolled, suggest_wiggle(rolled, difficulty), difficulty)
        assert all(chosen >= _wiggle_key(rolled, (v,) * pool.wiggle, difficulty) for v in range(1, 11))


def _wiggle_key(rolled, values, difficulty):
    best = set_wiggle(rolled, values).best(difficulty)
    return (best is not None, best or Set(0, 0))


def test_bad_failure_is_all_low_and_no_set():
    assert OreRoll(Pool(3), (1, 4, 5)).bad_failure
    assert not OreRoll(Pool(3), (1, 4, 6)).bad_failure
    assert not OreRoll(Pool(3), (4, 4, 5)).bad_failure


def test_a_roll_waiting_for_its_wiggle_dice_is_not_a_bad_failure_yet():
    waiting = OreRoll(Pool(3, wiggle=1), (1, 2, 3), None)
    assert not waiting.bad_failure  # the wiggle die will pair with one of them: it cannot fail
    assert not set_wiggle(waiting, (9,)).bad_failure  # 1, 2, 3, 9: no set, a die above 5
    assert set_wiggle(OreRoll(Pool(2, wiggle=1), (1, 3), None), (4,)).bad_failure


@pytest.mark.parametrize(("n", "percent"), [(5, "69.76"), (7, "93.952"), (10, "99.963712")])
def test_published_figures(n, percent):
    assert chance_of_success(Pool(n)) == 1 - published_no_set(n) == Fraction(percent) / 100


def brute(pool: Pool, difficulty: int) -> tuple[Fraction, Counter, Counter]:
    """Every roll, with every wiggle assignment tried: the oracle."""
    hits, widths, heights = 0, Counter(), Counter()
    for faces in itertools.product(range(1, 11), repeat=pool.normal):
        rolled = OreRoll(pool, faces, None if pool.wiggle else ())
        options = (
            [set_wiggle(rolled, values) for values in itertools.product(range(1, 11), repeat=pool.wiggle)]
            if pool.wiggle
            else [rolled]
        )
        hits += any(option.succeeds(difficulty) for option in options)
        widths[max((s.width for option in options for s in option.sets), default=0)] += 1
        heights[max((s.height for option in options for s in option.sets), default=0)] += 1
    total = 10**pool.normal
    return Fraction(hits, total), widths, heights


@pytest.mark.parametrize(
    ("pool", "difficulty"),
    [
        (Pool(3), 0),
        (Pool(3), 6),
        (Pool(2, hard=1), 8),
        (Pool(2, wiggle=1), 7),
        (Pool(1, hard=1, wiggle=1), 10),
        (Pool(2, wiggle=2), 10),
        (Pool(4), 9),
    ],
)
def test_exact_odds_equal_brute_force(pool, difficulty):
    hits, widths, heights = brute(pool, difficulty)
    total = 10**pool.normal
    assert chance_of_success(pool, difficulty) == hits
    assert best_width_distribution(pool) == {w: Fraction(n, total) for w, n in sorted(widths.items())}
    assert best_height_distribution(pool) == {h: Fraction(n, total) for h, n in sorted(heights.items())}


def test_seeded_rolls_match_the_exact_odds():
    pool, dice, rolls = Pool(6, hard=1), SeededDice(8), 20_000
    seen = sum(roll_pool(pool, dice).succeeds(7) for _ in range(rolls))
    p = chance_of_success(pool, 7)
    assert abs(seen / rolls - float(p)) <= 5 * (float(p) * (1 - float(p)) / rolls) ** 0.5


def test_dynamic_contests():
    wide_first = contest(Set(3, 4), Set(2, 9))
    assert (wide_first.first, wide_first.second_acts) == ("a", True)  # 2x9 still beats height 4
    assert contest(Set(2, 3), Set(3, 5)).first == "b"
    assert contest(Set(2, 3), Set(3, 5)).second_acts is False
    assert contest(Set(2, 8), Set(2, 5)).first == "a"
    assert contest(Set(2, 5), Set(2, 5)).first is None
    assert contest(None, Set(2, 2)).first == "b"


def test_extra_actions_need_sets_and_pools():
    check_extra_actions(5, [6], [Set(2, 3), Set(2, 7)])
    with pytest.raises(RulesError, match="at least as large"):
        check_extra_actions(5, [4], [Set(2, 3), Set(2, 7)])
    with pytest.raises(RulesError, match="its own extra set"):
        check_extra_actions(5, [6, 6], [Set(2, 3), Set(2, 7)])


def test_sheet():
    ore = SYSTEM
    sheet = ore.validate_sheet(
        {
            "stats": {"Body": 3},
            "skills": [{"name": "Piloting", "stat": "Coordination", "normal": 2, "hard": 1, "wiggle": 1}],
        }
    )
    assert sheet["stats"]["Body"] == 3
    assert sheet["stats"]["Cool"] == 2
    with pytest.raises(RulesError, match="1 to 5"):
        ore.validate_sheet({"stats": {"Body": 6}})
    with pytest.raises(RulesError, match="0 to 5 dice"):
        ore.validate_sheet({"skills": [{"name": "X", "stat": "Body", "normal": 4, "hard": 2}]})


@pytest.mark.parametrize("normal", range(0, 11))
def test_the_counted_chance_equals_every_roll_visited(normal):
    """chance_of_success counts in closed form; here every roll is visited instead."""
    from rules.ore.pool import _enumerated_chance_of_success

    for hard, wiggle in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2)):
        if normal + hard + wiggle > 10:
            continue
        pool = Pool(normal, hard=hard, wiggle=wiggle)
        for difficulty in range(11):
            assert chance_of_success(pool, difficulty) == _enumerated_chance_of_success(pool, difficulty), (
                pool,
                difficulty,
            )


def test_a_skill_rolls_with_its_own_stat():
    from rules.ore.sheet import stat_for

    piloting = {"name": "Piloting", "stat": "Coordination"}
    assert stat_for(piloting, "") == stat_for(piloting, "Coordination") == "Coordination"
    assert stat_for(None, "Body") == "Body"
    with pytest.raises(RulesError, match="Piloting is rolled with Coordination"):
        stat_for(piloting, "Body")
    with pytest.raises(RulesError, match="Choose the stat"):
        stat_for(None, "")
