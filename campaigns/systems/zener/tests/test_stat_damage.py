"""Stat damage lowers the stats in play: checks, Defense, attacks,
initiative and the derived values read the sheet's stats less their damage, shown "RES 12 (14)"."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.fights import attack
from campaigns.systems.zener.tests.test_table import check_data
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, stats, lost=None):
    sheet = campaign.rules_system.validate_sheet(
        {
            "stats": stats,
            "int_dice": [3, 3],
            "damage": {"stats": lost or {}},
            "skills": [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}],
        }
    )
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def kai(zg, player):
    """RES 14 and PRAC 14 on the sheet, each down 2: RES 12 and PRAC 12 in play."""
    return _character(zg, player, "Kai", {"RES": 14, "PRAC": 14}, {"RES": 2, "PRAC": 2})


@pytest.fixture
def ren(zg, other_player):
    return _character(zg, other_player, "Ren", {"PRAC": 12})


def _check(character, **changes):
    """A RES check, no skill."""
    return check_data(character, **{"skill": "", "stat": "RES", "label": ""} | changes)


def test_a_damaged_stat_checks_at_its_value_in_play(player_client, zg, kai, script_dice):
    # RES 14 - 2 stat damage - 4 for wearing no armour (seed, "Other Armour Effects") = 8.
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), _check(kai)).content.decode()
    assert "RES 8 (after 2 stat damage) (stat check): 4d6 at or under 8" in odds  # not 10
    assert "5.40%" in odds  # 70 of 1,296
    script_dice(3, 3, 2, 1)  # 9: a success against the undamaged 10, a failure against 8
    player_client.post(reverse("zener_check", args=[zg.pk]), _check(kai))
    roll = Roll.objects.get()
    assert (roll.outcome["target"], roll.outcome["success"]) == (8, False)
    # A skill's foundation comes from its stat in play: PRAC 12 gives 8, not PRAC 14's 9.
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), _check(kai, skill="Pilot", stat="")).content
    assert "Pilot 3 + PRAC foundation 8 (after 2 stat damage): 3d6 at or under 11" in odds.decode()


def test_a_damaged_res_lowers_defense_and_con_the_shock_threshold_in_an_attack(gm_client, zg, kai, ren, script_dice):
    kai.sheet = {**kai.sheet, "damage": {**kai.sheet["damage"], "stats": {"RES": 2, "CON": 5}}}
    kai.save()
    # Kai's Defense: RES 12 in play, -4 for no armour, -15 = -7 (the sheet's RES 14 gave -5).
    # Ren: ACC 10 (foundation 7) + 2 ranks + 7 = 16 to hit.
    # 15 hits; left chest (d12 12: not critical); 2d6 = 8 + 1 trauma; shock 5 + 2 + 2 = 9; the chest's d8: 1
    # (STR); the CON save (CON 5 - 2 = 3, an impossible chance: 5d6 at or under 5) fails; d10 5
    script_dice(6, 5, 4, 20, 12, 4, 4, 2, 1, 6, 6, 6, 6, 6, 5)
    attack(gm_client, zg, ren, kai)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["defense"], roll.outcome["target"], roll.outcome["success"]) == (-7, 16, True)
    # SHK from HP in play: 2 x CON 5 + RES 12 + NIM 10 = 32, SHK 7 (the sheet's HP 44 gives 9).
    assert (roll.outcome["shock"], roll.outcome["save_needed"], roll.outcome["save_modifier"]) == (9, True, -2)


def test_an_attackers_damaged_stat_lowers_the_attack(gm_client, zg, kai, ren, script_dice):
    kai.sheet = {**kai.sheet, "damage": {**kai.sheet["damage"], "stats": {"ACC": 4}}}
    kai.save()
    script_dice(6, 6, 6)  # a miss; the target is what matters
    attack(gm_client, zg, kai, ren)
    # ACC 6 in play (foundation 5) + 2 ranks - Ren's Defense -9 = 16; the sheet's ACC 10 gave 18.
    assert Roll.objects.get(kind="zener_attack").outcome["target"] == 16


def test_the_seeds_lost_point_of_res_reduces_defenses_by_one(gm_client, zg, kai, ren, script_dice):
    # Seed, the damage example: "The character rolls 1d8 as indicated on the Chest Effects chart and gets a
    # 4, so the character loses 1 point of RES, effectively reducing his defenses by 1 for subsequent rounds."
    # Kai: ACC 10 (foundation 7) + 2 ranks - Defense -9 (RES 10 - 4 - 15) = 18 to hit.
    # a critical hit; left chest (d12 12); 8 trauma + 1; shock d6 2; the chest's d8: 4; shock 9 over Ren's SHK 8:
    # a made save
    script_dice(1, 1, 1, 20, 12, 4, 4, 2, 4, 1, 1, 1, 1)
    attack(gm_client, zg, kai, ren)
    first = Roll.objects.get(kind="zener_attack")
    assert (first.outcome["defense"], first.outcome["stat_damage"]) == (-9, ["RES"])  # a list: hand and eye roll 2
    script_dice(6, 6, 6, 50, 6, 1, 1, 1, 1)  # 18 hits (right chest, d6 6) against 19: Defense -10, no longer -9
    attack(gm_client, zg, kai, ren)
    second = Roll.objects.filter(kind="zener_attack").latest("id")
    assert (second.outcome["defense"], second.outcome["target"]) == (-10, 19)


def test_initiative_reads_awa_in_play(gm_client, zg, player, ren, script_dice):
    # Kai's AWA 12 is down 3: AWA 9 in play is the lowest (+0), Ren's 10 the next (+1). MEL ties (+0 each).
    _character(zg, player, "Kai", {"AWA": 12}, {"AWA": 3})
    script_dice(4, 4)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]))
    order = Roll.objects.get(kind="zener_initiative").outcome["order"]
    assert {name: value for name, _, value in order} == {"Kai": 4, "Ren": 5}


def test_the_sheet_and_the_panel_show_the_stat_in_play_then_the_sheets(player_client, gm_client, zg, kai, ren):
    sheet = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "RES 12 (14)" in sheet
    assert "PRAC 12 (14)" in sheet
    for client in (player_client, gm_client):
        page = client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
        assert "RES 12 (14)" in page
        assert "HP 42 (44)" in page  # 2 x CON 10 + RES 12 (14) + NIM 10
        assert "INT 10 (11)" in page  # (PRAC 12 (14) + 10 + 10 + 10) / 4, rounded down, + 3 - 3
        assert "RES 10 (" not in page  # Ren is unhurt: no brackets


def test_a_stat_damaged_past_any_roll_is_explained_and_rolls_nothing(player_client, zg, kai):
    kai.sheet = {**kai.sheet, "damage": {**kai.sheet["damage"], "stats": {"RES": 200}}}
    kai.save()
    response = player_client.post(reverse("zener_check", args=[zg.pk]), _check(kai), HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "the lowest a check can go is −94" in response.content.decode()  # RES -190 in play
    assert not Roll.objects.exists()
