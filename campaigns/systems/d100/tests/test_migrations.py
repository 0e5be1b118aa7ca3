"""A d100 campaign stored before the ±30 cap setting still saves, with the numbers it was played with."""

import pytest

from rules.d100.test import CAP_TALENTS_ONLY
from tests.factories import campaign_from_before


@pytest.mark.django_db(transaction=True)
def test_a_d100_campaign_from_before_the_cap_setting_keeps_its_numbers_and_saves():
    campaign = campaign_from_before("d100", {"attributes": ["Agility", "Brawn"], "show_misfortune": 1})
    assert campaign.settings["modifier_cap"] == CAP_TALENTS_ONLY
    assert campaign.settings["show_misfortune"] == 1
    campaign.full_clean()
