import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


def test_create_a_campaign_with_its_system_settings(player_client, player):
    response = player_client.post(
        reverse("campaign_new"), {"name": "Orbit", "system": "tribute", "tribute__die_size": "12"}
    )
    campaign = Campaign.objects.get(name="Orbit")
    assert response.status_code == 302
    assert response.url == reverse("table", args=[campaign.pk]) + "?tab=session"  # where the invite link is
    assert (campaign.gm, campaign.system, campaign.settings["die_size"]) == (player, "tribute", 12)
    assert campaign.settings["attributes"][0] == "Might"
    player.refresh_from_db()
    assert player.is_staff  # GMs run their campaigns in the admin


def test_settings_of_other_systems_are_not_kept(player_client):
    player_client.post(reverse("campaign_new"), {"name": "Deep", "system": "ore", "tribute__die_size": "12"})
    assert Campaign.objects.get(name="Deep").settings == {}


@pytest.mark.parametrize(
    "data",
    [
        {"name": "X", "system": "chess", "tribute__die_size": "6"},
        {"name": "", "system": "cgg", "tribute__die_size": "6"},
        {"name": "X", "system": "tribute", "tribute__die_size": "7"},
    ],
)
def test_bad_campaign_input_explains_and_creates_nothing(player_client, data):
    response = player_client.post(reverse("campaign_new"), data)
    assert response.status_code == 422
    assert "errorlist" in response.content.decode()
    assert not Campaign.objects.exists()


def test_new_campaign_form_offers_every_system(player_client):
    page = player_client.get(reverse("campaign_new")).content.decode()
    for name in ["Centaurus Gate", "Tribute Alpha", "Zener Gate", "One-Roll Engine", "d100 skill tests"]:
        assert name in page


def test_new_campaign_form_shows_only_the_chosen_systems_settings(player_client):
    page = player_client.get(reverse("campaign_new"), {"system": "tribute"}).content.decode()
    assert 'name="tribute__die_size"' in page
    assert "d12 Over-the-top" in page
    assert 'name="d100__' not in page
    page = player_client.get(reverse("campaign_new"), {"system": "d100"}).content.decode()
    assert 'name="d100__' in page
    assert 'name="tribute__' not in page


def test_choosing_a_system_over_htmx_sends_its_settings_only(player_client):
    response = player_client.get(reverse("campaign_new"), {"system": "tribute"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="system-settings"')
    assert "Tribute Alpha settings" in page
    assert 'name="tribute__die_size"' in page
    assert "<h1>" not in page


def test_choosing_a_system_without_javascript_keeps_the_name_and_creates_nothing(player_client):
    response = player_client.post(reverse("campaign_new"), {"name": "Orbit", "system": "tribute", "choose": "1"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'value="Orbit"' in page
    assert 'name="tribute__die_size"' in page
    assert "errorlist" not in page
    assert not Campaign.objects.exists()


def test_an_unknown_system_in_the_address_is_said_plainly(player_client):
    response = player_client.get(reverse("campaign_new"), {"system": "chess"}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "There is no system “chess” here" in response.content.decode()


def test_creating_a_campaign_needs_a_log_in(client):
    response = client.get(reverse("campaign_new"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_campaign_new_refuses_other_methods(player_client):
    assert player_client.put(reverse("campaign_new")).status_code == 405


def test_home_lists_only_my_campaigns(player_client, campaign, other_campaign):
    page = player_client.get(reverse("home")).content.decode()
    assert campaign.name in page
    assert other_campaign.name not in page


def test_home_explains_the_app_to_visitors(client):
    page = client.get(reverse("home")).content.decode()
    assert "Sign up" in page
    assert "invite link" in page
