"""At the table: the Exec's risk grade on the call, and an Aspect called into play
making the Wrench free."""

import pytest
from django.urls import reverse

from campaigns.models import LedgerEntry, Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import ClockChange, change_clock, crisis_clock
from campaigns.systems.cgg.tests.fixtures import call_form, exec_call, new_explorer, table_log, wrench
from rules.cgg.difficulty import Difficulty, RiskLevel

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorer(cgg_campaign, player):
    aspects = ["Smuggler with a heart of gold"]
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "3d+1"}, aspects=aspects)


def call(campaign, explorer, risk=RiskLevel.BASE):
    difficulty = Difficulty(base_dice=5, success_dice=0, risk=risk)
    return cgg.call_for_action(campaign, character=explorer, attribute="dexterity", difficulty=difficulty)


def test_the_exec_calls_with_a_risk_grade_and_it_moves_the_target(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    response = gm_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), call_form(explorer, risk="extreme"))
    assert response.status_code == 302
    made = RollCall.objects.get()
    assert made.request["difficulty"]["risk"] == "extreme"
    script_dice(1, 2, 3, 9, 9)  # risk 3d+1 = 7; the Exec's two dice keep nothing
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    gm_card = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "extreme risk" in gm_card
    assert "risk target 13" in gm_card  # 5d: the table's 10, +3 for extreme
    player_page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "extreme risk" not in player_page  # the grade is the Exec's secret


def test_minimal_risk_lowers_the_target(gm_client, player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer, RiskLevel.MINIMAL)
    script_dice(1, 2, 3, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    assert "risk target 7" in gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()


def test_an_unknown_risk_grade_is_refused(gm_client, cgg_campaign, explorer):
    response = exec_call(gm_client, cgg_campaign, explorer, risk="deadly")
    assert response.status_code == 422
    assert not RollCall.objects.exists()


def test_an_aspect_called_into_play_makes_the_wrench_free(
    player_client, gm_client, cgg_campaign, explorer, player, script_dice
):
    change_clock(explorer, ClockChange(pay=11), actor=player, reason="setup")  # 1 hour left
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 1, 2, 2, 4)  # two Venture; the last die is "time to get serious"
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    card = table_log(player_client, cgg_campaign)
    assert "Smuggler with a heart of gold" in card
    assert 'value="TIME_TO_GET_SERIOUS"' in card  # free with the Aspect, though the clock has 1 hour
    response = player_client.post(
        reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]),
        {"uses": ["THAT_WAS_CLOSE", "TIME_TO_GET_SERIOUS"], "aspect": "Smuggler with a heart of gold"},
    )
    assert response.status_code == 302
    assert crisis_clock(explorer).hours == 1  # nothing paid
    assert LedgerEntry.objects.filter(reason__startswith="Wrench").count() == 0
    roll = Roll.objects.get()
    assert roll.outcome["aspect"] == "Smuggler with a heart of gold"
    log = table_log(player_client, cgg_campaign)
    assert "Aspect called into play: Smuggler with a heart of gold (Wrench free)" in log


def test_an_aspect_not_on_the_sheet_is_refused_and_changes_nothing(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 1, 2, 2)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    response = wrench(player_client, made, uses=["THAT_WAS_CLOSE"], aspect="Jedi Knight")
    assert response.status_code == 422
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN
    assert crisis_clock(explorer).hours == 12


def test_without_an_aspect_the_wrench_still_pays(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 1, 2, 2)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {"uses": ["THAT_WAS_CLOSE"]})
    assert crisis_clock(explorer).hours == 11


def test_the_exec_panel_offers_the_four_risk_grades(gm_client, cgg_campaign, explorer):
    panel = table_log(gm_client, cgg_campaign)
    for grade in ("No risk", "Minimal risk (table risk -3)", "Limited risk (the table&#x27;s risk)", "Extreme risk"):
        assert grade in panel
