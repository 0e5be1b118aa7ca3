"""Fallout (seed: "Fallout and Conditions"): the arena picks the resisting attribute; the
code minus its dice is rolled, each d10 below 4 one grade up from Minor."""

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.fallout import resisting_attribute, roll_fallout
from rules.dice import ScriptedDice
from rules.errors import RulesError


def test_the_seed_table_of_arenas():
    assert [resisting_attribute(arena) for arena in ("material", "public", "private", "intellectual", "isotech")] == [
        "strength",
        "perception",
        "perception",
        "knowledge",
        "technical",
    ]


def test_an_unknown_arena_is_refused():
    with pytest.raises(RulesError, match="arena"):
        resisting_attribute("astral")


def test_five_dice_minus_two_resisting_three_rolled():
    assert roll_fallout(DieCode(5), 2, ScriptedDice([1, 3, 4])).grade == "Major"
