"""Recovery at the table (seed: "Damage & Recovery"): the GM lets a day or a week pass
for one character or the whole table; the sheets heal and the log says what each healed."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.fights import attack
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, **damage):
    sheet = campaign.rules_system.validate_sheet({"stats": {}, "int_dice": [3, 3], "damage": damage})
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def kai(zg, player):
    return _character(zg, player, "Kai", trauma=10, shock=9, stats={"RES": 3})


@pytest.fixture
def ren(zg, other_player):
    return _character(zg, other_player, "Ren", trauma=20)


def _rest(client, campaign, **data):
    return client.post(reverse("zener_rest", args=[campaign.pk]), {"ranks": "0", **data}, HTTP_HX_REQUEST="true")


def test_a_day_passes_for_the_whole_table(gm_client, player_client, zg, kai, ren):
    assert "A day passes" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert _rest(gm_client, zg, period="day", character="").status_code == 200
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert kai.sheet["damage"]["trauma"] == 6  # 10 less a third, round up
    assert kai.sheet["damage"]["shock"] == 0
    assert kai.sheet["damage"]["stats"] == {"RES": 1}  # 3 less half, round up
    assert ren.sheet["damage"]["trauma"] == 13
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai: 4 trauma, 9 shock, RES 2 healed" in log
    assert "Ren: 7 trauma healed" in log


def test_a_week_passes_for_one_character_with_medical_care(gm_client, zg, kai, ren):
    _rest(gm_client, zg, period="week", character=str(ren.pk), ranks="2")
    ren.refresh_from_db()
    kai.refresh_from_db()
    assert ren.sheet["damage"]["trauma"] == 0  # 7 + 2, then 2 a day: 11, 9 … 1, 0
    assert kai.sheet["damage"]["trauma"] == 10  # Kai did not rest
    roll = Roll.objects.get(kind="zener_recovery")
    assert roll.request == {"label": "Recovery", "days": 7, "ranks": 2, "sleep": "comfortable"}


def test_bad_rest_is_refused_and_changes_nothing(gm_client, player_client, zg, kai):
    response = _rest(gm_client, zg, period="month", character="")
    assert response.status_code == 422
    assert "Choose a day or a week." in response.content.decode()
    response = _rest(gm_client, zg, period="day", character="", ranks="99")
    assert "Healing ranks are 0 to 20." in response.content.decode()
    assert _rest(player_client, zg, period="day", character="").status_code in (403, 404)
    kai.refresh_from_db()
    assert kai.sheet["damage"]["trauma"] == 10
    assert not Roll.objects.filter(kind="zener_recovery").exists()


def test_new_trauma_from_an_attack_starts_the_schedule_again(gm_client, zg, kai, ren, script_dice):
    _rest(gm_client, zg, period="day", character=str(ren.pk))  # 13 left, a day rested
    # A hit (4); left chest (d12 12: not critical); 2d6 = 2 + 1 trauma; shock 2 + 1 + 2 within SHK 8; the chest's d8 1
    script_dice(1, 1, 2, 20, 12, 1, 1, 1, 1)
    attack(gm_client, zg, kai, ren)
    ren.refresh_from_db()
    assert ren.sheet["damage"]["trauma"] == 16
    _rest(gm_client, zg, period="day", character=str(ren.pk))
    ren.refresh_from_db()
    assert ren.sheet["damage"]["trauma"] == 10  # a third again, not 1
