"""What a play-test of a whole fight found, in the pure rules: suppression fire takes no
aimed column; the stored state follows the damage (rules.zener.death.settle)."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import RulesError
from rules.zener.combat import aiming_bonus
from rules.zener.death import settle
from rules.zener.radiation import Therapy, treat
from rules.zener.sheet import validate_sheet


def _sheet(**changes):
    return {**validate_sheet({"stats": {"CON": 10}, "int_dice": [3, 3]}), **changes}


def test_suppression_fire_hits_the_whole_body_only():
    # Seed ("Extra Time Spent/Rushing"): "Simply pointing a weapon in the general direction of a target".
    assert aiming_bonus(0, "rifle", suppression=True, column="whole") == -5
    with pytest.raises(RulesError, match=r"Suppression fire is not aimed: it hits the whole body, not the eye\."):
        aiming_bonus(0, "rifle", suppression=True, column="eye")
    assert aiming_bonus(2, "rifle", column="eye") == 2  # aimed fire may take any column


def test_settle_follows_the_damage():
    dying = _sheet(state="dying", dying={"penalty": 2})
    assert settle(dying) == {**_sheet(), "state": "conscious"}  # nothing at 0 or below: no longer dying
    hurt = _sheet(state="unconscious", out_for="10 seconds", damage={"trauma": 500})
    assert (settle(hurt)["state"], "out_for" in settle(hurt)) == ("dying", False)
    assert settle(_sheet(state="dead"))["state"] == "dead"
    assert settle(_sheet()) == _sheet()  # a sheet without a state is conscious, and stays as it is


def test_a_therapy_that_heals_con_above_zero_ends_the_dying():
    radiation = {"con": 10, "transitions": 3, "extra": 0, "step": 0, "waited": 0}
    sheet = _sheet(state="dying", dying={"penalty": 1}, damage={"radiation": radiation})
    done = treat(sheet, Therapy(con_healed=2), ScriptedDice(()))
    assert done.sheet["state"] == "conscious"
    assert "dying" not in done.sheet
