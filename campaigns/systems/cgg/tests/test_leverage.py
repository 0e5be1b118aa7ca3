"""Leverage at the table: the player calls a leverage from the sheet into their roll as an
assist, and pays one hour or the leverage loses 1D; below 0D it leaves the sheet."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import crisis_clock
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet

pytestmark = pytest.mark.django_db


def explorer_with(campaign, player, code):
    sheet = default_sheet()
    sheet["attributes"] = sheet["attributes"] | {"technical": "3d"}
    sheet["leverage"] = [{"purpose": "Starship Repair", "code": code}]
    return Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet=sheet)


def roll_with(player_client, campaign, explorer, status=200, **data):
    call = cgg.call_for_action(
        campaign, character=explorer, attribute="technical", difficulty=Difficulty(base_dice=8, success_dice=0)
    )
    page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert f"Starship Repair {explorer.sheet['leverage'][0]['code']}" in page  # offered on the card
    response = player_client.post(reverse("cgg_roll", args=[campaign.pk, call.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == status
    call.refresh_from_db()
    explorer.refresh_from_db()
    return call, response.content.decode()


def test_paying_one_hour_keeps_the_leverage(player_client, cgg_campaign, player, script_dice):
    explorer = explorer_with(cgg_campaign, player, "2d+2")
    hours = crisis_clock(explorer).hours
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="hour")
    assert call.state["risk_code"] == "3d+2"  # 3d, plus 2d+2's two dice as pips
    assert crisis_clock(explorer).hours == hours - 1
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+2"}]
    page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "3d +Leverage Starship Repair 2d+2 (paid one hour) = risk 3d+2" in page


def test_losing_a_die_shrinks_the_leverage(player_client, cgg_campaign, player, script_dice):
    explorer = explorer_with(cgg_campaign, player, "2d+2")
    hours = crisis_clock(explorer).hours
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="die")
    assert call.state["risk_code"] == "3d+2"
    assert crisis_clock(explorer).hours == hours
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "1d+2"}]
    assert "(lost 1D: 1d+2 left)" in player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()


def test_leverage_below_0d_expires(player_client, cgg_campaign, player, script_dice):
    explorer = explorer_with(cgg_campaign, player, "0d+2")
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="die")
    assert call.state["risk_code"] == "3d"  # 0d+2 has no dice to lend as pips
    assert explorer.sheet["leverage"] == []
    assert "(lost 1D: expired)" in player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()


def test_the_assisted_code_dice_are_success_dice(player_client, cgg_campaign, player, script_dice):
    # 3d assisted by 3d+1: the higher 3d+1, plus 3 pips = 4d+1; its 4 dice come off the Exec's 8d, as Edge's do.
    explorer = explorer_with(cgg_campaign, player, "3d+1")
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="die")
    assert (call.state["risk_code"], call.state["success_dice"]) == ("4d+1", 4)
    assert len(call.state["exec_faces"]) == 4
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+1"}]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"leverage": "5", "leverage_cost": "hour"}, "Choose a leverage from the explorer&#x27;s sheet."),
        ({"leverage": "0", "leverage_cost": ""}, "pay one hour or the leverage loses 1D"),
    ],
)
def test_bad_leverage_is_refused_and_changes_nothing(player_client, cgg_campaign, player, data, message):
    explorer = explorer_with(cgg_campaign, player, "2d+2")
    hours = crisis_clock(explorer).hours
    call, page = roll_with(player_client, cgg_campaign, explorer, status=422, **data)
    assert message in page
    assert call.status == RollCall.Status.PENDING
    assert crisis_clock(explorer).hours == hours
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+2"}]


def test_a_clock_in_crisis_cannot_pay_for_leverage(player_client, cgg_campaign, player, gm):
    explorer = explorer_with(cgg_campaign, player, "2d+2")
    cgg.adjust_clock(explorer, gm, pay=crisis_clock(explorer).hours, reason="Crisis")
    call, page = roll_with(player_client, cgg_campaign, explorer, status=422, leverage="0", leverage_cost="hour")
    assert "The explorer is in crisis: no hours can be paid" in page
    assert call.status == RollCall.Status.PENDING
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+2"}]
