"""Aiming caps, suppression fire and spot/listen checks (seed: "Aiming", "Extra Time Spent/Rushing",
"Spot/Listen Checks")."""

import pytest

from rules.errors import RulesError
from rules.zener.combat import SUPPRESSION, aiming_bonus, aiming_cap, attack_check, spot_modifier


@pytest.mark.parametrize(("weapon", "seconds", "index"), [("pistol", 2, 2), ("rifle", 10, 4), ("sniper", 600, 9)])
def test_each_weapon_aims_up_to_its_seeds_cap(weapon, seconds, index):
    # "Pistols capped at 2 sec, Rifles capped at 10 sec, Sniper attacks capped at 10 min."
    assert aiming_cap(weapon) == (seconds, index)
    assert aiming_bonus(index, weapon) == index


def test_aiming_past_the_cap_is_refused_with_the_cap():
    with pytest.raises(RulesError, match="A pistol aims for at most 2 seconds: up to \\+2"):
        aiming_bonus(3, "pistol")
    assert aiming_bonus(13, "") == 13  # no weapon kind named: the GM's index, as before


def test_suppression_fire_is_minus_5_and_takes_no_aim():
    # "Simply pointing a weapon in the general direction of a target ... is defined as having a -5 chance to hit."
    assert SUPPRESSION == -5
    aimed = attack_check(20, 3, 5).target
    assert attack_check(20, 3, 5, aiming=SUPPRESSION).target == aimed - 5
    with pytest.raises(RulesError, match="Suppression fire is not aimed"):
        aiming_bonus(2, "rifle", suppression=True)
    assert aiming_bonus(0, "rifle", suppression=True) == -5


def test_spotting_reads_size_and_range_and_looking_out():
    # "the Range and Size modifiers are relevant. ... actively looking out ... up to -5 improvement"
    assert spot_modifier(0, 0, 0) == 0
    assert spot_modifier(0, 20, 0) == attack_check(20, 0, 0, range_=20).target - attack_check(20, 0, 0).target
    assert spot_modifier(0, 20, 5) == spot_modifier(0, 20, 0) + 5
    with pytest.raises(RulesError, match="up to 5"):
        spot_modifier(0, 0, 6)
