"""Zener Gate combat details at the table: micro-time, ACC initiative, the Range Adjustment table,
weapon ranks."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import pilot, sheet_form
from campaigns.systems.zener.tests.fights import HX, attack, attack_roll
from campaigns.systems.zener.tests.test_table import _character, check_data
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """Kai and Ren as the table tests make them: pilots (conftest.pilot)."""
    return pilot


def test_tied_initiative_enters_micro_time_lowest_res_first(gm_client, player_client, zg, player, script_dice):
    _character(zg, player, "Kai", RES=14, AWA=10, MEL=10)
    _character(zg, player, "Ren", RES=8, AWA=10, MEL=10)
    script_dice(4, 4)  # both 4 + 0 + 0: the same initiative
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), {})
    roll = Roll.objects.get(kind="zener_initiative")
    assert roll.outcome["announce"] == [[["Ren"], ["Kai"]]]
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    # RES as worn: no armour takes 4 (seed, "Other Armour Effects"), as in checks and Defense.
    assert "Micro-time at 4: Ren (RES 4), then Kai (RES 10) announce their actions" in page


def test_the_gm_may_order_initiative_by_acc(gm_client, zg, player, script_dice):
    _character(zg, player, "Kai", AWA=10, MEL=15, ACC=8)
    _character(zg, player, "Ren", AWA=10, MEL=8, ACC=15)
    script_dice(3, 3)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), {"use_acc": "on"})
    roll = Roll.objects.get(kind="zener_initiative")
    # Seed: "If it is more appropriate, the GM can use ACC instead of MEL": ACC ranks as MEL does, by default the best
    # first (rules page, #zener-initiative-mel): Ren's ACC 15 +2, Kai's 8 +0.
    assert roll.outcome["order"] == [["Ren", 3, 5], ["Kai", 3, 3]]
    assert roll.outcome["by"] == "ACC"


def test_a_reaction_save_in_micro_time(player_client, player, zg, script_dice):
    quick = _character(zg, player, "Kai", NIM=12)
    script_dice(1, 1, 1, 1)  # 4 on 4d6
    response = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(quick, skill="", stat="NIM", reaction_ms="250")
    )
    assert response.status_code == 302
    roll = Roll.objects.get(kind="zener")
    # Seed ("Micro-Time"): 250 ms -> -8 on the NIM save.
    assert roll.outcome["target"] == 12 - 8
    assert "reaction in 250 ms" in roll.request["what"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skill": "Pilot"}, "A reaction save is a NIM stat check"),
        ({"stat": "NIM", "skill": "", "reaction_ms": "0"}, "Ensure this value is greater than or equal to 1"),
    ],
)
def test_a_bad_reaction_save_is_refused(player_client, player, zg, script_dice, changes, message):
    quick = _character(zg, player, "Kai", NIM=12)
    response = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(quick, reaction_ms="250") | changes, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roll.objects.exists()


def test_an_attack_at_range_uses_the_range_adjustment(gm_client, zg, kai, ren, script_dice):
    script_dice(6, 6, 6)
    attack(gm_client, zg, kai, ren, range_="20")
    # ACC 10 (foundation 7) + 2 - Defense -9 = 18; at 100 m (index 20) -5 by the Range Adjustment, not -20.
    assert Roll.objects.get(kind="zener_attack").outcome["target"] == 13


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skills": "Rifle (weapon_broad, ACC) 4"}, "Rifle is a weapon skill: at most 3 ranks, not 4."),
        ({"skills": "Mauser (specific, ACC) 4", "weapons": "Mauser 2d6"}, "Mauser is a weapon skill: at most 3 ranks"),
    ],
)
def test_the_sheet_refuses_a_fourth_weapon_rank(player_client, zg, changes, message):
    data = sheet_form(stat_damage="") | changes
    data["profession"] = data["skills"].partition(" (")[0]  # the profession is the first skill listed
    response = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Character.objects.exists()
    data["skills"] = data["skills"].replace(" 4", " 3")
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    assert Character.objects.get().sheet["skills"][0]["ranks"] == 3


def test_the_attack_form_refuses_a_fourth_weapon_rank(gm_client, zg, kai, ren):
    response = attack(gm_client, zg, kai, ren, HX, ranks="4")
    assert response.status_code == 422
    assert "less than or equal to 3" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_critical_hit_the_armour_stopped_gives_plus_two_next_round(
    gm_client, player_client, zg, kai, ren, other_player, script_dice
):
    # ACC 10 (foundation 7) + 2 - Defense 5 (RES 10 - 15 + armour 10) = 4 on 3d6.
    # A critical hit; left chest (its d12 12: no critical location); 1d6 1 + 1 - armour 10 = 0 trauma; shock 2; d8 1 STR
    script_dice(1, 1, 1, 20, 12, 1, 2, 1)
    first = attack_roll(gm_client, zg, kai, ren)
    assert (first.outcome["critical"], first.outcome["trauma"], first.outcome["earns_follow_up"]) == (True, 0, 2)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai is at +2 to attack Ren next round" in page
    script_dice(6, 6, 6)
    second = attack_roll(gm_client, zg, kai, ren)
    assert (second.outcome["target"], second.outcome["follow_up"]) == (6, 2)
    assert (
        "+2 after last round's critical hit"
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    script_dice(6, 6, 6)
    assert attack_roll(gm_client, zg, kai, ren).outcome["target"] == 4  # once only


def test_the_plus_two_is_against_the_same_target_only(gm_client, zg, kai, ren, other_player, script_dice):
    ash = _character(zg, other_player, "Ash")
    script_dice(1, 1, 1, 20, 12, 1, 2, 1, 6, 6, 6, 6, 6, 6)
    assert attack_roll(gm_client, zg, kai, ren).outcome["earns_follow_up"] == 2
    assert attack_roll(gm_client, zg, kai, ash).outcome["target"] == 4  # another target: no +2
    assert attack_roll(gm_client, zg, kai, ren).outcome["target"] == 4  # and that attack spent the round


@pytest.mark.parametrize(
    ("fire", "faces", "weapon", "damage", "save"),
    [
        # shock 7 + 2 + 2 = 11, 3 over SHK 8: the CON save (10 - 3) made on 4d6 = 4
        ("burst", (4, 4, 5), "2d6+1d6", 13, (1, 1, 1, 1)),
        # shock 12 + 2 + 2 = 16, 8 over: CON 10 - 8 = 2 on 4d6 is impossible, 6d6 needing 6, made on 6
        ("full_auto", (4, 4, 5, 6, 3), "2d6+2d6+1d3", 22, (1, 1, 1, 1, 1, 1)),
    ],
)
def test_bursts_and_full_auto_roll_more_damage(
    gm_client, player_client, zg, kai, ren, script_dice, fire, faces, weapon, damage, save
):
    # A hit; left chest (d12 12: not critical); the weapon's dice; shock 2; the chest's d8 1 (STR); the shock save
    script_dice(2, 3, 4, 20, 12, *faces, 2, 1, *save)
    roll = attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="0", fire=fire)
    assert (roll.request["weapon"], roll.outcome["weapon_damage"], roll.outcome["trauma"]) == (
        weapon,
        damage,
        damage + 1,
    )
    assert (
        f"{weapon} ({roll.request['fire']}) rolled {damage}"
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )


def test_a_burst_in_melee_is_refused(gm_client, zg, kai, ren):
    response = attack(gm_client, zg, kai, ren, HX, stat="MEL", fire="burst")
    assert response.status_code == 422
    assert "A burst or full auto is aimed fire: attack with ACC." in response.content.decode()
    assert not Roll.objects.exists()
