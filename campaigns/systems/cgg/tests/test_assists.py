"""What combines into the explorer's code when they roll for a call (seed: "Risk Roll Modifiers",
"Leverage Die Codes"): the sheet's gear with a code, an assisting explorer named by the Exec or
the player, a special rule's bonus pips, and leverage, all at once; the card shows the build to
the whole table."""

import html
import re

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests.fixtures import exec_call, exec_odds, new_explorer, table_page, wrench
from rules.cgg.difficulty import Difficulty

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def kit():
    return {
        "gear": ["Armour jacket 3d", "Armour shirt 2d", "Scanner"],
        "leverage": [{"purpose": "Starship Repair", "code": "2d+2"}],
    }


@pytest.fixture
def explorer(cgg_campaign, player, kit):
    return new_explorer(cgg_campaign, player, attributes={"strength": "2d", "technical": "3d"}, **kit)


def call_strength(campaign, explorer, **extra):
    """Base 8d: the code's dice come off as success dice, the rest are the Exec's."""
    return cgg.call_for_action(
        campaign, character=explorer, attribute="strength", difficulty=Difficulty(base_dice=8, success_dice=0), **extra
    )


def roll(client, campaign, made, status=200, **data):
    response = client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == status, response.content.decode()
    made.refresh_from_db()
    return html.unescape(response.content.decode())


def confirm(client, campaign, made, **data):
    """The Exec confirms the gear the player ticked; the roll is made then."""
    response = client.post(reverse("cgg_confirm_gear", args=[campaign.pk, made.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()
    made.refresh_from_db()


def page(client, campaign):
    return html.unescape(table_page(client, campaign))


def test_gear_combines_all_at_once_as_the_seed_counts(
    gm_client, player_client, other_client, cgg_campaign, explorer, script_dice
):
    # Seed: "3d Armor jacket, 2d Armor shirt, and 2d strength, that would be 3d + 4 pips = 4d + 1".
    made = call_strength(cgg_campaign, explorer)
    offered = page(player_client, cgg_campaign)
    assert 'value="0"> Armour jacket 3d' in offered
    assert 'value="1"> Armour shirt 2d' in offered
    assert "Scanner" not in offered.split("Gear that applies")[1].split("</fieldset>")[0]  # no code, not offered
    roll(player_client, cgg_campaign, made, gear=["0", "1"])  # the Exec confirms the gear first
    script_dice(2, 3, 4, 5, *[1] * 6)  # 4d+1 risk; gear is the risk roll's alone: the Exec's 8 - 2 = 6 dice
    confirm(gm_client, cgg_campaign, made, gear=["0", "1"])
    assert (made.state["risk_code"], made.state["success_dice"]) == ("4d+1", 2)
    assert len(made.state["exec_faces"]) == 6
    wrench(player_client, made)
    result = Roll.objects.get(kind="cgg")
    assert result.outcome["risk_code"] == "4d+1"
    built = "Strength 2d +Gear Armour jacket 3d +Gear Armour shirt 2d = risk 4d+1"
    for client in (gm_client, player_client, other_client):
        shown = page(client, cgg_campaign)
        assert built in shown
        assert '<strong class="total">15</strong>' in shown  # 2+3+4+5, plus the pip


def test_a_special_rules_bonus_pips(player_client, cgg_campaign, explorer, script_dice):
    # Seed: "+5 BP and 2d = 3d+2".
    made = call_strength(cgg_campaign, explorer)
    script_dice(1, 1, 1, *[1] * 5)
    roll(player_client, cgg_campaign, made, bonus_pips="5")
    assert made.state["risk_code"] == "3d+2"
    assert made.state["risk_faces"] == [1, 1, 1]
    assert "Strength 2d +5 BP = risk 3d+2" in page(player_client, cgg_campaign)


def test_the_execs_call_names_an_assisting_explorer_and_bonus_pips(
    gm_client, player_client, other_client, cgg_campaign, explorer, helper, script_dice
):
    response = exec_call(
        gm_client, cgg_campaign, explorer, "strength", 8, assist=helper.pk, assist_attribute="strength", bonus_pips="2"
    )
    assert response.status_code == 200
    made = RollCall.objects.get()
    assert made.request["assist"] == {"character": helper.pk, "name": "Kade", "attribute": "strength"}
    assert "The Exec adds: Kade assists with Strength; +2 BP." in page(player_client, cgg_campaign)
    # 2d with jacket 3d and Kade's Strength 2d+1: 3d + 2 + 2 pips = 4d+1; +2 BP = 5d. Without the
    # gear (the risk roll's alone): 2d+1 + 2 pips = 3d, +2 BP = 3d+2: 3 success dice, the Exec's 5.
    roll(player_client, cgg_campaign, made, gear=["0"])
    script_dice(6, 2, 2, 2, 2, *[1] * 5)
    confirm(gm_client, cgg_campaign, made, gear=["0"])
    assert (made.state["risk_code"], made.state["success_dice"]) == ("5d", 3)
    built = "Strength 2d +Gear Armour jacket 3d +Kade's Strength 2d+1 → 4d+1 +2 BP = risk 5d"
    assert built in page(player_client, cgg_campaign)  # the player's card, before the Wrench
    wrench(player_client, made)
    gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {}, HTTP_HX_REQUEST="true")
    assert Roll.objects.get(kind="cgg").outcome["risk_code"] == "5d"
    for client in (gm_client, player_client, other_client):
        assert built in page(client, cgg_campaign)


def test_the_player_names_an_assisting_explorer_and_uses_leverage_at_once(
    player_client, cgg_campaign, explorer, helper, script_dice
):
    # Technical 3d, Kade's Technical 3d and leverage 2d+2: 3d + 3 + 2 pips = 4d+2, in one combination.
    made = cgg.call_for_action(
        cgg_campaign, character=explorer, attribute="technical", difficulty=Difficulty(base_dice=8, success_dice=0)
    )
    script_dice(*[1] * 8)
    roll(
        player_client,
        cgg_campaign,
        made,
        helper=str(helper.pk),
        helper_attribute="technical",
        leverage="0",
        leverage_cost="die",
    )
    assert made.state["risk_code"] == "4d+2"
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "1d+2"}]
    assert "Technical 3d +Kade's Technical 3d +Leverage Starship Repair 2d+2 (lost 1D: 1d+2 left) = risk 4d+2" in page(
        player_client, cgg_campaign
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"gear": ["9"]}, "Choose gear with a die code from the explorer's sheet."),
        ({"gear": ["2"]}, "Choose gear with a die code from the explorer's sheet."),  # the Scanner has no code
        ({"gear": ["x"]}, "Choose gear with a die code from the explorer's sheet."),
        ({"bonus_pips": "-1"}, "Bonus pips are 0 to 30."),
        ({"bonus_pips": "31"}, "Bonus pips are 0 to 30."),
        ({"bonus_pips": "two"}, "Bonus pips are 0 to 30."),
        ({"helper": "SELF", "helper_attribute": "strength"}, "Choose another explorer of this campaign to assist."),
        ({"helper": "99999", "helper_attribute": "strength"}, "Choose another explorer of this campaign to assist."),
        ({"helper": "HELPER"}, "Say which attribute the assisting explorer helps with."),
        ({"helper": "HELPER", "helper_attribute": "charm"}, "Say which attribute the assisting explorer helps with."),
        ({"gear": ["9"], "leverage": "0", "leverage_cost": "hour"}, "Choose gear with a die code"),
        (
            {
                "bonus_pips": "30",
                "helper": "HELPER",
                "helper_attribute": "strength",
                "leverage": "0",
                "leverage_cost": "die",
            },
            "at most 20 dice",
        ),
    ],
)
def test_bad_assists_are_refused_and_change_nothing(
    player_client, cgg_campaign, explorer, helper, data, message, script_dice
):
    data = {
        key: value.replace("SELF", str(explorer.pk)).replace("HELPER", str(helper.pk))
        if isinstance(value, str)
        else value
        for key, value in data.items()
    }
    explorer.sheet["attributes"]["strength"] = "10d"
    explorer.save()
    hours = crisis_clock(explorer).hours
    made = call_strength(cgg_campaign, explorer)
    script_dice(*[1] * 30)
    shown = roll(player_client, cgg_campaign, made, status=422, **data)
    assert message in shown
    assert made.status == RollCall.Status.PENDING
    assert not made.state
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+2"}]
    assert crisis_clock(explorer).hours == hours


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"assist": "SELF", "assist_attribute": "strength"}, "An explorer cannot assist their own action"),
        ({"assist": "HELPER"}, "Say which attribute the assisting explorer helps with."),
        ({"assist": "99999", "assist_attribute": "strength"}, "Choose another explorer of this campaign to assist."),
        ({"bonus_pips": "31"}, "Bonus pips"),
    ],
)
def test_the_execs_bad_assist_is_refused(gm_client, cgg_campaign, explorer, helper, extra, message):
    extra = {
        key: value.replace("SELF", str(explorer.pk)).replace("HELPER", str(helper.pk)) for key, value in extra.items()
    }
    response = exec_call(gm_client, cgg_campaign, explorer, "strength", 8, **extra)
    assert response.status_code == 422
    assert message in html.unescape(response.content.decode())
    assert not RollCall.objects.exists()


def test_the_execs_odds_count_the_calls_assist_and_pips(gm_client, cgg_campaign, explorer, helper):
    # Strength 2d with Kade's Strength 2d+1 (2d+1 highest, +2 pips = 3d) and +3 BP: 4d against base 5d, 1 die.
    shown = exec_odds(
        gm_client, cgg_campaign, explorer, "strength", assist=helper.pk, assist_attribute="strength", bonus_pips="3"
    )
    assert "4d against a 5d difficulty: 1 difficulty die remains after the explorer's 4:" in shown
    assert "success <strong>70.00%</strong>" in shown


def test_the_execs_next_call_starts_on_the_same_explorer(gm_client, cgg_campaign, explorer, helper):
    """Play-test: each call's fresh form went back to the first explorer in the list."""
    response = exec_call(gm_client, cgg_campaign, helper, "strength", 8, label="Lift the gate")
    assert response.status_code == 200
    form = response.content.decode().partition('id="cgg-call-form"')[2].partition("</form>")[0]
    assert re.search(rf'<option value="{helper.pk}" selected>', form)
    assert "Lift the gate" not in form
