"""Time passes at the table (seed: "Endurance", "Damage & Recovery", END): the GM spends
and recovers END for one character or the whole table; the sheet keeps it and the log adds it up."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, con=12, spent=0):
    sheet = campaign.rules_system.validate_sheet(
        {"stats": {"CON": con}, "int_dice": [3, 3], "damage": {"end_spent": spent}}
    )
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def character_maker():
    return _character


@pytest.fixture
def ren(zg, other_player):
    return _character(zg, other_player, "Ren", con=10, spent=6)


def _time(client, campaign, **data):
    return client.post(reverse("zener_time", args=[campaign.pk]), {"minutes": "60", **data}, HTTP_HX_REQUEST="true")


def test_strenuous_hours_spend_end_on_the_sheet_and_the_log_adds_up(gm_client, player_client, zg, kai, ren):
    panel = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Time passes: spend or recover END" in panel
    assert "The players' characters" in panel
    assert _time(gm_client, zg, character=kai.pk, activity="strenuous", minutes="120").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["damage"]["end_spent"] == 8
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai: 2 h strenuous, 8 END spent (END 4 of 12)" in log
    assert "Ren:" not in log


def test_ordinary_activity_for_everyone(gm_client, player_client, zg, kai, ren):
    _time(gm_client, zg, character="", activity="ordinary", minutes="90")
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert (kai.sheet["damage"]["end_spent"], ren.sheet["damage"]["end_spent"]) == (3, 9)
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai: 1 h 30 min ordinary, 3 END spent (END 9 of 12)" in log
    assert "Ren: 1 h 30 min ordinary, 3 END spent (END 1 of 10)" in log


def test_rest_sleep_and_skipped_rounds_roll_the_d6(gm_client, player_client, zg, kai, ren, script_dice):
    script_dice(2)
    _time(gm_client, zg, character=ren.pk, activity="skip")
    script_dice(1)
    _time(gm_client, zg, character=ren.pk, activity="sleep", minutes="60")
    ren.refresh_from_db()
    assert ren.sheet["damage"]["end_spent"] == 6 - 2 - (1 + 1)
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Ren: 2 skipped rounds, d6 2: 2 END back (END 6 of 10)" in log
    assert "Ren: 1 h sleep, d6 1 + 1: 2 END back (END 8 of 10)" in log
    # The whole table rests: Kai has nothing to recover and the log says so; Ren's d6 6 stops at what was spent.
    script_dice(6)
    _time(gm_client, zg, character="", activity="rest", minutes="30")
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai: nothing to recover" in log
    assert "Ren: 30 min rest, d6 6: 2 END back, all that was spent (END 10 of 10)" in log


def test_what_a_character_cannot_pay_is_refused_and_changes_nothing(gm_client, zg, kai, ren):
    # Kai could pay the 6; Ren cannot, so nobody's time passes.
    response = _time(gm_client, zg, character="", activity="strenuous", minutes="90")
    assert response.status_code == 422
    assert "Ren: END 4 left: 1 h 30 min strenuous costs 6. Let them rest first." in response.content.decode()
    for bad in ({"minutes": "45"}, {"minutes": "0"}, {"activity": "dance"}, {"character": "999999"}):
        response = _time(gm_client, zg, **({"character": kai.pk, "activity": "ordinary"} | bad))
        assert response.status_code == 422
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert (kai.sheet["damage"]["end_spent"], ren.sheet["damage"]["end_spent"]) == (0, 6)
    assert not Roll.objects.exists()
    nothing = _time(gm_client, zg, character=kai.pk, activity="rest", minutes="30")
    assert "Kai: No END spent and no shock: there is nothing to recover." in nothing.content.decode()


def test_only_the_gm_lets_time_pass(player_client, outsider_client, gm_client, zg, kai):
    assert _time(player_client, zg, character=kai.pk, activity="ordinary").status_code == 404
    assert _time(outsider_client, zg, character=kai.pk, activity="ordinary").status_code == 404
    assert gm_client.get(reverse("zener_time", args=[zg.pk])).status_code == 405
    kai.refresh_from_db()
    assert kai.sheet["damage"]["end_spent"] == 0


def test_the_rules_page_publishes_the_readings(player_client):
    rules = rules_page(player_client)
    for reading in (
        "Armour from another world",
        "Armour and hand protection on DEX",
        "A critical hit on a critical location",
        "END over time",
        "END at 0",
    ):
        assert reading in rules
