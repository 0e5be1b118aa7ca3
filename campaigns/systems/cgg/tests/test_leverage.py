"""Leverage at the table: the player calls a leverage from the sheet into their roll as an
assist, and pays one hour or the leverage loses 1D; below 0D it leaves the sheet."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet

pytestmark = pytest.mark.django_db


def explorer_with(campaign, player, code):
    leverage = [{"purpose": "Starship Repair", "code": code}]
    return new_explorer(campaign, player, attributes={"technical": "3d"}, leverage=leverage)


def roll_with(player_client, campaign, explorer, status=200, offered="", **data):
    call = cgg.call_for_action(
        campaign, character=explorer, attribute="technical", difficulty=Difficulty(base_dice=8, success_dice=0)
    )
    page = table_log(player_client, campaign)
    assert f"Starship Repair {explorer.sheet['leverage'][0]['code']}" in page  # offered on the card
    assert offered in page
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
    page = table_log(player_client, cgg_campaign)
    assert "3d +Leverage Starship Repair 2d+2 (paid one hour) = risk 3d+2" in page


def test_losing_a_die_shrinks_the_leverage(player_client, cgg_campaign, player, script_dice):
    explorer = explorer_with(cgg_campaign, player, "2d+2")
    hours = crisis_clock(explorer).hours
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="die")
    assert call.state["risk_code"] == "3d+2"
    assert crisis_clock(explorer).hours == hours
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "1d+2"}]
    assert "(lost 1D: 1d+2 left)" in table_log(player_client, cgg_campaign)


def test_leverage_below_0d_expires(player_client, cgg_campaign, player, script_dice):
    explorer = explorer_with(cgg_campaign, player, "0d+2")
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage="0", leverage_cost="die")
    assert call.state["risk_code"] == "3d"  # 0d+2 has no dice to lend as pips
    assert explorer.sheet["leverage"] == []
    assert "(lost 1D: expired)" in table_log(player_client, cgg_campaign)


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
        ({"leverage": "5", "leverage_cost": "hour"}, "Choose a leverage from an explorer&#x27;s sheet."),
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


def second_explorer(campaign, other_player, code="2d+2"):
    sheet = default_sheet()
    sheet["leverage"] = [{"purpose": "Bribery", "code": code}]
    return Character.objects.create(campaign=campaign, owner=other_player, name="Jon Tarr", sheet=sheet)


@pytest.mark.usefixtures("seat_other_player")
def test_any_players_leverage_can_be_called_in(player_client, cgg_campaign, player, other_player, script_dice):
    # "Once Leverage has been created, any player can call it into use for their explorer's action."
    explorer = explorer_with(cgg_campaign, player, "1d")
    other = second_explorer(cgg_campaign, other_player, "2d+2")
    mine, theirs = crisis_clock(explorer).hours, crisis_clock(other).hours
    script_dice(*[1] * 8)
    call, _ = roll_with(player_client, cgg_campaign, explorer, leverage=f"{other.pk}:0", leverage_cost="die")
    other.refresh_from_db()
    assert call.state["risk_code"] == "3d+2"
    assert other.sheet["leverage"] == [{"purpose": "Bribery", "code": "1d+2"}]  # the owner's sheet loses 1D
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "1d"}]
    assert (crisis_clock(explorer).hours, crisis_clock(other).hours) == (mine, theirs)
    page = table_log(player_client, cgg_campaign)
    assert "Jon Tarr&#x27;s Leverage Bribery 2d+2 (lost 1D: 1d+2 left)" in page


@pytest.mark.usefixtures("seat_other_player")
def test_anothers_leverage_paid_in_an_hour_off_the_rollers_clock(
    player_client, cgg_campaign, player, other_player, script_dice
):
    explorer = explorer_with(cgg_campaign, player, "1d")
    other = second_explorer(cgg_campaign, other_player)
    mine, theirs = crisis_clock(explorer).hours, crisis_clock(other).hours
    script_dice(*[1] * 8)
    offered = f'<option value="{other.pk}:0">Bribery 2d+2 (Jon Tarr)</option>'  # labelled with its owner
    call, _ = roll_with(
        player_client, cgg_campaign, explorer, offered=offered, leverage=f"{other.pk}:0", leverage_cost="hour"
    )
    other.refresh_from_db()
    assert call.state["risk_code"] == "3d+2"
    assert other.sheet["leverage"] == [{"purpose": "Bribery", "code": "2d+2"}]
    assert (crisis_clock(explorer).hours, crisis_clock(other).hours) == (mine - 1, theirs)


@pytest.mark.usefixtures("seat_other_player")
@pytest.mark.parametrize("choice", ["{other}:3", "{stranger}:0", "x:0", "{other}:"])
def test_a_bad_choice_of_anothers_leverage_is_refused(
    player_client, cgg_campaign, player, other_player, make_user, choice
):
    from campaigns.table import actions

    explorer = explorer_with(cgg_campaign, player, "1d")
    other = second_explorer(cgg_campaign, other_player)
    elsewhere = actions.create_campaign(make_user("elsewhere"), name="Elsewhere", system="cgg", settings={})
    stranger = second_explorer(elsewhere, elsewhere.gm)
    mine = crisis_clock(explorer).hours
    data = {"leverage": choice.format(other=other.pk, stranger=stranger.pk), "leverage_cost": "die"}
    call, page = roll_with(player_client, cgg_campaign, explorer, status=422, **data)
    assert "Choose a leverage from an explorer&#x27;s sheet." in page
    assert call.status == RollCall.Status.PENDING
    for who in (other, stranger):
        who.refresh_from_db()
        assert who.sheet["leverage"] == [{"purpose": "Bribery", "code": "2d+2"}]
    assert crisis_clock(explorer).hours == mine
