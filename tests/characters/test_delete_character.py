"""Deleting a character: its owner or the GM, after a confirmation page. One that
never played is gone; one that rolled is retired, off the table's lists, cards and calls, and
the log keeps its name. The GM brings a retired one back."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall, TableEvent
from campaigns.plugins import registry
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


def delete_url(character):
    return reverse("character_delete", args=[character.campaign_id, character.pk])


def test_the_owner_deletes_a_character_that_never_rolled(player_client, character):
    page = player_client.get(delete_url(character)).content.decode()
    assert "has never rolled" in page
    assert Character.objects.filter(pk=character.pk).exists()
    assert player_client.post(delete_url(character)).status_code == 302
    assert not Character.objects.filter(pk=character.pk).exists()
    assert TableEvent.objects.filter(text="paul_player deleted Mara Vell.").exists()


def test_a_character_that_rolled_is_retired_and_the_log_keeps_its_name(
    player_client, gm_client, campaign, player, character, seeded_dice
):
    roll = actions.roll_notation(campaign, player, notation="1d6", character=character)
    call = actions.call_for_roll(campaign, character=character, notation="1d20", target=10)
    assert "retired" in player_client.get(delete_url(character)).content.decode()
    player_client.post(delete_url(character))
    character.refresh_from_db()
    assert character.retired_at is not None
    assert Roll.objects.get(pk=roll.pk).character.name == "Mara Vell"
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.CANCELLED
    assert character not in Character.objects.seated()
    table = gm_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert reverse("character_edit", args=[campaign.pk, character.pk]) not in table  # off the lists
    assert "Mara Vell" in table  # in the log
    assert player_client.get(reverse("character_edit", args=[campaign.pk, character.pk])).status_code == 404


def test_the_gm_deletes_and_brings_back(gm_client, campaign, player, character, seeded_dice):
    actions.roll_notation(campaign, player, notation="1d6", character=character)
    gm_client.post(delete_url(character))
    page = gm_client.get(reverse("campaign_lifecycle", args=[campaign.pk])).content.decode()
    assert "Mara Vell" in page
    restore = reverse("character_restore", args=[campaign.pk, character.pk])
    assert gm_client.post(restore).status_code == 302
    character.refresh_from_db()
    assert character.retired_at is None
    assert character in Character.objects.seated()


@pytest.mark.parametrize("who", ["other_client", "outsider_client"])
def test_others_cannot_delete_a_character(request, who, character):
    client = request.getfixturevalue(who)
    assert client.get(delete_url(character)).status_code == 404
    assert client.post(delete_url(character)).status_code == 404
    assert Character.objects.filter(pk=character.pk, retired_at=None).exists()


def test_another_player_at_the_table_cannot_delete_it(make_user, campaign, character):
    from campaigns.models import Membership
    from tests.world import client_for

    neighbour = make_user("nina_neighbour")
    Membership.objects.create(campaign=campaign, user=neighbour)
    assert client_for(neighbour).post(delete_url(character)).status_code == 404
    assert Character.objects.filter(pk=character.pk).exists()


def test_only_the_gm_brings_a_character_back(player_client, campaign, player, character, seeded_dice):
    actions.roll_notation(campaign, player, notation="1d6", character=character)
    player_client.post(delete_url(character))
    assert player_client.post(reverse("character_restore", args=[campaign.pk, character.pk])).status_code == 404
    character.refresh_from_db()
    assert character.retired_at is not None


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_a_new_character_of_every_system_is_deleted_not_retired(world, player, system):
    """The entries a sheet makes as it is written (a Crisis Clock, Karma trades) are no play."""
    hero = world["characters"][system]
    hero.campaign.adapter.sheet_saved(hero, actor=player)
    from tests.world import client_for

    assert client_for(player).post(delete_url(hero)).status_code == 302
    assert not Character.objects.filter(pk=hero.pk).exists()


def test_a_sheets_own_pool_entries_are_no_play(player_client, campaign, player, character):
    """A pool entry the sheet made as it was written (no roll, no call) goes with the character."""
    from campaigns.models import Balance, LedgerEntry

    balance = Balance.objects.create(campaign=campaign, character=character, kind="clock", value=2)
    LedgerEntry.objects.create(balance=balance, actor=player, reason="Set to the roles", delta=2, value_after=2)
    player_client.post(delete_url(character))
    assert not Character.objects.filter(pk=character.pk).exists()
    assert not Balance.objects.filter(pk=balance.pk).exists()


@pytest.mark.parametrize("rolled", [False, True])
def test_the_owners_open_table_loses_the_card_at_once(
    gm_client, campaign, player, character, seeded_dice, monkeypatch, django_capture_on_commit_callbacks, rolled
):
    # Play-test: the GM retired Mara Vell and her player's open table kept her card; its
    # buttons then answered 404 ("That is no longer here") until a reload.
    from campaigns.table import live

    told = []
    monkeypatch.setattr(live, "_send_all", told.extend)
    if rolled:
        actions.roll_notation(campaign, player, notation="1d6", character=character)
    told.clear()
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(delete_url(character))
    gone = {group: html for group, html in told if f'id="card-{character.pk}"' in html}
    assert gone, told
    assert all('hx-swap-oob="delete"' in html for html in gone.values())
    assert any(f'id="sheet-{character.pk}"' in html and "delete" in html for _group, html in told)
