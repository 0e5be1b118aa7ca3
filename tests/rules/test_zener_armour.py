"""Armour worn and hand protection (seed: "Stats", "Other Armour Effects")."""

import re

import pytest

from rules import RulesError
from rules.zener.armour import worn
from rules.zener.sheet import validate_sheet


def _sheet(**extra):
    return validate_sheet(
        {"stats": {"DEX": 12, "NIM": 12, "RES": 12, "ACC": 12, "MEL": 12}, "int_dice": [3, 3], **extra}
    )


def test_low_tech_armour_counts_higher_for_nim_acc_and_mel_only():
    # Seed: "Armour from a low-technology world adds 1, 2, or even 3 to the armor type for the purposes of
    # determining NIM/ACC/MEL modifier". Armour 5 from a low-tech world (+3) plays as 8 for those three:
    # NIM -3, ACC -2, MEL -4; RES (armour 5: none) and the DEX row (armour 5: -1) keep the armour's own type.
    values = worn(_sheet(armour=5, armour_tech=3))
    assert (values["NIM"], values["ACC"], values["MEL"], values["RES"]) == (9, 10, 8, 12)
    assert values["DEX in use"] == 12 - 1


def test_high_tech_armour_counts_lower():
    # "Armour from a high-technology world subtracts 1, 2, 3, 4, or even 5": armour 10 at -5 plays as 5.
    values = worn(_sheet(armour=10, armour_tech=-5))
    assert (values["NIM"], values["ACC"], values["MEL"]) == (11, 11, 12)
    assert values["DEX in use"] == 12 - 6  # the DEX row has no technology line: armour 10's -6


def test_hand_protection_subtracts_from_dex_in_use():
    # Seed, "Stats": DEX "is averaged with NIM to get the actual stat value. Hand protection will subtract from it."
    values = worn(_sheet(armour=4, hand_protection=2))
    assert values["DEX in use"] == 12 - 1 - 2  # armour 4's DEX -1, gloves -2
    assert values["DEX"] == 12  # the rolled stat stays as made


def test_the_gm_may_name_the_armour_the_sheet_does_not_wear():
    assert worn(_sheet(armour=0), armour=6)["MEL"] == 10


def test_the_sheet_keeps_its_technology_and_hand_protection():
    sheet = _sheet(armour=6, armour_tech=-2, hand_protection=3)
    assert (sheet["armour_tech"], sheet["hand_protection"]) == (-2, 3)
    assert (_sheet()["armour_tech"], _sheet()["hand_protection"]) == (0, 0)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"armour_tech": 4}, "Technology shifts armour by -5 to +3"),
        ({"armour_tech": -6}, "Technology shifts armour by -5 to +3"),
        ({"hand_protection": 7}, "Hand protection takes 0 to 6 from DEX"),
        ({"hand_protection": -1}, "Hand protection takes 0 to 6 from DEX"),
        ({"hand_protection": "2"}, "whole number"),
    ],
)
def test_bad_technology_or_hand_protection_is_refused(extra, message):
    with pytest.raises(RulesError, match=re.escape(message)):
        _sheet(**extra)
