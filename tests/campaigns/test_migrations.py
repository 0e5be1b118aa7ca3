"""The migrations that made the rules systems apps keep what a database already holds: a campaign of every system
still opens, and Centaurus Gate's tension scene, made while the campaigns app owned it, is
the cgg app's afterwards (campaigns 0009, cgg 0001)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns.models import Campaign
from campaigns.systems.cgg.models import TensionScene
from tests.factories import campaign_from_before

BEFORE = [("campaigns", "0008_submit_tokens"), ("characters", "0001_initial"), ("cgg", None)]


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_systems_were_apps_migrates_with_its_tension_scene():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state([node for node in BEFORE if node[1]]).apps
    gm = old.get_model("accounts", "User").objects.create(username="gwen")
    keys = ["cgg", "tribute", "zener", "ore", "d100"]
    make = old.get_model("campaigns", "Campaign").objects.create
    campaigns = {key: make(name=key, system=key, gm=gm, invite_token=key) for key in keys}
    old.get_model("campaigns", "TensionScene").objects.create(campaign=campaigns["cgg"], state={"pool": 3})

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert TensionScene.objects.get().campaign.name == "cgg"
    assert TensionScene.objects.get().state == {"pool": 3}
    assert sorted(campaign.adapter.key for campaign in Campaign.objects.all()) == sorted(keys)


@pytest.mark.django_db(transaction=True)
def test_a_tribute_campaign_from_before_die_size_events_still_saves():
    """Tribute's `die_events` setting came later; a campaign stored before it must still pass `clean()`,
    which asks an existing campaign for every setting (the admin would refuse to save it otherwise)."""
    campaign = campaign_from_before("tribute", {"die_size": 8, "attributes": ["Brawn", "Wits"]})
    assert campaign.settings["die_events"] == []
    assert campaign.settings["attribute_range"] == 99  # the later setting too, at the range ranks had
    assert campaign.settings["die_size"] == 8
    campaign.full_clean()
