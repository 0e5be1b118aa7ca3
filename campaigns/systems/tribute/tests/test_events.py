"""Die-size events at the Tribute Alpha table (seed "Dice and Reality Level": special events such
as "knockback" can be keyed to different die sizes): the GM keys them from the panel, and a test
rolled with dice of that size shows them on its card, for everyone."""

import pytest
from django.urls import reverse

from campaigns.models import Membership, Roll, RollCall
from campaigns.systems.tribute.tests.conftest import post_opposed, post_test
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


def _campaign(gm, player, other_player, die_size):
    campaign = actions.create_campaign(gm, name="Pulp", system="tribute", settings={"die_size": die_size})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


@pytest.fixture
def pulpy(gm, player, other_player):
    return _campaign(gm, player, other_player, 8)


def _hero(campaign, player):
    sheet = campaign.rules_system.validate_sheet({"attributes": {"Might": 1}}, campaign.settings)
    return Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet=sheet)


def key(client, campaign, **data):
    return client.post(reverse("tribute_events", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def roll_test(client, campaign, hero):
    return post_test(client, campaign, hero, focus="1", opposition="0", effect="", label="Smash")


def test_knockback_keyed_to_d8_shows_on_a_d8_test_for_everyone(
    gm_client, player_client, other_client, pulpy, player, script_dice
):
    response = key(gm_client, pulpy, die_size="8", event="Knockback")
    assert response.status_code == 200
    assert "d8 Knockback" in response.content.decode()
    pulpy.refresh_from_db()
    assert pulpy.settings["die_events"] == ["d8 Knockback"]

    script_dice(7, 2)
    assert roll_test(player_client, pulpy, _hero(pulpy, player)).status_code == 302
    assert Roll.objects.get().request["events"] == ["Knockback"]
    for client in (gm_client, player_client, other_client):
        page = client.get(reverse("table", args=[pulpy.pk])).content.decode()
        assert "d8 event: Knockback" in page


def test_an_event_keyed_to_another_size_does_not_come_up(
    gm, player, other_player, gm_client, player_client, script_dice
):
    heroic = _campaign(gm, player, other_player, 6)
    key(gm_client, heroic, die_size="8", event="Knockback")
    script_dice(5, 2)
    roll_test(player_client, heroic, _hero(heroic, player))
    assert Roll.objects.get().request["events"] == []
    assert "d8 event" not in player_client.get(reverse("table", args=[heroic.pk]) + "?tab=panel").content.decode()


def test_a_roll_keeps_the_events_it_was_rolled_with(gm_client, player_client, pulpy, player, script_dice):
    key(gm_client, pulpy, die_size="8", event="Knockback")
    script_dice(7, 2)
    roll_test(player_client, pulpy, _hero(pulpy, player))
    response = key(gm_client, pulpy, remove="d8 Knockback")
    assert response.status_code == 200
    pulpy.refresh_from_db()
    assert pulpy.settings["die_events"] == []
    assert "d8 event: Knockback" in player_client.get(reverse("table", args=[pulpy.pk]) + "?tab=panel").content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"die_size": "7", "event": "Knockback"}, "Select a valid choice"),
        ({"die_size": "8", "event": ""}, "Name the event"),
        ({"die_size": "8", "event": "knockback"}, "already keyed to d8"),
        ({"remove": "d6 Stagger"}, "d6 Stagger is not keyed"),
    ],
)
def test_bad_keys_are_refused_with_a_message_and_change_nothing(gm_client, pulpy, data, message):
    key(gm_client, pulpy, die_size="8", event="Knockback")
    response = key(gm_client, pulpy, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    pulpy.refresh_from_db()
    assert pulpy.settings["die_events"] == ["d8 Knockback"]


def test_only_the_gm_keys_events(player_client, outsider_client, gm_client, pulpy):
    assert key(player_client, pulpy, die_size="8", event="Knockback").status_code == 404
    assert key(outsider_client, pulpy, die_size="8", event="Knockback").status_code == 404
    assert gm_client.get(reverse("tribute_events", args=[pulpy.pk])).status_code == 405
    pulpy.refresh_from_db()
    assert pulpy.settings["die_events"] == []


def test_a_plain_post_goes_back_to_the_table(gm_client, pulpy):
    response = gm_client.post(reverse("tribute_events", args=[pulpy.pk]), {"die_size": "10", "event": "Window"})
    assert response.status_code == 302
    pulpy.refresh_from_db()
    assert pulpy.settings["die_events"] == ["d10 Window"]


def test_the_reading_is_published_on_the_rules_page(player_client):
    page = player_client.get(reverse("rules")).content.decode()
    assert "the event comes up on every test rolled with dice of that size" in page


def test_an_opposed_test_shows_the_event_too(gm_client, player_client, pulpy, player, script_dice):
    hero = _hero(pulpy, player)
    key(gm_client, pulpy, die_size="8", event="Knockback")
    post_opposed(gm_client, pulpy, hero, opponent_rank="0")
    call = RollCall.objects.get()
    script_dice(6, 2, 5, 1)
    player_client.post(reverse("tribute_roll", args=[pulpy.pk, call.pk]), {"focus": "1", "burden": "1"})
    assert "d8 event: Knockback" in player_client.get(reverse("table", args=[pulpy.pk]) + "?tab=panel").content.decode()
