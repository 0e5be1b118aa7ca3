"""A diligence roll in tension mode takes the Edge's +1d bonuses on its attribute ("for the
duration of this Tension Mode"), and any diligence roll takes assistance as a risk roll does:
gear from the sheet, an assisting explorer, leverage, bonus pips, combined at once; the card
shows each part to the whole table (/rules/#cgg-diligence-edge, /rules/#cgg-diligence-assists)."""

import html
import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_page
from characters.models import Character

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def kit():
    return {
        "gear": ["Climbing rig 3d", "Armour shirt 2d", "Scanner"],
        "leverage": [{"purpose": "Escape", "code": "1d"}],
    }


@pytest.fixture
def explorer(cgg_campaign, player, kit):
    """Perception 2d+1, Dexterity 2d (the default); Kade, the `helper`, assists with his Dexterity 2d."""
    return new_explorer(cgg_campaign, player, attributes={"perception": "2d+1"}, **kit)


def diligence(client, campaign, **data):
    response = client.post(reverse("cgg_diligence", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
    return html.unescape(response.content.decode())


def maneuvers(client, campaign, explorer, **assistance):
    """A Maneuvers diligence roll for the explorer, with this assistance (and its purpose)."""
    return diligence(client, campaign, character=explorer.pk, diligence="maneuvers", **assistance)


def tension(client, campaign, **data):
    response = client.post(reverse("cgg_tension", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()


def page(client, campaign):
    return html.unescape(table_page(client, campaign))


def test_ready_rolls_the_edges_bonus(gm_client, player_client, other_client, cgg_campaign, explorer, script_dice):
    tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=explorer.pk)
    tension(gm_client, cgg_campaign, op="bonus", explorer=explorer.pk, attribute="perception")
    assert "the Edge's +1d bonuses on the attribute count" in page(player_client, cgg_campaign)
    script_dice(2, 2, 3)  # Interrogation: Perception 2d+1 +1d Edge = 3d+1
    diligence(
        player_client, cgg_campaign, character=explorer.pk, diligence="interrogation", ready="on", purpose="The way out"
    )
    roll = Roll.objects.get(kind="cgg_diligence")
    assert (roll.outcome["code"], roll.outcome["total"], roll.outcome["leverage"]) == ("3d+1", 8, "2d+2")
    for client in (gm_client, player_client, other_client):
        assert "Diligence (Interrogation, Perception 2d+1 +1d Edge = 3d+1)" in page(client, cgg_campaign)
    # Once tension mode ends, so does the bonus.
    tension(gm_client, cgg_campaign, op="end")
    script_dice(1, 1)
    diligence(player_client, cgg_campaign, character=explorer.pk, diligence="interrogation", purpose="Calm")
    assert Roll.objects.filter(kind="cgg_diligence").latest("pk").outcome["code"] == "2d+1"


def test_assistance_combines_at_once_as_the_seed_counts(
    gm_client, player_client, other_client, cgg_campaign, explorer, helper, script_dice
):
    form = page(player_client, cgg_campaign)
    assert "Assistance: gear, an assisting explorer, leverage, bonus pips" in form
    assert f'value="{explorer.pk}:0"' in form
    assert "Climbing rig 3d" in form
    assert "Scanner" not in form.split("Gear that applies")[1].split("</div>")[0]  # no code, not offered
    hours = crisis_clock(explorer).hours
    # Maneuvers: Dexterity 2d, the rig 3d and Kade's Dexterity 2d: 3d + 4 pips = 4d+1 (the seed's armour
    # numbers); leverage 1d, paid one hour: 4d+2; +1 BP: 5d.
    script_dice(1, 2, 3, 4, 5)
    maneuvers(
        player_client,
        cgg_campaign,
        explorer,
        purpose="The climb",
        gear=[f"{explorer.pk}:0"],
        helper=helper.pk,
        helper_attribute="dexterity",
        leverage=f"{explorer.pk}:0",
        leverage_cost="hour",
        bonus_pips="1",
    )
    roll = Roll.objects.get(kind="cgg_diligence")
    assert (roll.outcome["code"], roll.outcome["total"]) == ("5d", 15)
    assert crisis_clock(explorer).hours == hours - 1
    built = (
        "Diligence (Maneuvers, Dexterity 2d +Gear Climbing rig 3d +Kade's Dexterity 2d"
        " +Leverage Escape 1d (paid one hour) +1 BP = 5d)"
    )
    for client in (gm_client, player_client, other_client):
        assert built in page(client, cgg_campaign)


def test_bad_assistance_is_refused_and_changes_nothing(player_client, cgg_campaign, explorer, helper):
    hours = crisis_clock(explorer).hours
    shown = maneuvers(player_client, cgg_campaign, explorer, purpose="Climb", helper=helper.pk)
    assert "Say which attribute the assisting explorer helps with." in shown
    shown = maneuvers(player_client, cgg_campaign, explorer, purpose="Climb", gear=[f"{helper.pk}:0"])
    assert "gear" in shown.lower()
    assert "own sheet" in shown
    shown = maneuvers(player_client, cgg_campaign, explorer, purpose="Climb", leverage=f"{explorer.pk}:0")
    assert "pay one hour or the leverage loses 1D" in shown
    assert not Roll.objects.filter(kind="cgg_diligence").exists()
    assert crisis_clock(explorer).hours == hours
    assert Character.objects.get(pk=explorer.pk).sheet["leverage"] == [{"purpose": "Escape", "code": "1d"}]


def test_a_player_is_not_offered_their_own_explorer_as_helper(player_client, cgg_campaign, explorer, helper):
    """The diligence form's "Assisting explorer" list never offers what the post would refuse: the roller."""
    form = page(player_client, cgg_campaign)
    helpers = re.search(r'<select name="helper"[^>]*>(.*?)</select>', form, re.S).group(1)
    assert f'value="{helper.pk}"' in helpers
    assert f'value="{explorer.pk}"' not in helpers
