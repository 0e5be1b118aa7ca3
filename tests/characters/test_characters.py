import pytest
from django.urls import reverse

from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(gm, player):
    """A system whose sheet is still free notes: these tests are about characters, not a system's sheet."""
    from campaigns import actions
    from campaigns.models import Membership

    campaign = actions.create_campaign(gm, name="Notes", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def sheet_data(campaign, **data):
    """What the campaign's sheet form posts: its attributes at their defaults, plus `data`."""
    return {f"attribute__{name}": "40" for name in campaign.settings["attributes"]} | data


@pytest.fixture
def character(campaign, player):
    return Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet={"notes": ""})


def test_player_creates_a_character(player_client, player, campaign):
    response = player_client.post(
        reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Mara Vell", notes="Pilot.")
    )
    assert response.status_code == 302
    character = Character.objects.get()
    assert (character.owner, character.campaign, character.sheet["notes"]) == (player, campaign, "Pilot.")


def test_the_sheet_is_validated_by_the_campaigns_system(player_client, campaign):
    response = player_client.post(
        reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Long", notes="x" * 10_001)
    )
    assert response.status_code == 422
    assert "at most 10,000" in response.content.decode()
    assert not Character.objects.exists()


def test_a_character_needs_a_name(player_client, campaign):
    assert player_client.post(reverse("character_new", args=[campaign.pk]), {"name": ""}).status_code == 422
    assert not Character.objects.exists()


def test_outsiders_cannot_create_characters_here(outsider_client, campaign):
    assert outsider_client.get(reverse("character_new", args=[campaign.pk])).status_code == 404
    assert outsider_client.post(reverse("character_new", args=[campaign.pk]), {"name": "X"}).status_code == 404
    assert not Character.objects.exists()


@pytest.mark.parametrize("who", ["player_client", "gm_client"])
def test_owner_and_gm_edit_the_sheet(request, who, campaign, character):
    url = reverse("character_edit", args=[campaign.pk, character.pk])
    client = request.getfixturevalue(who)
    assert client.get(url).status_code == 200
    assert client.post(url, sheet_data(campaign, name="Mara the Bold", notes="Scar.")).status_code == 302
    character.refresh_from_db()
    assert (character.name, character.sheet["notes"]) == ("Mara the Bold", "Scar.")


def test_other_players_cannot_edit(other_client, other_player, outsider_client, campaign, character):
    campaign.memberships.create(user=other_player)
    url = reverse("character_edit", args=[campaign.pk, character.pk])
    for client in (other_client, outsider_client):
        assert client.get(url).status_code == 404
        assert client.post(url, {"name": "Hacked"}).status_code == 404
    character.refresh_from_db()
    assert character.name == "Mara Vell"


def test_character_urls_refuse_other_methods(player_client, campaign, character):
    assert player_client.delete(reverse("character_edit", args=[campaign.pk, character.pk])).status_code == 405
    assert player_client.put(reverse("character_new", args=[campaign.pk])).status_code == 405
