"""The One-Roll Engine's extra actions (seed: "Multiple Actions and Multiple Sets") and
height-only contests (seed: "Dynamic Contests": "if it doesn't matter who goes first")."""

import pytest

from rules import RulesError
from rules.ore.contest import check_extra_actions, height_contest, highest_set, highest_wiggle
from rules.ore.multiple import assign_sets, strike
from rules.ore.pool import OreRoll, Pool, Set


def test_an_extra_action_needs_a_pool_at_least_the_primarys():
    check_extra_actions(5, [5, 6])  # declared before the roll: no sets yet
    with pytest.raises(RulesError, match="at least as large"):
        check_extra_actions(5, [4])


def test_the_seeds_example_sets_each_go_to_one_action():
    # The seed's reading of sets: three 5s are 3x5, two 7s are 2x7.
    rolled = OreRoll(Pool(6), (5, 5, 5, 7, 7, 1), ())
    assert assign_sets(rolled, 0, 1) == (Set(3, 5), [Set(2, 7)])


def test_the_primary_takes_the_set_that_beats_its_difficulty_and_the_extra_the_next():
    rolled = OreRoll(Pool(6), (5, 5, 5, 7, 7, 1), ())
    assert assign_sets(rolled, 6, 1) == (Set(2, 7), [Set(3, 5)])


def test_an_extra_action_without_its_own_set_fails():
    rolled = OreRoll(Pool(5), (5, 5, 5, 7, 1), ())
    assert assign_sets(rolled, 0, 2) == (Set(3, 5), [None, None])


def test_a_failed_primary_still_claims_the_first_set():
    # Difficulty 9: 3x5 and 2x7 both fall short. The primary fails with the widest set;
    # only the set beyond it is an extra one.
    rolled = OreRoll(Pool(6), (5, 5, 5, 7, 7, 1), ())
    assert assign_sets(rolled, 9, 1) == (None, [Set(2, 7)])


def test_a_roll_waiting_for_wiggle_dice_assigns_nothing():
    with pytest.raises(RulesError, match="wiggle"):
        assign_sets(OreRoll(Pool(3, wiggle=1), (5, 5, 1), None), 0, 1)


def test_height_only_contests_look_at_height_alone():
    # A 3x4 would go first in a dynamic contest; when order does not matter, 2x9 wins.
    result = height_contest(Set(3, 4), Set(2, 9))
    assert (result.first, result.second_acts) == ("b", False)
    assert "higher" in result.summary
    assert height_contest(Set(2, 8), Set(4, 5)).first == "a"
    tie = height_contest(Set(2, 6), Set(3, 6))
    assert (tie.first, tie.second_acts) == (None, True)
    assert height_contest(None, Set(2, 2)).first == "b"
    assert height_contest(None, None).first is None


def test_wiggle_dice_in_a_height_contest_make_the_highest_set():
    assert highest_wiggle(OreRoll(Pool(3, wiggle=1), (4, 4, 8), None)) == (8,)  # 2x8 over 3x4
    assert highest_wiggle(OreRoll(Pool(3, wiggle=2), (4, 4, 8), None)) == (10, 10)
    assert highest_wiggle(OreRoll(Pool(2, hard=1, wiggle=1), (4, 4), None)) == (10,)


def test_the_highest_set_is_the_one_a_height_contest_looks_at():
    assert highest_set(OreRoll(Pool(6), (4, 4, 4, 9, 9, 1), ())) == Set(2, 9)
    assert highest_set(OreRoll(Pool(3), (1, 2, 3), ())) is None


def test_the_gm_strikes_an_extra_action_once_and_never_the_primary():
    assert strike(2, (), 2) == (2,)
    assert strike(2, (2,), 1) == (1, 2)
    for extras, struck, number, message in [
        (2, (2,), 2, "already struck"),
        (1, (), 0, "extra actions"),
        (1, (), 2, "extra actions"),
        (0, (), 1, "extra actions"),
    ]:
        with pytest.raises(RulesError, match=message):
            strike(extras, struck, number)
