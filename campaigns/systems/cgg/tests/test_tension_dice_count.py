"""Who "one die for every two players" counts is the campaign's setting (/rules/#cgg-tension-players):
everyone at the table, the Exec too, unless the Exec chose the players with explorers only."""

import html

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log

pytestmark = pytest.mark.django_db


def new_campaign(gm_client, player, **settings):
    data = {"name": "Gate", "system": "cgg"} | {f"cgg__{name}": value for name, value in settings.items()}
    assert gm_client.post(reverse("campaign_new"), data).status_code == 302
    campaign = Campaign.objects.get(name="Gate")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def start(gm_client, campaign):
    data = {"op": "start", "bleakness": "bad"}
    response = gm_client.post(reverse("cgg_tension", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()
    return TensionScene.objects.get(campaign=campaign).state["dice"]


def test_the_exec_counts_by_default_and_the_table_sees_the_setting(gm_client, player_client, player):
    form = gm_client.get(reverse("campaign_new")).content.decode()
    assert "Everyone at the table, the Exec too" in html.unescape(form)
    campaign = new_campaign(gm_client, player)
    assert campaign.settings["tension_players"] == 1
    panel = html.unescape(gm_client.get(reverse("table", args=[campaign.pk]) + "?tab=system").content.decode())
    assert "one die more for every two players, the Exec counted too" in panel
    # One player and the Exec are two players: Bad's 2 dice, +1.
    assert start(gm_client, campaign) == 3
    shown = html.unescape(table_log(player_client, campaign))
    assert "counts: Everyone at the table, the Exec too" in shown


def test_the_exec_may_count_only_the_players_with_explorers(gm_client, player, other_player):
    campaign = new_campaign(gm_client, player, tension_players=0)
    Membership.objects.create(campaign=campaign, user=other_player)
    new_explorer(campaign, player)
    panel = html.unescape(table_log(gm_client, campaign))
    assert "one die more for every two players with explorers" in panel
    # Two seats, one explorer: the seat still making a character does not count.
    assert start(gm_client, campaign) == 2
    gm_client.post(reverse("cgg_tension", args=[campaign.pk]), {"op": "end"}, HTTP_HX_REQUEST="true")
    new_explorer(campaign, player, name="Mara's second")  # one player, two explorers: still one player
    assert start(gm_client, campaign) == 2
    gm_client.post(reverse("cgg_tension", args=[campaign.pk]), {"op": "end"}, HTTP_HX_REQUEST="true")
    new_explorer(campaign, other_player, name="Dax Orrin")
    assert start(gm_client, campaign) == 3  # two players with explorers: +1


def test_a_bad_setting_is_refused_beside_its_field(gm_client, player):
    data = {"name": "Gate", "system": "cgg", "cgg__tension_players": "7"}
    response = gm_client.post(reverse("campaign_new"), data)
    assert response.status_code == 422
    assert "counts must be one of" in html.unescape(response.content.decode())
    assert not Campaign.objects.filter(name="Gate").exists()
