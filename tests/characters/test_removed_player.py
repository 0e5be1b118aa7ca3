"""A removed player: their characters are out of their reach (404, as the
table is) and out of every list and choice at the table, the GM's included. Their rolls stay
in the log, which can still be filtered by them."""

import re

import pytest
from django.urls import reverse

from campaigns.plugins import registry
from campaigns.table import actions
from characters.models import Character
from tests.world import client_for, make_world

pytestmark = pytest.mark.django_db
SYSTEMS = [adapter.key for adapter in registry.installed()]


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
    start = page.index('id="log-region"')
    return page[:start] + page[page.index("</section>", start) :]  # the log column ends with the region


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
    """A call nobody can answer any more leaves the GM's list too."""
    from campaigns.models import RollCall

    campaign, seat = world["campaigns"]["tribute"]
    hero = world["characters"]["tribute"]
    waiting = actions.call_for_roll(campaign, character=hero, notation="2d6", target=7, label="zqx-waiting")
    actions.remove_player(seat)
    assert RollCall.objects.get(pk=waiting.pk).status == RollCall.Status.CANCELLED
    page = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    # Its card leaves the GM's list; the log keeps the line that it was called (a table event).
    assert f'id="call-{waiting.pk}"' not in page
    assert "zqx-waiting" in page[page.index('id="log-region"') :]


@pytest.mark.parametrize("how", ["delete page", "bulk delete"])
def test_deleting_a_seat_in_the_admin_cancels_the_calls_waiting_for_that_player(world, gm, how):
    """The admin's way of removing a player does what the table's does: nobody can answer
    those calls now, so they leave the GM's list."""
    from campaigns.models import RollCall

    campaign, seat = world["campaigns"]["ore"]
    hero = world["characters"]["ore"]
    waiting = actions.call_for_roll(campaign, character=hero, notation="2d6", target=7, label="zqx-admin-waiting")
    client = client_for(gm)
    if how == "delete page":
        response = client.post(reverse("admin:campaigns_membership_delete", args=[seat.pk]), {"post": "yes"})
    else:
        response = client.post(
            reverse("admin:campaigns_membership_changelist"),
            {"action": "delete_selected", "_selected_action": [seat.pk], "post": "yes"},
        )
    assert response.status_code == 302
    assert not campaign.memberships.exists()
    assert RollCall.objects.get(pk=waiting.pk).status == RollCall.Status.CANCELLED
    assert f'id="call-{waiting.pk}"' not in client.get(reverse("table", args=[campaign.pk])).content.decode()


def _cgg_call_rolled(world, player, script_dice, faces):
    """The Exec's call on the removed-to-be player's explorer, rolled by them with these dice."""
    from campaigns.systems.cgg import actions as cgg
    from rules.cgg.difficulty import Difficulty

    campaign, seat = world["campaigns"]["cgg"]
    hero = world["characters"]["cgg"]
    hero.sheet["attributes"]["dexterity"] = "3d+1"
    hero.save()
    call = cgg.call_for_action(
        campaign,
        character=hero,
        attribute="dexterity",
        label="zqx-rolled",
        difficulty=Difficulty(base_dice=5, success_dice=0),
    )
    script_dice(*faces)
    cgg.roll_for_call(call.pk, player)
    return campaign, seat, call


def test_a_removed_players_rolled_call_waiting_for_their_choices_is_cancelled(world, gm, player, script_dice):
    """Rolled, waiting on the player's Wrench uses: nobody left can choose them, so the call closes
    as a waiting one does, and leaves the GM's list."""
    from campaigns.models import Roll, RollCall

    campaign, seat, call = _cgg_call_rolled(world, player, script_dice, (6, 6, 4, 2, 8))
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.PLAYER_TURN
    actions.remove_player(seat)
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.CANCELLED
    assert not Roll.objects.filter(call=call).exists()
    assert f'id="call-{call.pk}"' not in client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()


def test_a_removed_players_action_waiting_for_the_exec_is_the_execs_to_finish(world, gm, player, script_dice):
    """The player's part is done (rolled, Wrench chosen): the Exec still uses the Hammer and the
    action goes to the log, the removed player's as it was."""
    from campaigns.models import Roll, RollCall
    from campaigns.systems.cgg import actions as cgg

    campaign, seat, call = _cgg_call_rolled(world, player, script_dice, (6, 6, 4, 2, 8))
    cgg.choose_wrench(call.pk, player, ())
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.GM_TURN
    actions.remove_player(seat)
    client = client_for(gm)
    assert f'id="call-{call.pk}"' in client.get(reverse("table", args=[campaign.pk])).content.decode()
    response = client.post(reverse("cgg_hammer", args=[campaign.pk, call.pk]), {"uses": []}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.ANSWERED
    assert Roll.objects.get(call=call).author == player
    page = client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert f'data-roll-id="{Roll.objects.get(call=call).pk}"' in page[page.index('id="log-region"') :]


def test_the_rules_page_says_what_becomes_of_a_removed_players_calls(client):
    page = client.get(reverse("rules")).content.decode()
    assert 'id="calls-of-a-removed-player"' in page
    assert "waiting only on the Exec&#x27;s Hammer stays" in page or "waiting only on the Exec's Hammer stays" in page
