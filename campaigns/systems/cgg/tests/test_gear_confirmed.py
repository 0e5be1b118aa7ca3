"""Gear on a risk roll: the player ticks it, the Exec confirms (or strikes) what applies before any
die is rolled, in one click on the call's card; by default the gear combines into the risk roll
only, and the campaign's setting may let it add success dice too (/rules/#cgg-gear-reading,
/rules/#cgg-gear-confirmed)."""

import html
import re

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.cgg.tests.fixtures import exec_call, new_explorer, table_page
from campaigns.templatetags.dice import percent
from rules.cgg.action import action_chances
from rules.cgg.codes import parse_code
from rules.cgg.difficulty import Difficulty

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def explorer(cgg_campaign, player):
    gear = ["Armour jacket 3d", "Armour shirt 2d", "Scanner"]
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "4d"}, gear=gear)


def call_the_vault(gm_client, campaign, explorer):
    """Dexterity 4d against a 5d vault: one difficulty die, 70% success."""
    assert exec_call(gm_client, campaign, explorer, label="Vault the fence").status_code == 200
    return RollCall.objects.get()


def post(client, name, campaign, made, status=200, **data):
    response = client.post(reverse(name, args=[campaign.pk, made.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == status, response.content.decode()
    made.refresh_from_db()
    return html.unescape(response.content.decode())


def page(client, campaign):
    return html.unescape(table_page(client, campaign))


def test_the_exec_confirms_the_gear_before_the_dice(
    gm_client, player_client, other_client, cgg_campaign, explorer, script_dice
):
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    script_dice()  # no die may be rolled before the Exec's word
    shown = post(player_client, "cgg_roll", cgg_campaign, made, gear=["0", "1"], bonus_pips="0")
    assert made.status == RollCall.Status.PENDING
    assert not made.state
    assert "Waiting for the Exec to confirm your gear (Armour jacket 3d, Armour shirt 2d)" in shown
    exec_page = page(gm_client, cgg_campaign)
    assert "The player asks for gear: untick what does not apply" in exec_page
    assert "the player asks for gear; confirm what applies" in exec_page  # the Needs you strip
    assert "untick what does not apply" not in page(other_client, cgg_campaign)
    # Armour does not help a vault: the Exec keeps the shirt only (4d + 2 pips = 4d+2), in one click.
    script_dice(1, 2, 3, 4, 9)
    post(gm_client, "cgg_confirm_gear", cgg_campaign, made, gear=["1"])
    assert made.state["risk_code"] == "4d+2"
    assert made.state["success_dice"] == 4  # the risk roll only, by default
    assert made.state["exec_faces"] == [9]
    assert Roll.objects.get(kind="cgg").outcome["risk_code"] == "4d+2"  # no Venture: published at once
    for client in (gm_client, player_client, other_client):
        shown = page(client, cgg_campaign)
        assert "Dexterity 4d +Gear Armour shirt 2d = risk 4d+2" in shown
        assert "Gear the Exec struck: Armour jacket 3d." in shown


def test_gear_on_the_risk_roll_leaves_the_success_dice_by_default(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    # 4d with the jacket 3d and the shirt 2d: 4d + 5 pips = 5d+2 for risk; success stays 4d: one Exec die.
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    post(player_client, "cgg_roll", cgg_campaign, made, gear=["0", "1"])
    script_dice(1, 1, 1, 1, 1, 2)
    post(gm_client, "cgg_confirm_gear", cgg_campaign, made, gear=["0", "1"])
    assert (made.state["risk_code"], made.state["success_dice"]) == ("5d+2", 4)
    assert len(made.state["exec_faces"]) == 1


def test_the_campaign_may_let_gear_add_success_dice(gm_client, player_client, cgg_campaign, explorer, script_dice):
    settings = reverse("campaign_settings", args=[cgg_campaign.pk])
    assert "The risk roll only (the seed's armour example)" in html.unescape(gm_client.get(settings).content.decode())
    assert gm_client.post(settings, {"gear_reading": "1", "tension_players": "1"}).status_code == 302
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    post(player_client, "cgg_roll", cgg_campaign, made, gear=["0", "1"])
    script_dice(1, 1, 1, 1, 1)
    post(gm_client, "cgg_confirm_gear", cgg_campaign, made, gear=["0", "1"])
    # 5d+2 stands for the code: 5 success dice against the 5d vault, a trivial success.
    assert (made.state["risk_code"], made.state["success_dice"]) == ("5d+2", 5)
    assert made.state["exec_faces"] == []


def test_a_player_cannot_skip_the_exec_and_bad_confirmations_change_nothing(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    script_dice()
    assert "Only" not in post(player_client, "cgg_roll", cgg_campaign, made, gear=["0"])
    # Gear the player did not tick, a call not waiting, a player confirming: refused, nothing rolled.
    shown = post(gm_client, "cgg_confirm_gear", cgg_campaign, made, status=422, gear=["1"])
    assert "Confirm only gear the player ticked." in shown
    player_client.post(reverse("cgg_confirm_gear", args=[cgg_campaign.pk, made.pk]), {"gear": ["0"]})
    assert made.status == RollCall.Status.PENDING
    assert not made.state
    assert made.request["held"]["gear"] == [0]


def test_the_cards_one_click_answer_with_gear_waits_for_the_exec_too(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    script_dice()
    data = {"roll": "attribute:dexterity", "gear": "0", "bonus_pips": "0"}
    response = player_client.post(
        reverse("card_roll", args=[cgg_campaign.pk, explorer.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert "your gear waits for the Exec's word" in html.unescape(response.content.decode())
    made.refresh_from_db()
    assert (made.status, made.state, made.request["held"]["gear"]) == (RollCall.Status.PENDING, {}, [0])
    script_dice(1, 1, 1, 1, 9)
    post(gm_client, "cgg_confirm_gear", cgg_campaign, made, gear=[])  # the jacket struck
    assert made.state["risk_code"] == "4d"
    assert Roll.objects.get(kind="cgg").request["gear_struck"] == ["Armour jacket 3d"]


def words(shown: str) -> str:
    return re.sub(r"<[^>]+>", "", shown)


def odds_line(success_dice: int, code: str) -> str:
    """The card's words for the vault's odds (5d, base risk) with this risk code and success dice, from the
    rules' exact odds (tests/rules/test_cgg_odds.py holds them to brute force)."""
    chances = action_chances(Difficulty(base_dice=5, success_dice=success_dice), parse_code(code))
    return (
        f"(risk {code}): success {percent(chances.success)} · risk avoided {percent(chances.risk_avoided)}"
        f" · both {percent(chances.both)}."
    )


def test_the_exec_confirms_the_gear_on_the_odds_with_it(gm_client, player_client, other_client, cgg_campaign, explorer):
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    post(player_client, "cgg_roll", cgg_campaign, made, gear=["0", "1"], bonus_pips="0")
    # 4d with the jacket 3d and the shirt 2d: 5d+2 for risk, 4 success dice (the risk roll only, by default).
    with_gear = "With Armour jacket 3d, Armour shirt 2d " + odds_line(4, "5d+2")
    without = "With no gear " + odds_line(4, "4d")
    assert with_gear != without.replace("With no gear", "With Armour jacket 3d, Armour shirt 2d")
    exec_page = words(page(gm_client, cgg_campaign))
    assert with_gear in exec_page
    assert without in exec_page
    for client in (player_client, other_client):  # the Exec's odds are the Exec's alone
        shown = words(page(client, cgg_campaign))
        assert "(risk 5d+2)" not in shown
        assert "With no gear" not in shown

    # The Exec unticks the jacket: the card asks for the odds with the shirt alone.
    odds = reverse("cgg_gear_odds", args=[cgg_campaign.pk, made.pk])
    shown = words(html.unescape(gm_client.get(odds, {"gear": ["1"]}, HTTP_HX_REQUEST="true").content.decode()))
    assert "With Armour shirt 2d " + odds_line(4, "4d+2") in shown
    shown = words(html.unescape(gm_client.get(odds, HTTP_HX_REQUEST="true").content.decode()))
    assert without in shown
    shown = words(html.unescape(gm_client.get(odds, {"gear": ["2"]}, HTTP_HX_REQUEST="true").content.decode()))
    assert "Confirm only gear the player ticked." in shown
    assert player_client.get(odds, {"gear": ["1"]}).status_code in (403, 404)
    made.refresh_from_db()
    assert (made.request["held"]["gear"], made.state) == ([0, 1], {})  # asking for odds changes nothing


def test_the_gear_odds_count_the_campaigns_gear_reading_and_the_players_pips(
    gm_client, player_client, cgg_campaign, explorer
):
    settings = reverse("campaign_settings", args=[cgg_campaign.pk])
    assert gm_client.post(settings, {"gear_reading": "1", "tension_players": "1"}).status_code == 302
    made = call_the_vault(gm_client, cgg_campaign, explorer)
    post(player_client, "cgg_roll", cgg_campaign, made, gear=["1"], bonus_pips="1")
    # 4d + the shirt 2d + 1 pip = 4d+3 = 5d: the code stands for the explorer's, 5 success dice against 5d.
    exec_page = words(page(gm_client, cgg_campaign))
    assert "With Armour shirt 2d " + odds_line(5, "5d") in exec_page
    assert "With no gear " + odds_line(4, "4d+1") in exec_page
