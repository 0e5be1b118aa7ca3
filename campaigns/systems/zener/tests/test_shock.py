"""Shock and unconsciousness at the table:
the app rolls the CON save, the sheet keeps the character's state, the GM's missed action wakes them."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import explorer
from campaigns.systems.zener.tests.fights import attack
from rules import RulesError

pytestmark = pytest.mark.django_db


@pytest.fixture
def kai(zg, player):
    """The rifleman: ACC 10 (foundation 7), a 2d6 rifle."""
    return explorer(zg, player, "Kai", weapons=[{"name": "Rifle", "damage": "2d6"}])


@pytest.fixture
def ren(zg, other_player):
    """The seed's target: armour 5 and a Shock Threshold of 6 (HP 2 x CON 7 + RES 6 + NIM 10 = 30)."""
    return explorer(zg, other_player, "Ren", {"CON": 7, "RES": 6}, armour=5)


def _shoot(gm_client, zg, kai, ren):
    return attack(gm_client, zg, kai, ren, weapon="Rifle", armour="")


# Seed, "Damage & Recovery": the rifle rolls 8 (4, 4), the chest adds 1 trauma, armour 5: 4 trauma; shock
# 2 + the d6 (4) + 2 from the chest = 8, "exceeding the SHOCK threshold of the target by 2"; the chest's d8 "gets a
# 4, so the character loses 1 point of RES". To hit: 7 + 2 ranks - Defense -4 (RES 6 - 15 + 5) = 13; 9 hits.
# The chest's d12 (after the d%) shows 12: it "did not strike a Critical Location".
HIT = (2, 3, 4, 20, 12, 4, 4, 4, 4)


def test_the_seeds_damage_example_end_to_end(gm_client, player_client, other_client, zg, kai, ren, script_dice):
    # The CON save at -2 (CON 7: 4d6 at or under 5) fails on 12; "The character fails and rolls a 6; adding the
    # modifiers shown results in a 4. The character is unconscious for 10 seconds".
    script_dice(*HIT, 3, 3, 3, 3, 6)
    assert _shoot(gm_client, zg, kai, ren).status_code == 302
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["trauma"], roll.outcome["shock"], roll.outcome["stat_damage"]) == (4, 8, ["RES"])
    assert roll.outcome["save"] | {} == {"faces": [3, 3, 3, 3], "total": 12, "target": 5, "success": False, "over": 2}
    assert (roll.outcome["out_roll"], roll.outcome["out_index"], roll.outcome["unconscious"]) == (6, 4, "10 seconds")
    ren.refresh_from_db()
    assert ren.sheet["damage"] | {} == {"trauma": 4, "shock": 8, "end_spent": 0, "stats": {"RES": 1}, "rest_days": 0}
    assert (ren.sheet["state"], ren.sheet["out_for"]) == ("unconscious", "10 seconds")
    for client in (gm_client, player_client):
        page = client.get(reverse("table", args=[zg.pk])).content.decode()
        # Each die a chip, the verdicts badges.
        save = '<span class="faces">' + " ".join(['<span class="die die-kept">3</span>'] * 4) + "</span>"
        assert f"CON save at −2: 4d6 → {save} = <strong>12</strong> against 5" in page
        assert '<strong class="outcome outcome-fail">✘ failed</strong>' in page
        assert "attack on Ren (Defense -4): 3d6 → " in page
        assert '<strong class="outcome outcome-ok">✔ hit</strong>' in page
        assert "Ren is unconscious for 10 seconds</strong> (d10 6 − 4 + 2 = 4 on the time chart)" in page
        assert "Ren fails the CON save at -2. Ren is unconscious for 10 seconds." in page  # the log's sentence
        # the panel, for the GM and the table
        panel = client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
        assert '<strong>Ren</strong> <strong class="fail">UNCONSCIOUS</strong> (for 10 seconds)' in panel
    sheet = other_client.get(reverse("character_edit", args=[zg.pk, ren.pk])).content.decode()
    assert "State: unconscious for 10 seconds." in sheet
    # "He recovers 1/3 of the shock damage inflicted, rounding up, i.e. 3 points, at the end of that missed round,
    # and since he was at -2, he awakens with 1 point of Shock Threshold" (SHK 6, RES 5 in play: HP 29, SHK 6).
    response = gm_client.post(reverse("zener_skip_action", args=[zg.pk]), {"character": ren.pk, "wake": "on"})
    assert response.status_code == 302
    ren.refresh_from_db()
    assert (ren.sheet["damage"]["shock"], ren.sheet["state"], ren.sheet.get("out_for")) == (5, "conscious", None)
    missed = Roll.objects.get(kind="zener_shock")
    assert missed.outcome == {"recovered": 3, "shock": 5, "woke": True, "threshold_left": 1}
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert "wakes</strong> with 1 point of Shock Threshold" in page
    panel = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "<strong>Ren</strong>: " in panel  # awake: the panel names no state (only the unconscious, dying, dead)
    assert "State: conscious." in other_client.get(reverse("character_edit", args=[zg.pk, ren.pk])).content.decode()


def test_a_made_save_inflicts_half_the_d6_and_the_locations_shock(gm_client, zg, kai, ren, script_dice):
    # "If the character had succeeded in his save, the amount shown on the additional d6 would have been halved to
    # 2, and the base shock from the Trauma not counted, inflicting 2 +2 from hit location shock".
    script_dice(*HIT, 1, 1, 1, 1)
    _shoot(gm_client, zg, kai, ren)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["save"]["success"], roll.outcome["shock_rolled"], roll.outcome["shock"]) == (True, 8, 4)
    assert roll.outcome["unconscious"] == ""
    ren.refresh_from_db()
    assert (ren.sheet["damage"]["shock"], ren.sheet.get("state", "conscious")) == (4, "conscious")  # none: conscious


def test_shock_over_hp_in_all_knocks_out_for_d10_minus_7_minutes(gm_client, zg, kai, ren, script_dice):
    kai.sheet = {**kai.sheet, "weapons": [{"name": "Rifle", "damage": "1d6"}]}
    kai.save()
    ren.sheet = {**ren.sheet, "damage": {**ren.sheet["damage"], "shock": 28}}
    ren.save()
    # The chest's d12 12: not critical. The rifle's 1 + 1 - 5: no trauma, so no stat; shock 0 + the d6 1 + 2 = 3,
    # within SHK 6 (no save). 28 + 3 = 31 is over HP 30: d10 9 - 7 = index 2 on the time chart, x2: 2 minutes.
    script_dice(2, 3, 4, 20, 12, 1, 1, 9)
    _shoot(gm_client, zg, kai, ren)
    roll = Roll.objects.get(kind="zener_attack")
    assert "save" not in roll.outcome
    assert (roll.outcome["over_hp"], roll.outcome["out_roll"], roll.outcome["unconscious"]) == (31, 9, "2 minutes")
    ren.refresh_from_db()
    assert (ren.sheet["state"], ren.sheet["out_for"]) == ("unconscious", "2 minutes")


def test_a_missed_action_with_nothing_to_recover_is_refused_and_changes_nothing(gm_client, zg, ren):
    response = gm_client.post(
        reverse("zener_skip_action", args=[zg.pk]), {"character": ren.pk, "wake": "on"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert "Ren has no shock to recover and is not unconscious." in response.content.decode()
    assert not Roll.objects.exists()


def test_a_sheet_edit_keeps_the_state_and_a_bad_state_is_refused(zg):
    sheet = zg.rules_system.validate_sheet(
        {"stats": {}, "int_dice": [3, 3], "state": "unconscious", "out_for": "10 seconds"}
    )
    assert (sheet["state"], sheet["out_for"]) == ("unconscious", "10 seconds")
    with pytest.raises(RulesError, match="A character is conscious, unconscious, dying, dead"):
        zg.rules_system.validate_sheet({"stats": {}, "int_dice": [3, 3], "state": "asleep"})
