"""A campaign's whole life: archived (read-only, listed apart, brought back), deleted
with everything it recorded after its GM was offered the export, left after a confirmation;
as the GM, the player, another player and an outsider."""

import pytest
from django.urls import reverse

from campaigns.models import Balance, Campaign, LedgerEntry, Membership, Roll, RollCall, TableEvent
from campaigns.table import actions, live
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(campaign, gm, player, character, seeded_dice):
    """A campaign with the whole record of play: a roll, an answered call, a ledger entry on both."""
    roll = actions.roll_notation(campaign, player, notation="1d6", character=character)
    call = actions.call_for_roll(campaign, character=character, notation="1d20", target=10)
    answer = actions.answer_call(call.pk, player)
    balance = Balance.objects.create(campaign=campaign, character=character, kind="karma", value=1)
    LedgerEntry.objects.create(balance=balance, actor=gm, reason="test", delta=1, value_after=1, roll=roll, call=call)
    assert answer.call_id == call.pk
    return campaign


def lifecycle_url(campaign):
    return reverse("campaign_lifecycle", args=[campaign.pk])


def delete_url(campaign):
    return reverse("campaign_delete", args=[campaign.pk])


# Archive


def test_gm_archives_and_the_table_is_read_only(gm_client, player_client, campaign, character):
    assert gm_client.post(lifecycle_url(campaign), {"archived": "1"}).status_code == 302
    campaign.refresh_from_db()
    assert campaign.archived_at is not None
    table = player_client.get(reverse("table", args=[campaign.pk]))
    assert table.status_code == 200
    assert "Archived: this table is read-only" in table.content.decode()
    refused = player_client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d6"})
    assert refused.status_code == 423
    assert "is archived" in refused.content.decode()
    assert not Roll.objects.filter(campaign=campaign).exists()
    assert gm_client.post(reverse("session_start", args=[campaign.pk])).status_code == 423
    assert not campaign.game_sessions.exists()
    edit = reverse("character_edit", args=[campaign.pk, character.pk])
    assert player_client.post(edit, {"name": "Renamed"}).status_code == 423
    assert Character.objects.get(pk=character.pk).name == "Mara Vell"
    assert gm_client.get(reverse("export", args=[campaign.pk, "json"])).status_code == 200


def test_archived_campaigns_are_listed_apart_and_come_back(gm_client, player_client, campaign, other_campaign):
    gm_client.post(lifecycle_url(campaign), {"archived": "1"})
    home = player_client.get(reverse("home")).content.decode()
    assert home.index("Archived") < home.index("The Gate")
    gm_client.post(lifecycle_url(campaign), {"archived": "0"})
    campaign.refresh_from_db()
    assert campaign.archived_at is None
    assert "Archived" not in player_client.get(reverse("home")).content.decode()
    assert player_client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d6"}).status_code in (200, 302)
    texts = list(TableEvent.objects.filter(campaign=campaign).values_list("text", flat=True))
    assert any("archived" in text for text in texts)
    assert any("back from the archive" in text for text in texts)


def test_archive_with_a_bad_choice_changes_nothing(gm_client, campaign):
    assert gm_client.post(lifecycle_url(campaign), {"archived": "maybe"}).status_code == 302
    campaign.refresh_from_db()
    assert campaign.archived_at is None


@pytest.mark.parametrize("who", ["player_client", "other_client", "outsider_client"])
def test_only_the_gm_archives(request, who, campaign):
    client = request.getfixturevalue(who)
    assert client.get(lifecycle_url(campaign)).status_code == 404
    assert client.post(lifecycle_url(campaign), {"archived": "1"}).status_code == 404
    campaign.refresh_from_db()
    assert campaign.archived_at is None


# Delete


def test_the_delete_page_offers_the_export_first(gm_client, played):
    page = gm_client.get(delete_url(played)).content.decode()
    assert reverse("export", args=[played.pk, "json"]) in page
    assert reverse("export", args=[played.pk, "csv"]) + "?part=rolls" in page
    assert "2 rolls" in page


def test_gm_deletes_a_campaign_with_its_whole_record(gm_client, played, other_campaign, monkeypatch):
    closed = []
    monkeypatch.setattr(live, "close_campaign", lambda campaign_id, name: closed.append((campaign_id, name)))
    pk = played.pk
    response = gm_client.post(delete_url(played), {"name": "The Gate"})
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert not Campaign.objects.filter(pk=pk).exists()
    for model in (Roll, RollCall, Character, Membership, TableEvent):
        assert not model.objects.filter(campaign_id=pk).exists(), model
    assert not LedgerEntry.objects.filter(balance__campaign_id=pk).exists()
    assert Campaign.objects.filter(pk=other_campaign.pk).exists()


def test_the_table_is_told_when_its_campaign_is_deleted(gm_client, played, django_capture_on_commit_callbacks):
    sent = []
    original = live.close_campaign
    try:
        live.close_campaign = lambda campaign_id, name: sent.append((campaign_id, name))
        with django_capture_on_commit_callbacks(execute=True):
            gm_client.post(delete_url(played), {"name": "The Gate"})
    finally:
        live.close_campaign = original
    assert sent == [(played.pk, "The Gate")]


@pytest.mark.parametrize("typed", ["", "the gate", "Another"])
def test_a_wrong_name_deletes_nothing(gm_client, played, typed):
    response = gm_client.post(delete_url(played), {"name": typed})
    assert response.status_code == 422
    assert "type The Gate exactly" in response.content.decode() or "required" in response.content.decode()
    assert Campaign.objects.filter(pk=played.pk).exists()
    assert played.rolls.count() == 2


@pytest.mark.parametrize("who", ["player_client", "other_client", "outsider_client"])
def test_only_the_gm_deletes(request, who, played):
    client = request.getfixturevalue(who)
    assert client.get(delete_url(played)).status_code == 404
    assert client.post(delete_url(played), {"name": "The Gate"}).status_code == 404
    assert Campaign.objects.filter(pk=played.pk).exists()


def test_an_archived_campaign_can_be_deleted(gm_client, played):
    gm_client.post(lifecycle_url(played), {"archived": "1"})
    assert gm_client.post(delete_url(played), {"name": "The Gate"}).status_code == 302
    assert not Campaign.objects.filter(pk=played.pk).exists()


# Leave


def test_leaving_asks_first_and_says_what_happens_to_the_characters(player_client, player, campaign, character):
    page = player_client.get(reverse("leave", args=[campaign.pk]))
    assert page.status_code == 200
    assert "Mara Vell" in page.content.decode()
    assert "their rolls stay in the log" in page.content.decode()
    assert Membership.objects.filter(campaign=campaign, user=player).exists()
    assert player_client.post(reverse("leave", args=[campaign.pk])).status_code == 302
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()
    assert TableEvent.objects.filter(campaign=campaign, text="paul_player left the table.").exists()


def test_the_gm_and_outsiders_cannot_leave_a_seat_they_do_not_have(gm_client, outsider_client, campaign):
    assert gm_client.get(reverse("leave", args=[campaign.pk])).status_code == 404
    assert outsider_client.post(reverse("leave", args=[campaign.pk])).status_code == 404


def test_removing_a_player_is_a_table_event(gm_client, campaign, player):
    seat = Membership.objects.get(campaign=campaign, user=player)
    gm_client.post(reverse("player_remove", args=[campaign.pk, seat.pk]))
    assert TableEvent.objects.filter(campaign=campaign, text="gwen_gm removed paul_player from the table.").exists()


def test_nobody_joins_an_archived_campaign(gm_client, outsider_client, outsider, campaign):
    gm_client.post(lifecycle_url(campaign), {"archived": "1"})
    response = outsider_client.post(reverse("join", args=[campaign.invite_token]))
    assert response.status_code == 409
    assert "is archived" in response.content.decode()
    assert not Membership.objects.filter(campaign=campaign, user=outsider).exists()
