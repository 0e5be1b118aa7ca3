"""A removed player (issue 18, item 4): their characters are out of their reach (404, as the
table is) and out of every list and choice at the table, the GM's included. Their rolls stay
in the log, which can still be filtered by them."""

import re

import pytest
from django.urls import reverse

from campaigns import actions
from characters.models import Character
from tests.world import client_for, make_world

pytestmark = pytest.mark.django_db
SYSTEMS = ("cgg", "tribute", "ore", "zener", "d100")


@pytest.fixture
def world(gm, player, make_user):
    return make_world(gm, player, make_user("stan_staff", is_staff=True))


@pytest.fixture
def removed(world, player, seeded_dice):
    """The player rolled once for their hero in every campaign, then the GM removed them."""
    for system in SYSTEMS:
        campaign, seat = world["campaigns"][system]
        actions.roll_notation(campaign, player, notation="1d6", character=world["characters"][system])
        actions.remove_player(seat)
    return world


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_removed_player_can_no_longer_open_save_or_download_their_sheet(removed, player, system):
    hero = removed["characters"][system]
    client = client_for(player)
    edit = reverse("character_edit", args=[hero.campaign_id, hero.pk])
    assert client.get(edit).status_code == 404
    assert client.post(edit, {"name": "Renamed after leaving"}).status_code == 404
    assert client.get(reverse("character_download", args=[hero.campaign_id, hero.pk])).status_code == 404
    assert Character.objects.get(pk=hero.pk).name == hero.name


def without_the_log(page: str) -> str:
    """The table page but its log and the log's filter, where a removed player's rolls stay."""
    page = re.sub(r'<form class="log-filters".*?</form>', "", page, flags=re.S)
    return page[: page.index('id="log-region"')] + page[page.index('<nav class="thumb-nav"') :]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_removed_players_characters_leave_every_list_but_the_log(removed, gm, system):
    hero = removed["characters"][system]
    page = client_for(gm).get(reverse("table", args=[hero.campaign_id])).content.decode()
    log = page[page.index('id="log-region"') :]
    assert hero.name in log  # their roll stays
    rest = without_the_log(page)
    assert hero.name not in rest


def test_the_gm_cannot_call_a_removed_players_character(removed, gm):
    hero = removed["characters"]["tribute"]
    response = client_for(gm).post(
        reverse("call_new", args=[hero.campaign_id]), {"character": hero.pk, "notation": "2d6", "target": "7"}
    )
    assert response.status_code == 422
    assert not hero.calls.exists()


def test_the_gm_still_sees_a_removed_players_sheet(removed, gm):
    """The records stay with the campaign: its GM can still open them."""
    hero = removed["characters"]["d100"]
    assert client_for(gm).get(reverse("character_edit", args=[hero.campaign_id, hero.pk])).status_code == 200


def test_a_player_who_joins_again_has_their_characters_back(removed, player):
    from campaigns.models import Membership

    hero = removed["characters"]["ore"]
    Membership.objects.create(campaign=hero.campaign, user=player)
    client = client_for(player)
    assert client.get(reverse("character_edit", args=[hero.campaign_id, hero.pk])).status_code == 200
    assert hero.name in client.get(reverse("table", args=[hero.campaign_id])).content.decode()


def test_the_exec_cannot_change_a_removed_explorers_crisis_clock(removed, gm):
    """Centaurus Gate's steps that take an explorer: a removed player's is not at the table."""
    from campaigns.models import LedgerEntry

    hero = removed["characters"]["cgg"]
    client = client_for(gm)
    clock = reverse("cgg_clock", args=[hero.campaign_id, hero.pk])
    assert client.post(clock, {"direction": "pay", "hours": "1", "reason": "gone"}).status_code == 404
    assert client.post(reverse("cgg_resolve_crisis", args=[hero.campaign_id, hero.pk])).status_code == 404
    assert not LedgerEntry.objects.filter(balance__character=hero, reason="gone").exists()


def test_the_calls_waiting_for_a_removed_player_are_cancelled(world, gm, player):
    """A call nobody can answer any more leaves the GM's list too; one already rolled stays for the GM."""
    from campaigns.models import RollCall

    campaign, seat = world["campaigns"]["tribute"]
    hero = world["characters"]["tribute"]
    waiting = actions.call_for_roll(campaign, character=hero, notation="2d6", target=7, label="zqx-waiting")
    actions.remove_player(seat)
    assert RollCall.objects.get(pk=waiting.pk).status == RollCall.Status.CANCELLED
    page = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    assert "zqx-waiting" not in page
