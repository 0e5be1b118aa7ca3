"""The GM moves a character's long-term CON loss to another stat (seed: "Radiation Damage": "the GM is
free to 'transfer' the long-term CON loss to some other affected stat"): the panel step, the log row for
everyone, the panel's and the sheet's "radiation −2 STR", its healing on the track, a dying character saved."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from characters.models import Character
from rules.zener.stats import in_play
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def kai(zg, player):
    """CON 12 with 5 long-term CON loss: CON 7 in play."""
    radiation = {"con": 5, "transitions": 2, "extra": 2, "step": 0, "waited": 0}
    sheet = zg.rules_system.validate_sheet(
        {"stats": {"CON": 12}, "int_dice": [3, 3], "damage": {"radiation": radiation}}
    )
    return Character.objects.create(campaign=zg, owner=player, name="Kai", sheet=sheet)


def _move(client, campaign, character, stat, points):
    data = {"character": character.pk, "stat": stat, "points": points}
    return client.post(reverse("zener_radiation_move", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_moves_loss_and_everyone_reads_it(gm_client, player_client, zg, kai):
    assert "Move long-term CON loss" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    response = _move(gm_client, zg, kai, "STR", "2")
    assert response.status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 3
    assert kai.sheet["damage"]["radiation"]["moved"] == {"STR": 2}
    values = in_play(kai.sheet)
    assert (values["CON"], values["STR"]) == (9, 8)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Move long-term CON loss" not in page  # the GM's step alone
    assert "The GM moves 2 of Kai’s long-term CON loss to STR (3 left on CON)." in page
    assert "radiation −3 CON, −2 STR" in page  # the panel's line
    sheet = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "In play: STR 8 (10), after 2 long-term CON loss moved here from radiation." in sheet


def test_all_moves_the_whole_loss_and_days_heal_it(gm_client, zg, kai):
    assert _move(gm_client, zg, kai, "RES", "all").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["moved"] == {"RES": 5}
    assert in_play(kai.sheet)["HP"] == 2 * 12 + 10 + 10  # calculated stats stay as they were
    gm_client.post(
        reverse("zener_rest", args=[zg.pk]),
        {"period": "day", "character": "", "ranks": "0", "sleep": "comfortable"},
        HTTP_HX_REQUEST="true",
    )
    kai.refresh_from_db()
    assert "moved" not in kai.sheet["damage"]["radiation"]
    assert in_play(kai.sheet)["RES"] == 10
    assert "Kai: RES 5 (radiation) healed" in gm_client.get(reverse("table", args=[zg.pk])).content.decode()


def test_a_dying_character_the_move_saves_is_no_longer_dying(gm_client, zg, kai):
    kai.sheet["damage"]["radiation"]["con"] = 13
    kai.sheet |= {"state": "dying", "dying": {"penalty": 1}}
    kai.save()
    _move(gm_client, zg, kai, "STR", "4")
    kai.refresh_from_db()
    assert kai.sheet["state"] == "conscious"
    assert "is no longer dying" in Roll.objects.get(kind="zener_radiation_move").outcome["line"]


@pytest.mark.parametrize(
    ("stat", "points", "message"),
    [("CON", "1", "another rolled stat"), ("STR", "6", "1 to 5"), ("STR", "two", "1 to 5"), ("STR", "", "1 to 5")],
)
def test_a_bad_move_is_refused_and_changes_nothing(gm_client, zg, kai, stat, points, message):
    response = _move(gm_client, zg, kai, stat, points)
    assert response.status_code == 422
    assert message in response.content.decode()
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 5
    assert not Roll.objects.filter(kind="zener_radiation_move").exists()


def test_only_the_gm_moves_loss(player_client, client, zg, kai):
    assert _move(player_client, zg, kai, "STR", "1").status_code in (403, 404)
    url = reverse("zener_radiation_move", args=[zg.pk])
    assert player_client.get(url).status_code in (404, 405)
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 5


def test_the_player_saving_the_sheet_keeps_the_moved_loss(gm_client, player_client, zg, kai):
    _move(gm_client, zg, kai, "DEX", "3")
    stats = ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
    data = {"name": "Kai", **{f"stat__{s}": "10" for s in stats}, "stat__CON": "12", "notes": ""}
    assert player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data)).status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["moved"] == {"DEX": 3}
    assert in_play(kai.sheet)["DEX"] == 7
