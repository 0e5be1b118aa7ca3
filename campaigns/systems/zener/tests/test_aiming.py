"""Aiming caps, suppression fire and spot/listen checks at the table (seed: "Aiming",
"Extra Time Spent/Rushing", "Spot/Listen Checks")."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import pilot
from campaigns.systems.zener.tests.fights import HX, attack, attack_roll
from campaigns.systems.zener.tests.test_table import _character, check_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """Kai and Ren as the table tests make them: pilots (conftest.pilot)."""
    return pilot


def test_a_rifle_aims_up_to_ten_seconds(gm_client, zg, kai, ren, script_dice):
    script_dice(6, 6, 6, 6, 6, 6)  # two misses
    aimed = attack_roll(gm_client, zg, kai, ren, weapon_kind="rifle", aiming="4")
    plain = attack_roll(gm_client, zg, kai, ren)
    assert aimed.outcome["target"] == plain.outcome["target"] + 4
    assert "aimed +4" in aimed.request["aiming"]


def test_aiming_a_pistol_past_two_seconds_is_refused_and_changes_nothing(gm_client, zg, kai, ren):
    response = attack(gm_client, zg, kai, ren, HX, weapon="1d6", aiming="3", weapon_kind="pistol")
    assert response.status_code == 422
    assert "A pistol aims for at most 2 seconds: up to +2 on the time chart." in response.content.decode()
    assert not Roll.objects.filter(kind="zener_attack").exists()


def test_suppression_fire_is_minus_five(gm_client, player_client, zg, kai, ren, script_dice):
    script_dice(6, 6, 6, 6, 6, 6)  # two misses
    plain = attack_roll(gm_client, zg, kai, ren, armour="5")
    suppressing = attack_roll(gm_client, zg, kai, ren, armour="5", suppression="on")
    assert suppressing.outcome["target"] == plain.outcome["target"] - 5
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "suppression fire −5" in page


def test_a_spot_check_reads_range_size_and_looking_out(player_client, zg, player, script_dice):
    lookout = _character(zg, player, "Ada", AWA=14)
    script_dice(1, 1, 1, 1)
    data = check_data(lookout, skill="", stat="AWA", spot_size="0", spot_range="20", looking="3")
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get(kind="zener")
    # Range 20 over size 0 is the Range Adjustment's -5 at a difference of 20; looking out +3: AWA 14 - 2.
    assert roll.outcome["target"] == 14 - 5 + 3
    assert "spotting at size 0, range 20 (−5), looking out +3" in roll.request["what"]


def test_a_spot_check_is_an_awa_check(player_client, zg, kai):
    data = check_data(kai, spot_range="20")
    response = player_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert "A spot or listen check is an AWA check" in response.content.decode()
    assert not Roll.objects.exists()
