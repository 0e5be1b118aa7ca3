"""What a hit does at the table, through the GM's attack form: stat damage is inflicted by trauma (a hit
whose trauma the armour stopped costs no stat), and a critical location adds +2 trauma (seed, "Hit
Location Effects": "Undefined Critical Location: +2 Trauma", "Non-Critical Location: +0 Trauma")."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from campaigns.systems.zener.tests.fights import attack

pytestmark = pytest.mark.django_db


def _attack(gm_client, zg, kai, ren, **changes):
    # Kai needs 18 on 3d6 against Ren's whole body in no armour (whose RES -4 lowers the Defense); armour
    # 5 makes it 9, armour 10 makes it 4.
    return attack(gm_client, zg, kai, ren, **changes)


def test_a_hit_the_armour_stops_costs_no_stat(gm_client, player_client, zg, kai, ren, script_dice):
    # 1d3 against armour 10, three times: the right forearm (d% 72, its d6 3), the right chest (d% 50, its
    # critical d6 2), the forearm again. Every hit is 0 trauma, so no stat is taken: not STR, END or THEO (the
    # forearm's d6 1 = STR and 6 = THEO, the chest's d8 7 = END, the dice scripted last in each attack).
    for attack_dice in ((1, 1, 2, 72, 3, 3, 1, 1), (1, 1, 2, 50, 2, 2, 1, 7), (1, 1, 2, 72, 3, 1, 1, 6)):
        script_dice(*attack_dice)
        response = _attack(gm_client, zg, kai, ren, weapon="1d3", armour="10")
        assert response.status_code in (200, 302)
    rolls = list(Roll.objects.filter(kind="zener_attack").order_by("pk"))
    assert [r.outcome["target"] for r in rolls] == [4, 4, 4]
    assert [(r.outcome["location"], r.outcome["trauma"], r.outcome["shock"]) for r in rolls] == [
        ("Right forearm", 0, 1),
        ("Right chest", 0, 3),  # 0 trauma, the d6 1 + the chest's 2
        ("Right forearm", 0, 1),
    ]
    assert [r.outcome["stat_damage"] for r in rolls] == [[], [], []]
    ren.refresh_from_db()
    assert ren.sheet["damage"].get("stats", {}) == {}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    stopped = "<strong>0 trauma</strong> · <strong>1 shock</strong> · no stat damage (the armour stopped the trauma)"
    assert stopped in page
    assert "−1 STR" not in page
    assert "−1 END" not in page
    assert "−1 THEO" not in page


def test_the_seeds_damage_example_still_costs_a_point_of_res(gm_client, zg, kai, ren, script_dice):
    # Seed: a rifle "for 2d6 trauma" rolls 8 against armour 5, +1 for the chest: "9-5=4 points"; shock
    # "d6+4 ... an 8"; "rolls 1d8 ... and gets a 4, so the character loses 1 point of RES".
    # 3d6 1 2 3 against 9 (armour 5); d% 50, the right chest's critical d6 2 (not critical); 2d6 4 4;
    # shock d6 4; the chest's d8 4 (shock 8 is within Ren's SHK 8: no save).
    script_dice(1, 2, 3, 50, 2, 4, 4, 4, 4)
    _attack(gm_client, zg, kai, ren, armour="5")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["location"], roll.outcome["critical_location"]) == ("Right chest", False)
    assert (roll.outcome["trauma"], roll.outcome["shock"], roll.outcome["stat_damage"]) == (4, 8, ["RES"])
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"RES": 1}


def test_a_skull_hit_adds_the_critical_locations_two_trauma(gm_client, player_client, zg, kai, ren, script_dice):
    # 2d6 shows 6 on the skull (d% 3, an automatic critical location), no armour: 6 + 4 + 2 = 12, not 10.
    # Shock 6 + the d6 2 + the skull's 2 = 10 over SHK 8: the CON save's 4d6 all 1s makes it; the skull's
    # d8 1 = THEO.
    script_dice(1, 2, 3, 3, 3, 3, 2, 1, 1, 1, 1, 1)
    _attack(gm_client, zg, kai, ren)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["location"], roll.outcome["critical_location"]) == ("Skull/Scalp", True)
    assert (roll.outcome["weapon_damage"], roll.outcome["trauma"], roll.outcome["shock_rolled"]) == (6, 12, 10)
    ren.refresh_from_db()
    assert ren.sheet["damage"]["trauma"] == 12
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "— a critical location (+2 trauma)" in page
    assert "<strong>12 trauma</strong>" in page


@pytest.mark.parametrize(
    ("aim", "percent", "critical_die", "trauma"),
    [
        ("head_neck", 25, 1, 12),  # the neck, its d6 1: 8 + 2 + 2
        ("head_neck", 25, 2, 10),  # its d6 2: not critical, 8 + 2
        ("whole", 20, 3, 11),  # the left chest, its d12 3 ("3 in 12"): 8 + 1 + 2
        ("whole", 38, 1, 11),  # the left abdomen, its d6 1: 8 + 1 + 2
        ("whole", 50, 6, 9),
    ],  # the right chest, its d6 6: 8 + 1
)
def test_the_neck_chest_and_abdomen_add_two_when_their_critical_die_comes_up(
    gm_client, zg, kai, ren, script_dice, aim, percent, critical_die, trauma
):
    # 3d6 1 2 3 hits; 2d6 4 4; shock d6 1; the location's die 1; a save's 4d6 all 1s if one is needed.
    script_dice(1, 2, 3, percent, critical_die, 4, 4, 1, 1, 1, 1, 1, 1)
    _attack(gm_client, zg, kai, ren, aim=aim)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["critical_roll"], roll.outcome["trauma"]) == (critical_die, trauma)


def test_the_rules_page_publishes_both_readings(player_client, zg):
    rules = rules_page(player_client)
    assert 'id="zener-stat-damage"' in rules
    assert "Stat damage is inflicted by trauma according to location" in rules
    assert 'id="zener-critical-trauma"' in rules
    assert "6 + 4 + 2 = 12" in rules
