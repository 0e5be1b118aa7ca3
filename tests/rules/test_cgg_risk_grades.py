"""The Exec's risk grades (seed: "Exec Dice, Rolling, and Success": "no risk, minimal risk,
limited risk, or extreme risk") and an Aspect's free Wrench uses (seed: "Aspects, Attributes
and Abilities")."""

import pytest

from rules.cgg.aspects import wrench_price
from rules.cgg.difficulty import Difficulty, RiskLevel
from rules.cgg.venture import Wrench
from rules.errors import RulesError


def test_limited_risk_is_the_tables_base_risk():
    # The seed's table: a 4d difficulty has base risk 7.
    assert Difficulty(base_dice=4, success_dice=0, risk=RiskLevel.LIMITED).base_risk == 7


def test_minimal_risk_is_one_row_lower_and_extreme_one_row_higher():
    assert Difficulty(base_dice=4, success_dice=0, risk=RiskLevel.MINIMAL).base_risk == 4
    assert Difficulty(base_dice=4, success_dice=0, risk=RiskLevel.EXTREME).base_risk == 10


def test_the_situation_bonus_adds_to_every_grade():
    assert Difficulty(base_dice=5, success_dice=0, risk=RiskLevel.EXTREME, risk_bonus=2).base_risk == 15


def test_no_risk_has_no_target():
    assert Difficulty(base_dice=9, success_dice=0, risk=RiskLevel.NONE).base_risk is None


def test_minimal_risk_never_drops_below_one():
    assert Difficulty.for_contest(1, success_dice=0, risk=RiskLevel.MINIMAL).base_risk == 1


def test_an_aspect_called_into_play_makes_every_wrench_use_free():
    uses = (Wrench.THAT_WAS_CLOSE, Wrench.TIME_TO_GET_SERIOUS)
    assert wrench_price(uses, aspect="", aspects=["Smuggler"]) == 3
    assert wrench_price(uses, aspect="Smuggler", aspects=["Smuggler"]) == 0


def test_only_an_aspect_of_the_explorer_can_be_called():
    with pytest.raises(RulesError, match="not one of this explorer's Aspects"):
        wrench_price((Wrench.THAT_WAS_CLOSE,), aspect="Jedi", aspects=["Smuggler"])
