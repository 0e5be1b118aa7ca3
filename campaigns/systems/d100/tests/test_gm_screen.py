"""d100 on the GM's screen: the GM's Peril quick edit on the Characters tab, and the
GM's recent secret tests, revealed in place, in the d100 tab's Secrets block."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.d100 import gm as d100_gm
from campaigns.table import live
from characters.models import Character

pytestmark = pytest.mark.django_db


def _peril(client, campaign, character, headers=None, **data):
    return client.post(reverse("d100_peril", args=[campaign.pk, character.pk]), data, **(headers or {}))


def test_the_gm_sees_a_peril_quick_edit_under_each_sheet(gm_client, player_client, grim, ulf):
    page = gm_client.get(reverse("table", args=[grim.pk]), {"tab": "characters"}).content.decode()
    assert reverse("d100_peril", args=[grim.pk, ulf.pk]) in page
    assert "Peril +1" in page
    assert "Peril −1" not in page
    players_page = player_client.get(reverse("table", args=[grim.pk]) + "?tab=panel").content.decode()
    assert reverse("d100_peril", args=[grim.pk, ulf.pk]) not in players_page


def test_the_gm_moves_peril_a_step_and_gets_the_sheet_redrawn(gm_client, grim, ulf, htmx):
    response = _peril(gm_client, grim, ulf, htmx, step="worse")
    assert response.status_code == 200
    ulf.refresh_from_db()
    assert ulf.sheet["peril"] == 1
    html = response.content.decode()
    assert f'id="sheet-{ulf.pk}"' in html
    assert "<dd>Imperiled</dd>" in html
    assert "Peril −1" in html
    _peril(gm_client, grim, ulf, htmx, peril="4")
    ulf.refresh_from_db()
    assert ulf.sheet["peril"] == 4
    _peril(gm_client, grim, ulf, htmx, step="better")
    ulf.refresh_from_db()
    assert ulf.sheet["peril"] == 3


def test_without_htmx_the_gm_goes_back_to_the_characters_tab(gm_client, grim, ulf):
    response = _peril(gm_client, grim, ulf, peril="5")
    assert response.status_code == 302
    assert response["Location"].endswith("?tab=characters")
    ulf.refresh_from_db()
    assert ulf.sheet["peril"] == 5


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"peril": "6"}, "Peril is one of"),
        ({"peril": "-1"}, "Peril is one of"),
        ({"peril": "²"}, "Peril is one of"),
        ({"peril": ""}, "Peril is one of"),
        ({"step": "sideways"}, "one step better or worse"),
        ({"step": "better"}, "Peril is already Unhindered"),
    ],
)
def test_bad_peril_is_refused_with_a_message_and_changes_nothing(gm_client, grim, ulf, htmx, data, message):
    before = dict(ulf.sheet)
    response = _peril(gm_client, grim, ulf, htmx, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    ulf.refresh_from_db()
    assert ulf.sheet == before


def test_players_and_outsiders_cannot_change_peril(player_client, outsider_client, grim, ulf, htmx):
    for client in (player_client, outsider_client):
        assert _peril(client, grim, ulf, htmx, peril="3").status_code == 404
    assert gm_get_peril(ulf) == 0


def gm_get_peril(character) -> int:
    character.refresh_from_db()
    return character.sheet["peril"]


def test_peril_of_another_campaigns_character_is_not_found(gm_client, grim, other_campaign, htmx, other_player):
    stranger = Character.objects.create(campaign=other_campaign, owner=other_player, name="Stranger", sheet={})
    url = reverse("d100_peril", args=[grim.pk, stranger.pk])
    assert gm_client.post(url, {"peril": "1"}, **htmx).status_code == 404


def test_the_player_card_and_other_gm_tables_follow(
    gm_client, grim, ulf, htmx, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr("campaigns.table.live._send_all", sent.extend)
    with django_capture_on_commit_callbacks(execute=True):
        _peril(gm_client, grim, ulf, htmx, step="worse")
    by_group = dict(sent)
    assert set(by_group) == {live.player_group(grim.pk, ulf.owner_id), live.gm_group(grim.pk)}
    assert "Imperiled" in by_group[live.player_group(grim.pk, ulf.owner_id)]
    gm_html = by_group[live.gm_group(grim.pk)]
    assert f'id="sheet-{ulf.pk}"' in gm_html
    assert 'hx-swap-oob="true"' in gm_html
    assert "<dd>Imperiled</dd>" in gm_html


def test_the_gm_reveals_a_recent_secret_test_in_place(gm_client, player_client, grim, ulf, gm, htmx):
    secret = d100_gm.gm_secret_test(
        grim, gm, character=ulf, skill="", attribute="Agility", difficulty="hard", label="From the rafters"
    )
    panel = gm_client.get(reverse("table", args=[grim.pk]), {"tab": "system"}).content.decode()
    assert "Recent secret tests" in panel
    assert "Ulf&#x27;s Agility" in panel
    assert "From the rafters" in panel
    assert "From the rafters" not in player_client.get(reverse("table", args=[grim.pk]) + "?tab=panel").content.decode()
    url = reverse("d100_reveal", args=[grim.pk, secret.pk])
    response = gm_client.post(url, **htmx, HTTP_HX_TARGET="d100-panel")
    assert response.status_code == 200
    assert 'id="d100-panel"' in response.content.decode()
    assert "· revealed" in response.content.decode()
    assert Roll.objects.filter(request__revealed_of=secret.pk).count() == 1
    again = gm_client.post(url, **htmx, HTTP_HX_TARGET="d100-panel")
    assert again.status_code == 422
    assert "already revealed" in again.content.decode()


def test_peril_set_from_a_stale_copy_keeps_a_save_made_meanwhile(grim, ulf, gm):
    """The GM's screen was drawn before the player saved their sheet: the quick edit changes Peril
    and nothing else (Character.lock_sheet reads the sheet as stored, under its lock)."""
    from campaigns.systems.d100.quick import set_peril

    stale = Character.objects.get(pk=ulf.pk)
    ulf.sheet = {**ulf.sheet, "notes": "Saved by the player meanwhile"}
    ulf.save(update_fields=["sheet"])
    set_peril(stale, gm, 2)
    ulf.refresh_from_db()
    assert ulf.sheet["peril"] == 2
    assert ulf.sheet["notes"] == "Saved by the player meanwhile"
