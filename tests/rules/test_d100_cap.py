"""d100's ±30 cap on "the sum of these modifiers" (seed: "Skill test summary"), both readings."""

import pytest

from rules.d100 import SYSTEM
from rules.d100.test import CAP_EVERY_MODIFIER, CAP_TALENTS_ONLY, base_chance
from rules.errors import RulesError


def test_the_literal_reading_caps_ranks_talents_and_synergy_together():
    # Attribute 45, 3 ranks, talents +20: 30 + 20 = 50 above the attribute, capped at +30.
    assert base_chance(45, 3, modifiers=20) == 75
    assert base_chance(45, 3, modifiers=20, cap=CAP_EVERY_MODIFIER) == 75
    assert base_chance(45, 2, modifiers=10, synergy=True) == 75  # 20 + 10 + 10, capped
    assert base_chance(45, 0, modifiers=-30, synergy=False) == 15
    assert base_chance(45, 1, modifiers=-30) == 25  # 10 - 30 = -20: within the cap


def test_the_talents_only_reading_puts_ranks_and_synergy_on_top():
    assert base_chance(45, 3, modifiers=20, cap=CAP_TALENTS_ONLY) == 95
    assert base_chance(45, 3, modifiers=20, synergy=True, cap=CAP_TALENTS_ONLY) == 105


def test_the_cap_is_a_campaign_setting_defaulting_to_the_literal_reading():
    settings = SYSTEM.validate_settings({})
    assert settings["modifier_cap"] == CAP_EVERY_MODIFIER
    assert SYSTEM.validate_settings({"modifier_cap": CAP_TALENTS_ONLY})["modifier_cap"] == CAP_TALENTS_ONLY
    with pytest.raises(Exception, match="must be one of"):
        SYSTEM.validate_settings({"modifier_cap": 7})


def test_a_wrong_cap_is_refused_naming_each_choices_number():
    with pytest.raises(RulesError) as refused:
        SYSTEM.validate_settings({"modifier_cap": 7})
    assert f"(the seed's words) ({CAP_EVERY_MODIFIER})" in str(refused.value)
    assert f"(ranks and synergy on top) ({CAP_TALENTS_ONLY})" in str(refused.value)
