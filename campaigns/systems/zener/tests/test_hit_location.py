"""Hit location at the table: the GM's attack form chooses the aim and
so the column, partial critical locations are rolled, and 96-00 lands on the attacker's choice."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from campaigns.systems.zener.tests.fights import attack

pytestmark = pytest.mark.django_db


def test_a_head_and_neck_shot_rolls_its_own_column_and_the_necks_critical_die(
    gm_client, player_client, zg, kai, ren, script_dice
):
    # Wrong #5: d% 25 is the left chest on the whole-body column, the neck on the head & neck column.
    # Wrong #6: "Neck (1 in 6 critical location)": its d6 shows 1, so a stat is damaged without a critical hit.
    # 9 against 18 - 1; d% 25; d6 1; 2d6 8; shock d6 2; the neck's d5: 1 = CON; shock 6 + 2 + 1 = 9 over SHK 8:
    # the CON save's 4d6 all 1s
    script_dice(2, 3, 4, 25, 1, 4, 4, 2, 1, 1, 1, 1, 1)
    attack(gm_client, zg, kai, ren, aim="head_neck")
    roll = Roll.objects.get(kind="zener_attack")
    # Size -2 at range 0: the Range Adjustment of the difference 2 is -1.
    assert (roll.outcome["target"], roll.outcome["location"], roll.outcome["critical"]) == (17, "Neck", False)
    # 8 + 2 for the neck + 2 for a critical location (rules page, #zener-critical-trauma)
    assert (roll.outcome["critical_location"], roll.outcome["trauma"]) == (True, 12)
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"CON": 1}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Neck</strong> (d% 25 on the head &amp; neck column, critical die 1) — a critical location" in page
    assert "−1 CON" in page


def test_the_necks_critical_die_can_miss(gm_client, zg, kai, ren, script_dice):
    # The neck's d6 shows 2: not critical; the hit still costs a stat by the neck's d5, 1 = CON.
    script_dice(2, 3, 4, 25, 2, 4, 4, 2, 1)
    attack(gm_client, zg, kai, ren, aim="head_neck")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["location"], roll.outcome["critical_location"], roll.outcome["critical_roll"]) == (
        "Neck",
        False,
        2,
    )
    assert roll.outcome["stat_damage"] == ["CON"]


def test_an_eye_shot_lands_in_the_eye_and_rolls_its_die_twice(gm_client, player_client, zg, kai, ren, script_dice):
    # Wrong #8: no column reached the eye. "Eye +2 shock, +6 Trauma, and (d10, 2 rolls) ... 7-9=AWA, 10=PERS".
    # a critical hit (3 under 18 - 2); d% 30 on the eye column; d10 7, 10; shock 11 over SHK 8: the CON save
    # (10 - 3) fails on 24, so the 11 stands; d10 5
    script_dice(1, 1, 1, 30, 4, 4, 2, 7, 10, 6, 6, 6, 6, 5)
    attack(gm_client, zg, kai, ren, aim="eye")
    roll = Roll.objects.get(kind="zener_attack")
    # Size -6 at range 0: the Range Adjustment of the difference 6 is -2.
    assert (roll.outcome["target"], roll.outcome["location"], roll.outcome["aim"]) == (16, "Eye", "Eye")
    assert (roll.outcome["trauma"], roll.outcome["shock"]) == (14, 11)  # 8 + 6; 7 + 2 + 2
    assert (roll.outcome["save"]["target"], roll.outcome["save"]["success"]) == (7, False)
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"AWA": 1, "PERS": 1}


def test_the_attackers_choice_is_a_critical_location(gm_client, player_client, zg, kai, ren, script_dice):
    # Wrong #7: "96-00 Attacker's choice, automatic critical location if one available" applied nothing.
    # d% 97; no critical die for a choice; 2d6 8; shock 2; the neck's d5: 5 = RES; shock 9 over SHK 8: the save's 1s
    script_dice(2, 3, 4, 97, 4, 4, 2, 5, 1, 1, 1, 1)
    attack(gm_client, zg, kai, ren, choice="neck")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["location"], roll.outcome["chosen"], roll.outcome["critical_location"]) == ("Neck", True, True)
    assert roll.outcome["trauma"] == 12  # 8 + the neck's 2 + a critical location's 2
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"RES": 1}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Neck</strong> (d% 97: the attacker's choice) — a critical location" in page
    assert "Kai hits Ren in the neck" in page


def test_the_form_offers_the_aims_and_the_choice(gm_client, zg, kai, ren):
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Head &amp; neck (-2)" in page
    assert "Eye (-6)" in page
    assert "Left abdomen/groin" in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"aim": "head_neck", "choice": "left leg"}, "must be a part on the head &amp; neck column"),
        ({"aim": "tail"}, "Select a valid choice"),
    ],
)
def test_a_choice_off_the_aims_column_is_refused_and_rolls_nothing(gm_client, zg, kai, ren, changes, message):
    response = attack(gm_client, zg, kai, ren, {"HTTP_HX_REQUEST": "true"}, **changes)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roll.objects.filter(kind="zener_attack").exists()
    kai.refresh_from_db()
    assert kai.sheet.get("damage", {}).get("end_spent", 0) == 0


def test_the_rules_page_publishes_the_columns_reading(player_client, zg):
    rules = rules_page(player_client)
    assert "the Face band is the eye" in rules
    assert "head &amp; neck: skull 1–10, face 11–21, neck 22–28" in rules
    assert "the left chest when its d12 shows 1–3" in rules
