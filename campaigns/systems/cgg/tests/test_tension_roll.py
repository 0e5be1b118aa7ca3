"""Tension mode reaching the roll: the Edge player's +1d bonuses and the Exec's Spotlight
change the dice of the roll they belong to, show on the card, and end with tension mode."""

from html import unescape

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import exec_odds, new_explorer, table_log
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "4d+1"})


def tension(client, campaign, **data):
    response = client.post(reverse("cgg_tension", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()


def roll_dexterity(player_client, campaign, explorer):
    """The Exec calls for Dexterity at base 8d (the code's dice come off as success dice); the player rolls."""
    made = cgg.call_for_action(
        campaign, character=explorer, attribute="dexterity", difficulty=Difficulty(base_dice=8, success_dice=0)
    )
    assert player_client.post(reverse("cgg_roll", args=[campaign.pk, made.pk])).status_code == 302
    made.refresh_from_db()
    return made


def test_an_edge_bonus_changes_the_next_roll_and_shows_on_the_card(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=explorer.pk)
    tension(gm_client, cgg_campaign, op="pitfall", name="The reactor blows", tension="9")
    tension(gm_client, cgg_campaign, op="bonus", explorer=explorer.pk, attribute="dexterity")
    waiting = cgg.call_for_action(
        cgg_campaign, character=explorer, attribute="dexterity", difficulty=Difficulty(base_dice=8, success_dice=0)
    )
    table = reverse("table", args=[cgg_campaign.pk])
    assert "Roll 5d+1 for risk" in player_client.get(table).content.decode()  # before the roll, the card says so
    assert "4d+1 +1d Edge = risk 5d+1" in gm_client.get(table).content.decode()
    waiting.delete()

    script_dice(1, 2, 3, 4, 5, 1, 1, 1)  # 5 risk dice (4d+1 +1d), then 3 difficulty dice (8 - 5)
    made = roll_dexterity(player_client, cgg_campaign, explorer)
    assert made.state["risk_code"] == "5d+1"
    assert made.state["success_dice"] == 5
    assert made.state["risk_faces"] == [1, 2, 3, 4, 5]
    assert made.state["exec_faces"] == [1, 1, 1]
    for client in (player_client, gm_client):
        page = client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
        assert "4d+1 +1d Edge" in page

    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]))  # no Venture: published
    roll = Roll.objects.get(kind="cgg")
    page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert f'data-roll-id="{roll.pk}"' in page
    assert "Dexterity 4d+1 +1d Edge" in page


def test_the_bonus_expires_when_tension_ends(player_client, gm_client, cgg_campaign, explorer, script_dice):
    tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=explorer.pk)
    tension(gm_client, cgg_campaign, op="bonus", explorer=explorer.pk, attribute="dexterity")
    tension(gm_client, cgg_campaign, op="end")

    script_dice(1, 2, 3, 4, 1, 1, 1, 1)
    made = roll_dexterity(player_client, cgg_campaign, explorer)
    assert made.state["risk_code"] == "4d+1"
    assert "Edge" not in table_log(player_client, cgg_campaign)


def test_the_spotlight_hits_the_next_rounds_first_roll_once(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=explorer.pk)
    tension(gm_client, cgg_campaign, op="pitfall", name="The reactor blows", tension="9")
    script_dice(1, 2, 9)  # Bad's 2 dice, +1 for the player and the Exec: two successes
    tension(gm_client, cgg_campaign, op="spin")
    tension(gm_client, cgg_campaign, op="spend", spotlight="2")
    panel = reverse("table", args=[cgg_campaign.pk]) + "?tab=panel"  # the Spotlight is shown on the panel
    assert "−2D risk for next round's first actor" in player_client.get(panel).content.decode()
    tension(gm_client, cgg_campaign, op="round")
    assert "−2D risk on this round's first roll" in player_client.get(panel).content.decode()
    odds = exec_odds(gm_client, cgg_campaign, explorer, base_dice=8)
    # The Exec's odds name both codes: the Spotlight's -2d is off the risk roll, not the success dice.
    assert "2d+1 to roll for risk, 4D for success, against an 8d difficulty: 4 difficulty dice remain" in odds

    script_dice(1, 2, 1, 1, 1, 1)  # risk 2d+1 (4d+1 -2d), difficulty dice 8 - 4 (the success dice keep 4)
    first = roll_dexterity(player_client, cgg_campaign, explorer)
    assert (first.state["risk_code"], first.state["success_dice"]) == ("2d+1", 4)
    assert "4d+1 -2d Spotlight" in player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert TensionScene.objects.get().state["spotlight_due"] == 0
    assert "Spotlight: −" not in player_client.get(panel).content.decode()

    RollCall.objects.update(status=RollCall.Status.CANCELLED)
    script_dice(1, 2, 3, 4, 1, 1, 1, 1)
    second = roll_dexterity(player_client, cgg_campaign, explorer)
    assert second.state["risk_code"] == "4d+1"


def test_the_readings_are_published(client):
    page = client.get(reverse("rules_system", args=["cgg"])).content.decode()
    assert "Edge bonuses reach the roll" in page
    assert "The Spotlight" in page
    assert "Drama and Experience are clock hours" in page
    assert "Who counts for tension dice" in page


def call_dax_with_mara(campaign, dax, mara, **more):
    """The Exec calls Dax's Strength against base 5d, Mara assisting with her Dexterity."""
    difficulty = Difficulty(base_dice=5, success_dice=0)
    cgg.call_for_action(
        campaign, character=dax, attribute="strength", difficulty=difficulty, assist=(mara, "dexterity"), **more
    )


def roll_the_call(player_client, campaign) -> dict:
    """The player rolls the one waiting call; its state after the dice."""
    call = RollCall.objects.get()
    assert player_client.post(reverse("cgg_roll", args=[campaign.pk, call.pk])).status_code == 302
    call.refresh_from_db()
    return call.state


def test_the_spotlight_comes_off_after_an_assist(
    gm_client, player_client, player, other_player, cgg_campaign, seat_other_player, script_dice
):
    """Spin 3 successes all on Spotlight; next round the Exec calls Dax (Strength 2d+2, +1d Edge), base 5d,
    with Mara assisting with Dexterity 4d+1. 3d+2 and 4d+1 combine to 5d+1 (5 success dice); the
    Spotlight's -3d then comes off the risk roll alone: risk 2d+1, the success dice unchanged. Taken
    before the assist, the helper's 4d+1 replaced the penalised 0d+2: risk 4d+1 and 7 success dice."""
    dax_sheet = default_sheet()
    dax_sheet["attributes"] = dax_sheet["attributes"] | {"strength": "2d+2"}
    dax = Character.objects.create(campaign=cgg_campaign, owner=player, name="Dax", sheet=dax_sheet)
    mara_sheet = default_sheet()
    mara_sheet["attributes"] = mara_sheet["attributes"] | {"dexterity": "4d+1"}
    mara = Character.objects.create(campaign=cgg_campaign, owner=other_player, name="Mara Vell", sheet=mara_sheet)
    tension(gm_client, cgg_campaign, op="start", bleakness="doomed", explorer=dax.pk)
    tension(gm_client, cgg_campaign, op="pitfall", name="The reactor blows", tension="9")
    tension(gm_client, cgg_campaign, op="bonus", explorer=dax.pk, attribute="strength")
    script_dice(1, 2, 3, *[9] * 10)  # three successes, whatever the number of tension dice
    tension(gm_client, cgg_campaign, op="spin")
    assert TensionScene.objects.get().state["successes"] == 3
    tension(gm_client, cgg_campaign, op="spend", spotlight="3")
    tension(gm_client, cgg_campaign, op="round")

    call_dax_with_mara(cgg_campaign, dax, mara)
    table = reverse("table", args=[cgg_campaign.pk])
    card = "+Mara Vell's Dexterity 4d+1 → 5d+1 -3d Spotlight = risk 2d+1"
    assert card in unescape(gm_client.get(table).content.decode())  # the Exec's waiting card (pre_roll)
    assert "Roll 2d+1 for risk" in player_client.get(table).content.decode()

    script_dice(4, 5)  # the two risk dice; 5 success dice against base 5d leave no difficulty die
    state = roll_the_call(player_client, cgg_campaign)
    assert (state["risk_code"], state["success_dice"], state["exec_faces"]) == ("2d+1", 5, [])
    assert "Strength 2d+2 +1d Edge " + card in unescape(player_client.get(table).content.decode())


def test_confused_comes_off_after_an_assist_too(
    gm_client, player_client, player, other_player, cgg_campaign, seat_other_player, script_dice
):
    """Out of tension mode, the same order for a condition: Dax (Strength 2d+2) Confused, the Exec paying one
    for it on the call, with Mara's Dexterity 4d+1 assisting: the highest code plus Dax's two dice as pips is
    4d+3 = 5d (5 success dice); then Confused's -1D comes off the risk roll alone: risk 4d. Taken before,
    the penalised 1d+2 would have combined into 4d+2, and the penalty would have cost a success die."""
    dax = new_explorer(cgg_campaign, player, name="Dax", attributes={"strength": "2d+2"})
    mara = new_explorer(cgg_campaign, other_player, attributes={"dexterity": "4d+1"})
    given = reverse("cgg_condition", args=[cgg_campaign.pk, dax.pk])
    assert gm_client.post(given, {"op": "give", "core": "Confused"}, HTTP_HX_REQUEST="true").status_code == 200
    call_dax_with_mara(cgg_campaign, dax, mara, exec_pays=("Confused",))
    script_dice(4, 5, 2, 3)  # the four risk dice; 5 success dice against base 5d leave no difficulty die
    state = roll_the_call(player_client, cgg_campaign)
    assert (state["risk_code"], state["success_dice"], state["conditions"]) == ("4d", 5, ["Confused: -1D risk"])
    table = unescape(player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode())
    assert "Strength 2d+2 +Mara Vell's Dexterity 4d+1 → 5d -1D Confused = risk 4d" in table
