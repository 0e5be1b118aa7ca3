"""A d100 campaign stored before the ±30 cap setting still saves, with the numbers it was played with."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns.models import Campaign
from rules.d100.test import CAP_TALENTS_ONLY


@pytest.mark.django_db(transaction=True)
def test_a_d100_campaign_from_before_the_cap_setting_keeps_its_numbers_and_saves():
    before = [("campaigns", "0010_stamped_by_the_tables_clock"), ("d100", None)]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state([before[0]]).apps
    gm = old.get_model("accounts", "User").objects.create(username="gwen")
    old.get_model("campaigns", "Campaign").objects.create(
        name="Old",
        system="d100",
        gm=gm,
        invite_token="old",
        settings={"attributes": ["Agility", "Brawn"], "show_misfortune": 1},
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    campaign = Campaign.objects.get(name="Old")
    assert campaign.settings["modifier_cap"] == CAP_TALENTS_ONLY
    assert campaign.settings["show_misfortune"] == 1
    campaign.full_clean()
