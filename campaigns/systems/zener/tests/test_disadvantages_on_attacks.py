"""A disadvantage that bears on the weapon skill, or on the stat the attack rolls on, takes 2 a rank off the attack
as it does off a check (seed, "Disadvantages": "each confers the equivalent of two negative ranks"; rules page,
#zener-disadvantage-penalty): on the GM's attack form and the card's weapon button, in the odds and in the log."""

from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.adapter import ADAPTER
from campaigns.systems.zener.tests.conftest import pilot
from campaigns.systems.zener.tests.fights import attack_roll
from campaigns.systems.zener.tests.test_card import card_post
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """Kai and Ren as the table tests make them: pilots (conftest.pilot)."""
    return pilot


def at_most(dice: int, target: int) -> Fraction:
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for f in faces if sum(f) <= target), len(faces))


def _mara(zg, player, *disadvantages):
    """The demo's character (ACC 10, foundation 7; Pistol 2 and a 2d6 pistol) with these disadvantages."""
    sheet = zg.rules_system.validate_sheet({**ADAPTER.demo_sheet, "notes": "", "disadvantages": list(disadvantages)})
    return Character.objects.create(campaign=zg, owner=player, name="Mara", sheet=sheet)


SHAKY = {"name": "Shaky Hands", "points": 1, "ranks": 2, "bears_on": ["Pistol"]}
SQUINT = {"name": "Squint", "points": 2, "ranks": 1, "bears_on": ["ACC"]}


def test_the_gm_attack_takes_a_disadvantage_on_the_weapon_skill_and_the_log_says_so(
    gm_client, player_client, zg, player, ren, script_dice
):
    plain = _mara(zg, player)
    script_dice(*[6] * 20)  # two misses (a target under 3 rolls more dice)
    before = attack_roll(gm_client, zg, plain, ren, weapon="Pistol", ranks="", armour="5")
    plain.delete()
    mara = _mara(zg, player, SHAKY)
    after = attack_roll(gm_client, zg, mara, ren, weapon="Pistol", ranks="", armour="5")
    assert after.outcome["target"] == before.outcome["target"] - 4
    assert after.request["disadvantages"] == "Shaky Hands, 2 ranks −4"
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert '<span class="muted">(Shaky Hands, 2 ranks −4)</span>' in page


def test_a_disadvantage_on_the_attack_stat_bears_on_acc_attacks_only(gm_client, zg, player, ren, script_dice):
    mara = _mara(zg, player, SQUINT)
    script_dice(*[6] * 20)
    aimed = attack_roll(gm_client, zg, mara, ren, stat="ACC", armour="5")
    melee = attack_roll(gm_client, zg, mara, ren, stat="MEL", armour="5")
    # ACC 10 and MEL 10 share a foundation: only the ACC attack takes Squint's 2.
    assert aimed.outcome["target"] == melee.outcome["target"] - 2
    assert aimed.request["disadvantages"] == "Squint, 1 rank −2"
    assert "disadvantages" not in melee.request or not melee.request["disadvantages"]


def test_the_card_weapon_button_its_odds_and_its_roll_count_it(player_client, zg, player, script_dice):
    mara = _mara(zg, player, SHAKY)
    buttons = {roll.key: roll for roll in ADAPTER.card(mara).rolls}
    # ACC foundation 7 + Pistol 2 − Defense 0 − 4 = 5 on 3d6: 10 of 216.
    assert at_most(3, 5) == Fraction(10, 216)
    assert buttons["weapon:Pistol"].detail == "≤ 5 · 5%"
    script_dice(1, 1, 2)
    assert card_post(player_client, mara, "weapon:Pistol").status_code == 200
    roll = Roll.objects.get()
    assert roll.request["what"] == "Pistol attack: ACC foundation 7 + Pistol 2 − Defense 0 − 4 (Shaky Hands, 2 ranks)"
    assert (roll.outcome["target"], roll.outcome["success"]) == (5, True)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Pistol attack: ACC foundation 7 + Pistol 2 − Defense 0 − 4 (Shaky Hands, 2 ranks)" in page
