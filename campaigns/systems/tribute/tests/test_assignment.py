"""Profit and Waste assigned at the table (seed "Profit and Waste", "Getting Both"): a bonus
effect bought with Profit, Waste on a feature or as a complication, Profit cancelling Waste,
and a Match, through the player's assignment form (docs/tribute-rules.md)."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.tribute.tests.conftest import PUNCH, post_test, tribute_character
from tests.factories import table_and_panel

pytestmark = pytest.mark.django_db


@pytest.fixture
def hero(tribute, player):
    kick = {"name": "Kick", "rank": 1, "features": [{"name": "reach", "rank": 0}]}
    return tribute_character(tribute, player, "Vera", [PUNCH, {"name": "Shove", "rank": 5}, kick])


def both(client, campaign, hero, script_dice, opposition="0", effect="Punch"):
    """3 FOCUS 5, 5, 1 against 3 BURDEN 5, 5, 2, Might +1: result 1; the highest are equal, so the
    other 5 on each side is one Profit and one Waste (seed "Getting Both")."""
    script_dice(5, 5, 1, 5, 5, 2)
    answer = post_test(
        client, campaign, hero, focus="3", burden="3", effect=effect, opposition=opposition, label="Hit the ogre"
    )
    assert answer.status_code == 302
    return RollCall.objects.get()


def assign(client, campaign, call, data):
    return client.post(reverse("tribute_assign", args=[campaign.pk, call.pk]), data)


def test_profit_buys_the_bonus_effect_and_waste_lands_on_a_feature(player_client, tribute, hero, script_dice):
    call = both(player_client, tribute, hero, script_dice)
    assert (call.state["outcome"], call.state["profit"], call.state["waste"]) == ("win", 1, 1)
    form = table_and_panel(player_client, tribute)
    assert 'name="bonus" value="knockback"' in form
    assert 'name="cancelled"' in form
    assert 'name="complications"' in form
    assert assign(player_client, tribute, call, {"bonus": "knockback", "waste__range": "1"}).status_code == 302
    resolution = Roll.objects.get().outcome["resolution"]
    assert (resolution["ranks"], resolution["bonuses"]) == ([["damage", 2], ["range", 0]], ["knockback"])
    assert "Final ranks: damage 2, range 0" in table_and_panel(player_client, tribute)
    assert "bonus: knockback" in table_and_panel(player_client, tribute)


def test_waste_as_a_complication_for_the_gm(player_client, gm_client, tribute, hero, script_dice):
    call = both(player_client, tribute, hero, script_dice)
    assert assign(player_client, tribute, call, {"profit__damage": "1", "complications": "1"}).status_code == 302
    assert Roll.objects.get().outcome["resolution"]["complications"] == 1
    assert "1 complication for the GM" in table_and_panel(gm_client, tribute)


def test_profit_cancels_waste_one_for_one(player_client, tribute, hero, script_dice):
    call = both(player_client, tribute, hero, script_dice)
    assert assign(player_client, tribute, call, {"cancelled": "1"}).status_code == 302
    assert Roll.objects.get().outcome["resolution"]["ranks"] == [["damage", 2], ["range", 1]]
    assert "1 cancelled" in table_and_panel(player_client, tribute)


def test_waste_that_does_not_land_is_refused(player_client, tribute, hero, script_dice):
    call = both(player_client, tribute, hero, script_dice)
    response = player_client.post(
        reverse("tribute_assign", args=[tribute.pk, call.pk]), {"profit__damage": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert "All 1 Waste must land" in response.content.decode()
    assert not Roll.objects.exists()
    assert RollCall.objects.get().status == RollCall.Status.PLAYER_TURN


def test_a_match_gets_profit_and_waste_too(player_client, tribute, hero, script_dice):
    call = both(player_client, tribute, hero, script_dice, opposition="1")
    assert (call.state["outcome"], call.state["profit"], call.state["waste"]) == ("match", 1, 1)
    assert call.status == RollCall.Status.PLAYER_TURN
    assert assign(player_client, tribute, call, {"profit__damage": "1", "waste__damage": "1"}).status_code == 302
    assert Roll.objects.get().outcome["resolution"]["ranks"] == [["damage", 2], ["range", 1]]
    assert "✔ Match" in table_and_panel(player_client, tribute)


@pytest.mark.parametrize(
    ("effect", "data", "message"),
    [
        ("Shove", {"profit__Shove": "1", "complications": "1"}, "Profit can&#x27;t raise Shove beyond 5."),
        ("Kick", {"waste__reach": "1"}, "Waste can&#x27;t lower reach below 0."),
        ("Kick", {"profit__reach": "²"}, "Profit on reach: give a whole number from 0 to 20."),
        ("Kick", {"complications": "99"}, "Waste as complications: give a whole number from 0 to 20."),
    ],
)
def test_final_ranks_stay_0_to_5(player_client, tribute, hero, script_dice, effect, data, message):
    call = both(player_client, tribute, hero, script_dice, effect=effect)
    response = player_client.post(reverse("tribute_assign", args=[tribute.pk, call.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roll.objects.exists()
