"""Tension mode run by the Exec on the Centaurus Gate panel, seen by the whole table."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import table_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


def step(client, campaign, **data):
    return client.post(reverse("cgg_tension", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def state(campaign):
    return TensionScene.objects.get(campaign=campaign).state


def test_a_round_of_tension(gm_client, player_client, cgg_campaign, explorer, script_dice):
    assert step(gm_client, cgg_campaign, op="start", bleakness="horrible", explorer=explorer.pk).status_code == 200
    assert state(cgg_campaign)["dice"] == 4  # horrible 3, +1 for two players
    step(gm_client, cgg_campaign, op="pitfall", name="The reactor blows", tension="9")
    step(gm_client, cgg_campaign, op="bonus", explorer=explorer.pk, attribute="dexterity")
    step(gm_client, cgg_campaign, op="edge", explorer=explorer.pk)
    assert TensionScene.objects.get(campaign=cgg_campaign).edge_holder == explorer
    step(gm_client, cgg_campaign, op="move", pitfall="0", delta="-2")
    step(gm_client, cgg_campaign, op="worse", pitfall="0")
    assert state(cgg_campaign)["pitfalls"] == [{"name": "The reactor blows", "tension": 8}]
    assert state(cgg_campaign)["dice"] == 3

    script_dice(1, 2, 9)
    step(gm_client, cgg_campaign, op="spin")
    spin = Roll.objects.get(kind="cgg_spin")
    assert spin.outcome == {"faces": [1, 2, 9], "successes": 2}
    log = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert '<span class="die die-kept" title="success">1' in log  # the dice as chips
    assert '<span class="die die-dropped" title="no success">9' in log
    assert '<strong class="outcome outcome-neutral">2 successes</strong>' in log
    response = step(gm_client, cgg_campaign, op="spend", slide="1", spotlight="2", pitfall="0")
    assert response.status_code == 422  # 3 successes spent, 2 rolled
    assert "spends 3" in response.content.decode()
    step(gm_client, cgg_campaign, op="spend", slide="2", pitfall="0")
    assert state(cgg_campaign)["pitfalls"][0]["tension"] == 10
    step(gm_client, cgg_campaign, op="round")
    assert state(cgg_campaign)["round"] == 2

    # the tension scene is the panel's (the log stands beside every tab of a player's table)
    page = table_log(player_client, cgg_campaign)
    assert "The reactor blows" in page
    assert "10/15" in page
    assert "Round 2" in page
    assert "successes to spend" in page  # the spin is in the log
    assert "Spin the world" not in page  # the Exec's controls are the Exec's

    step(gm_client, cgg_campaign, op="end")
    assert not TensionScene.objects.get(campaign=cgg_campaign).active


def test_players_cannot_run_tension(player_client, cgg_campaign):
    assert step(player_client, cgg_campaign, op="start", bleakness="bad").status_code == 404
    assert not TensionScene.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"op": "start", "bleakness": "cheerful"}, "how bleak"),
        ({"op": "pitfall", "name": "", "tension": "5"}, "Name the pitfall"),
        ({"op": "pitfall", "name": "Doom", "tension": "15"}, "from 1 to 14"),
        ({"op": "move", "pitfall": "7", "delta": "-1"}, "no such pitfall"),
        ({"op": "spend", "slide": "1", "pitfall": "0"}, "Spin the world first"),
        ({"op": "dance"}, "Unknown tension step"),
    ],
)
def test_bad_tension_steps_are_explained(gm_client, cgg_campaign, data, message):
    if data["op"] != "start":
        step(gm_client, cgg_campaign, op="start", bleakness="bad")
    before = TensionScene.objects.filter(campaign=cgg_campaign).values_list("state", flat=True).first()
    response = step(gm_client, cgg_campaign, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert TensionScene.objects.filter(campaign=cgg_campaign).values_list("state", flat=True).first() == before


def test_steps_need_tension_mode_on(gm_client, cgg_campaign):
    response = step(gm_client, cgg_campaign, op="round")
    assert "Tension mode is not on" in response.content.decode()


def test_a_spin_with_no_successes_offers_nothing_to_spend(gm_client, cgg_campaign, explorer, script_dice):
    """With no successes the panel offers no spend fields (any spend would be refused) but one click
    that clears the spin, so the next round can spin again; a refusal counts "1 success"."""
    step(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=explorer.pk)
    step(gm_client, cgg_campaign, op="pitfall", name="The reactor blows", tension="9")
    script_dice(*[9] * 10)  # no success, whatever the number of tension dice
    panel = step(gm_client, cgg_campaign, op="spin").content.decode()
    assert state(cgg_campaign)["successes"] == 0
    assert "The spin made no successes: nothing to spend." in panel
    assert "Spend 0 successes" not in panel
    assert 'name="spotlight"' not in panel
    refused = step(gm_client, cgg_campaign, op="spend", spotlight="1").content.decode()
    assert "That spends 1 success; the spin made 0." in refused
    step(gm_client, cgg_campaign, op="spend")
    step(gm_client, cgg_campaign, op="round")
    assert "Spin the world" in table_log(gm_client, cgg_campaign)
