"""Armour as worn at the table (seed: "Stats", "Other Armour Effects", "Hit Location
Effects", "Attacks"): the armour's technology and the hand protection on the sheet, in checks and
attacks; a critical hit on a critical location on the attack's card and the target's sheet; an
attack the attacker cannot pay END for."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import explorer, sheet_form
from campaigns.systems.zener.tests.fights import attack
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


def test_the_sheet_keeps_the_armours_technology_and_hand_protection_and_shows_them_worn(player_client, zg):
    data = sheet_form(stat_damage="", armour="5", armour_tech="3", hand_protection="2")
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    kai = Character.objects.get()
    assert (kai.sheet["armour"], kai.sheet["armour_tech"], kai.sheet["hand_protection"]) == (5, 3, 2)
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    # Armour 5 from a low-tech world (+3) plays as 8 for NIM -3, ACC -2, MEL -4; its DEX row -1, the gloves -2.
    assert "In this armour: NIM 9 (12), ACC 10 (12), MEL 8 (12), DEX in use 9 (12)." in page
    assert 'name="armour_tech" value="3"' in page


@pytest.mark.parametrize(("field", "value"), [("armour_tech", "4"), ("armour_tech", "-6"), ("hand_protection", "7")])
def test_a_bad_technology_or_hand_protection_is_refused(player_client, zg, field, value):
    data = sheet_form(stat_damage="", **{field: value})
    response = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data))
    assert response.status_code == 422
    assert not Character.objects.exists()


def test_a_dex_check_reads_dex_in_use_less_armour_and_hand_protection(player_client, zg, player, script_dice):
    kai = explorer(zg, player, "Kai", {"DEX": 12, "NIM": 12}, armour=4, hand_protection=2)
    data = {
        "character": kai.pk,
        "skill": "",
        "stat": "DEX",
        "modifier": "0",
        "extra": "0",
        "indirect": "0",
        "label": "",
    }
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), data).content.decode()
    assert "DEX 9 (hand protection −2) (stat check): 4d6 at or under 9" in odds  # 12, armour 4's −1, gloves −2
    script_dice(3, 3, 3, 1)  # 10: over 9
    player_client.post(reverse("zener_check", args=[zg.pk]), data)
    assert Roll.objects.get().outcome["target"] == 9


def test_a_low_tech_armour_lowers_the_attackers_acc_more(gm_client, zg, player, other_player, script_dice):
    kai = explorer(zg, player, "Kai", {"ACC": 10}, armour=5, armour_tech=3)
    ren = explorer(zg, other_player, "Ren")
    script_dice(6, 6, 6)
    attack(gm_client, zg, kai, ren)
    # ACC 10, armour 5 plays as 8: −2, ACC 8, foundation 6 + 2 ranks − Ren's Defense −9 = 17 (armour 5 alone: 18).
    assert Roll.objects.get(kind="zener_attack").outcome["target"] == 17


def test_a_critical_hit_on_a_critical_location_costs_d3_of_the_stat(
    gm_client, player_client, zg, player, other_player, script_dice
):
    kai = explorer(zg, player, "Kai")
    ren = explorer(zg, other_player, "Ren")
    # All 1s under 18: a critical hit; d% 2: the skull; 2d6 3, 3; shock d6 1; the skull's d8 8: PERS; the d3 3;
    # shock 6 + 1 + 2 = 9 over SHK 8 (12 trauma: 6 + the skull's 4 + a critical location's 2): the save's 4d6 1s.
    script_dice(1, 1, 1, 2, 3, 3, 1, 8, 3, 1, 1, 1, 1)
    assert attack(gm_client, zg, kai, ren).status_code == 302
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["critical"], roll.outcome["stat_damage"], roll.outcome["stat_points"]) == (True, ["PERS"], [3])
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"PERS": 3}
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "−3 PERS (d3: a critical hit on a critical location)" in log


def test_an_attack_without_the_end_to_pay_for_it_is_refused(gm_client, zg, player, other_player):
    # Seed, "Attacks": "Attacks cost 1 or 2 END (has to be paid before the attack proceeds)."
    kai = explorer(zg, player, "Kai", damage={"end_spent": 10})  # END 10, all spent
    ren = explorer(zg, other_player, "Ren")
    response = attack(gm_client, zg, kai, ren, {"HTTP_HX_REQUEST": "true"})
    assert response.status_code == 422
    assert "Kai has END 0 left: an aimed attack costs 1" in response.content.decode()
    assert not Roll.objects.exists()
    kai.refresh_from_db()
    assert kai.sheet["damage"]["end_spent"] == 10


def test_initiative_reads_mel_and_res_as_worn(gm_client, zg, player, other_player, script_dice):
    explorer(zg, player, "Kai", {"MEL": 12})
    explorer(zg, other_player, "Ren", {"MEL": 12}, armour=6)  # MEL −2 in armour 6: 10
    script_dice(4, 4)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), {})
    order = Roll.objects.get(kind="zener_initiative").outcome["order"]
    # Equal AWA: +0 each; Ren's MEL 10 as worn is the lowest (+0), Kai's 12 the next (+2: the best fighter first,
    # the campaign's default reading).
    assert {name: value for name, _, value in order} == {"Kai": 6, "Ren": 4}


def test_the_attack_form_leaves_the_attackers_armour_to_the_sheet(gm_client, zg, player, other_player):
    explorer(zg, player, "Kai")
    explorer(zg, other_player, "Ren")
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    field = page[page.index('name="attacker_armour"') :].split(">", 1)[0]
    assert "value=" not in field  # blank: the armour (and its technology) on the attacker's sheet
    assert "Blank: the armour on the attacker" in page
