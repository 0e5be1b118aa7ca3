"""Aiming reads the whole time chart (seed, "Aiming": "converted to a bonus to hit according to the time chart"),
from its "< ×0.1" row (−6) to +13, capped only by the weapon kind (rules page, Aiming)."""

import pytest

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import pilot
from campaigns.systems.zener.tests.fights import HX, attack, attack_roll
from campaigns.systems.zener.tests.test_card import card_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """Kai and Ren as the table tests make them: pilots (conftest.pilot)."""
    return pilot


def test_the_attack_form_aims_down_to_the_charts_under_a_tenth_row(gm_client, zg, kai, ren, script_dice):
    script_dice(*[6] * 20)  # two misses (a target under 3 rolls more dice)
    snap = attack_roll(gm_client, zg, kai, ren, aiming="-6", armour="5")
    plain = attack_roll(gm_client, zg, kai, ren, armour="5")
    assert snap.outcome["target"] == plain.outcome["target"] - 6
    assert snap.request["aiming"] == "aimed −6"


def test_the_attack_form_aims_up_to_the_charts_top_with_no_weapon_cap(gm_client, zg, kai, ren, script_dice):
    script_dice(6, 6, 6)
    long = attack_roll(gm_client, zg, kai, ren, aiming="13")
    assert long.request["aiming"] == "aimed +13"


@pytest.mark.parametrize("aiming", ["-7", "14"])
def test_aiming_off_the_chart_is_refused_beside_the_field(gm_client, zg, kai, ren, aiming):
    response = attack(gm_client, zg, kai, ren, HX, weapon="1d6", aiming=aiming)
    assert response.status_code == 422
    page = response.content.decode()
    assert ("greater than or equal to -6" if aiming == "-7" else "less than or equal to 13") in page
    assert not Roll.objects.filter(kind="zener_attack").exists()


def test_the_card_weapon_button_aims_under_a_tenth_too(player_client, zg, mara, script_dice):
    script_dice(1, 1, 1)
    assert card_post(player_client, mara, "weapon:Pistol", time="-6").status_code == 200
    roll = Roll.objects.get()
    # ACC foundation 7 + Pistol 2 − Defense 0 − 6 aiming = 3.
    assert roll.outcome["target"] == 3
    assert roll.request["what"].endswith("− 6 (aiming)")
