"""Coin's rules: the flip, its exact odds against brute force and seeded flips, the sheet."""

import itertools
from fractions import Fraction

import pytest

from rules import RulesError
from rules.dice import ScriptedDice, SeededDice
from tests.coin.rules import HEADS, MAX_COINS, TAILS, Flip, chance, flip, heads_distribution, validate_sheet


def test_more_heads_than_the_target_succeeds_and_as_many_fails():
    flipped = flip(Flip(coins=3, target=1), ScriptedDice([HEADS, TAILS, HEADS]))
    assert (flipped.faces, flipped.heads, flipped.success) == ((2, 1, 2), 2, True)
    assert not flip(Flip(coins=3, target=2), ScriptedDice([HEADS, TAILS, HEADS])).success


@pytest.mark.parametrize(("coins", "target"), [(0, 0), (MAX_COINS + 1, 0), (3, -1), (3, MAX_COINS + 1), (True, 0)])
def test_a_flip_out_of_bounds_is_refused_with_the_rules_message(coins, target):
    with pytest.raises(RulesError, match="whole number"):
        Flip(coins, target)


@pytest.mark.parametrize("coins", range(1, MAX_COINS + 1))
def test_the_exact_chance_is_the_count_of_every_way_the_coins_can_land(coins):
    every_way = list(itertools.product((TAILS, HEADS), repeat=coins))
    for target in range(MAX_COINS + 1):
        wins = sum(faces.count(HEADS) > target for faces in every_way)
        assert chance(Flip(coins, target)) == Fraction(wins, len(every_way)), (coins, target)
    assert sum(heads_distribution(coins).values()) == 1


def test_seeded_flips_land_near_the_exact_chance():
    dice, asked, flips = SeededDice(2026), Flip(6, 3), 4_000
    rate = sum(flip(asked, dice).success for _ in range(flips)) / flips
    assert abs(rate - float(chance(asked))) < 0.03  # 11/32 = 0.34375


def test_the_sheet_says_how_many_coins_with_one_by_default():
    assert validate_sheet({}) == {"coins": 1, "notes": ""}
    assert validate_sheet({"coins": 4, "notes": "lucky"}) == {"coins": 4, "notes": "lucky"}
    for bad in (0, 11, "3", None):
        with pytest.raises(RulesError):
            validate_sheet({"coins": bad})
