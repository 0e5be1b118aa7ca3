"""A player's Fortune spend answers with the pools alone (the bench's Fortune spend, 32 clients on
one pool, p99 1.1 s when each answer and each live message rendered the whole d100 panel), and the live
message of a pool's change carries the pools alone, never a form."""

import pytest
from django.urls import reverse

from campaigns.models import Membership
from campaigns.systems.d100 import actions as d100
from campaigns.table import actions
from campaigns.table.live import gm_group, table_group
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(gm, player):
    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = campaign.rules_system.validate_sheet({"attributes": {"Agility": 45}}, campaign.settings)
    Character.objects.create(campaign=campaign, owner=player, name="Ulf", sheet=sheet)
    actions.start_session(campaign, gm, refill=2)
    return campaign


def spend(client, table):
    return client.post(reverse("d100_spend", args=[table.pk]), HTTP_HX_REQUEST="true")


def test_a_spend_answers_with_the_pools_alone(player_client, table, django_assert_max_num_queries):
    with django_assert_max_num_queries(18):
        answer = spend(player_client, table)
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "Fortune pool: 1" in page
    assert 'id="d100-pools" hx-swap-oob="true"' in page
    assert "Extra Action Point (1 Fortune)" in page  # the pool can pay once more
    assert "d100-test-form" not in page
    assert "Misfortune pool" not in page
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 1, "misfortune": 1}


def test_a_refused_spend_says_why_beside_the_button_and_changes_nothing(player_client, table):
    spend(player_client, table)
    spend(player_client, table)
    refused = spend(player_client, table)
    page = refused.content.decode()
    assert refused.status_code == 422
    assert "The Fortune pool has 0; that needs 1." in page
    assert 'role="alert"' in page
    assert "Extra Action Point (1 Fortune)" not in page
    assert "d100-test-form" not in page
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 0, "misfortune": 2}


def test_a_pools_change_sends_every_table_the_pools_alone(
    player_client, table, layer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        spend(player_client, table)
    to_gm, to_table = layer.take(gm_group(table.pk)), layer.take(table_group(table.pk))
    assert "Fortune pool: 1" in to_gm
    assert "Misfortune pool: 1" in to_gm
    assert "Fortune pool: 1" in to_table
    assert "Misfortune pool" not in to_table
    for sent in (to_gm, to_table):
        assert "<form" not in sent.split("d100-action-point")[0]  # no test form, no GM form: the pools alone
        assert "d100-test-form" not in sent
        assert "d100-secret" not in sent
