"""Conditions at the table: the Exec gives and removes them, the sheet and the whole
table see them with their codes and track marks, and their automatic effects change the numbers."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.tests.fixtures import exec_call, new_explorer, table_page
from rules.cgg.difficulty import Difficulty
from tests.sheet_rows import rows

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]

# Mara Vell's codes and track marks, which test_conditions_play plays with too.
ATTRIBUTES = {"dexterity": "3d+1", "strength": "2d+1", "knowledge": "2d"}
TRACKS = {"harm": 3, "persuasion": 11, "alteration": 10}


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes=ATTRIBUTES, tracks=TRACKS)


def give(client, campaign, explorer, **data):
    url = reverse("cgg_condition", args=[campaign.pk, explorer.pk])
    return client.post(url, {"op": "give", **data}, HTTP_HX_REQUEST="true")


def test_the_exec_gives_a_core_condition_and_everyone_sees_it(
    gm_client, player_client, other_client, cgg_campaign, explorer
):
    response = give(gm_client, cgg_campaign, explorer, core="Distracting Injury")
    assert response.status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Distracting Injury"]
    assert explorer.sheet["marked"]["harm"] == 2  # HI2: two Harm dots
    assert Roll.objects.get(kind="cgg_condition").outcome["code"] == "HI2"
    for client in (player_client, other_client):
        page = table_page(client, cgg_campaign)
        assert "Mara Vell now has Distracting Injury (HI2)." in page
        assert "Harm 2/3" in page
        assert "Give the condition" not in page


def test_a_custom_condition_needs_its_code_and_a_bad_one_changes_nothing(gm_client, cgg_campaign, explorer):
    bad = give(gm_client, cgg_campaign, explorer, name="Gravely Injured", code="XX9")
    assert bad.status_code == 422
    assert "custom condition needs its code" in bad.content.decode()
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == []
    assert not Roll.objects.filter(kind="cgg_condition").exists()
    assert give(gm_client, cgg_campaign, explorer, name="Gravely Injured", code="hi3").status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Gravely Injured (HI3)"]


def test_a_full_track_is_shown_to_everyone_and_the_exec_removes_a_condition(
    gm_client, player_client, cgg_campaign, explorer
):
    give(gm_client, cgg_campaign, explorer, core="Crippling Wound", attribute="strength")  # HI3: 3-dot Harm track
    page = table_page(player_client, cgg_campaign)
    assert "The explorer is incapacitated." in page
    sheet_page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    assert "Full: The explorer is incapacitated." in sheet_page
    url = reverse("cgg_condition", args=[cgg_campaign.pk, explorer.pk])
    assert gm_client.post(url, {"op": "remove", "index": "0"}, HTTP_HX_REQUEST="true").status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == []
    assert explorer.sheet["marked"]["harm"] == 0
    assert "Mara Vell no longer has Crippling Wound (HI3)." in table_page(player_client, cgg_campaign)
    again = gm_client.post(url, {"op": "remove", "index": "0"}, HTTP_HX_REQUEST="true")
    assert again.status_code == 422


def test_players_cannot_give_conditions_nor_change_them_on_their_sheet(
    gm_client, player_client, cgg_campaign, explorer
):
    assert give(player_client, cgg_campaign, explorer, core="Eager").status_code == 404
    give(gm_client, cgg_campaign, explorer, core="Painful Harm")
    explorer.refresh_from_db()
    edit = reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])
    form_page = player_client.get(edit).content.decode()
    assert "Painful Harm" in form_page
    data = {
        "name": "Mara Vell",
        "dexterity": "3d+1",
        "strength": "2d+1",
        "perception": "2d",
        "knowledge": "2d",
        "technical": "2d",
        "mechanical": "2d",
        **rows("roles", [{"text": "Pilot"}]),
        **rows("abilities", []),
        **rows("aspects", []),
        **rows("gear", []),
        **rows("endeavors", []),
        **rows("leverage", []),
        "harm_dots": "3",
        "persuasion_dots": "11",
        "alteration_dots": "10",
        "harm_marked": "0",
        "persuasion_marked": "0",
        "alteration_marked": "0",
        **rows("conditions", [{"text": "Eager"}]),
        "notes": "",
    }
    response = player_client.post(edit, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Painful Harm"]
    assert explorer.sheet["marked"]["harm"] == 1


def test_an_older_sheets_free_text_conditions_stay_readable(gm_client, player_client, cgg_campaign, explorer):
    explorer.sheet |= {"conditions": ["Sleepy", "Surface Wound"]}
    explorer.save()
    page = table_page(player_client, cgg_campaign)
    assert "Sleepy" in page
    assert "Surface Wound</strong> (HI1)" in page
    assert "Harm 1/3" in page


def _fallout(gm_client, player_client, campaign, explorer, script_dice, fallout_faces):
    """An action whose risk is not avoided, then its fallout (5d − Strength 2d+1: three d10)."""
    made = cgg.call_for_action(
        campaign,
        character=explorer,
        attribute="dexterity",
        difficulty=Difficulty(base_dice=5, success_dice=0, risk_bonus=20),
    )
    script_dice(2, 2, 2, 9, 9)
    player_client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]))
    player_client.post(reverse("cgg_wrench", args=[campaign.pk, made.pk]), {})
    action = Roll.objects.get(kind="cgg")
    script_dice(*fallout_faces)
    gm_client.post(reverse("cgg_fallout", args=[campaign.pk, action.pk]), {"arena": "material"}, HTTP_HX_REQUEST="true")
    return Roll.objects.get(kind="cgg_fallout")


def test_fallout_that_becomes_a_condition_lands_on_the_sheet(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    rolled = _fallout(gm_client, player_client, cgg_campaign, explorer, script_dice, (1, 5, 5))
    url = reverse("cgg_fallout", args=[cgg_campaign.pk, rolled.pk])
    bad = gm_client.post(url, {"becomes": "condition", "text": "Gravely Injured"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 422  # a custom condition needs its code: nothing recorded
    assert Roll.objects.filter(kind="cgg_fallout").count() == 1
    ok = gm_client.post(url, {"becomes": "condition", "text": "Surface Wound"}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Surface Wound"]
    page = table_page(player_client, cgg_campaign)
    assert "Mara Vell now has Surface Wound (HI1)." in page
    assert "Harm 1/3" in page


def test_hindered_counts_fallout_one_grade_higher(gm_client, player_client, cgg_campaign, explorer, script_dice):
    give(gm_client, cgg_campaign, explorer, core="Hindered")
    rolled = _fallout(gm_client, player_client, cgg_campaign, explorer, script_dice, (1, 5, 5))
    assert rolled.outcome["grade"] == "Major"  # one die below 4: Moderate, and Hindered: Major
    page = table_page(player_client, cgg_campaign)
    assert "Hindered: fallout counted one grade higher" in page


def _call(campaign, explorer, attribute="dexterity", base_dice=5):
    difficulty = Difficulty(base_dice=base_dice, success_dice=0, risk_bonus=0)
    return cgg.call_for_action(campaign, character=explorer, attribute=attribute, difficulty=difficulty)


def _roll(client, campaign, made, **data):
    return client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]), data)


def test_painful_harm_discards_the_first_venture_and_the_card_says_so(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    give(gm_client, cgg_campaign, explorer, core="Painful Harm")
    made = _call(cgg_campaign, explorer)
    script_dice(6, 6, 2, 9, 9)  # Dexterity 3d+1: two Venture rolled, one discarded; two Exec dice
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert made.state["venture_discarded"] == 1
    page = table_page(player_client, cgg_campaign)
    assert "<strong>1 Venture</strong>" in page
    assert "Painful Harm: first Venture discarded" in page


def test_questioning_counts_knowledge_one_die_higher_toward_the_difficulty(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    give(gm_client, cgg_campaign, explorer, core="Questioning")
    made = _call(cgg_campaign, explorer, attribute="knowledge", base_dice=4)  # Knowledge 2d: 3 toward 4d, 1 die left
    script_dice(2, 3, 9)
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert made.state["success_dice"] == 3
    assert made.state["exec_faces"] == [9]
    assert "Questioning: +1D toward the difficulty" in table_page(player_client, cgg_campaign)


def test_weakened_restrained_and_surface_wound_roll_their_chances(
    gm_client, player_client, other_client, cgg_campaign, explorer, script_dice
):
    for core in ("Weakened", "Restrained", "Surface Wound"):
        give(gm_client, cgg_campaign, explorer, core=core)
    made = _call(cgg_campaign, explorer)
    # Risk [6, 2, 2] (one Venture), Exec dice [9, 9] (no Failure), then Restrained's d10 8,
    # Weakened's d10 3 (+1 Failure), Surface Wound's d10 2 (becomes HI2): 1 to 3, as a difficulty die's Failure.
    script_dice(6, 2, 2, 9, 9, 8, 3, 2)
    _roll(player_client, cgg_campaign, made)
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {})
    gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {})
    roll = Roll.objects.get(kind="cgg")
    assert roll.outcome["condition_failures"] == 1
    explorer.refresh_from_db()
    assert "Surface Wound (HI2)" in explorer.sheet["conditions"]
    page = table_page(other_client, cgg_campaign)
    assert "Restrained: d10 8, no effect; Weakened: d10 3, +1 Failure; Surface Wound: d10 2, becomes HI2" in page
    assert "Mara Vell&#x27;s Surface Wound worsens to HI2." in page
    assert "Harm 2/3" in page  # HI2 now marks two Harm dots


def test_the_player_pays_one_for_eager_and_consumed_and_a_wrong_choice_changes_nothing(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    from campaigns.systems.cgg.clock import crisis_clock

    give(gm_client, cgg_campaign, explorer, core="Eager")
    give(gm_client, cgg_campaign, explorer, core="Consumed")
    made = _call(cgg_campaign, explorer)
    assert "Eager: pay one: +1D for this action" in table_page(player_client, cgg_campaign)
    bad = _roll(player_client, cgg_campaign, made, condition_pay=["Improved"])
    made.refresh_from_db()
    assert made.state == {}
    assert crisis_clock(explorer).hours == 12
    script_dice(2, 2, 2, 2, 9)  # 3d+1 +1D Eager: four risk dice, 5d − 4 = one Exec die
    _roll(player_client, cgg_campaign, made, condition_pay=["Eager", "Consumed"])
    made.refresh_from_db()
    assert (made.state["risk_code"], made.state["success_dice"]) == ("4d+1", 4)
    assert crisis_clock(explorer).hours == 10
    assert bad.status_code == 302


def test_consumed_unpaid_loses_a_die(gm_client, player_client, cgg_campaign, explorer, script_dice):
    give(gm_client, cgg_campaign, explorer, core="Consumed")
    made = _call(cgg_campaign, explorer)
    script_dice(2, 2, 9, 9, 9)  # 2d+1 risk, 5d − 2 = three Exec dice
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert (made.state["risk_code"], made.state["success_dice"]) == ("2d+1", 2)
    assert "Consumed: -1D" in table_page(player_client, cgg_campaign)


def test_the_exec_pays_one_on_the_call_for_confused_and_sees_the_conditions_there(
    gm_client, player_client, cgg_campaign, explorer, player, script_dice
):
    from campaigns.models import RollCall
    from campaigns.systems.cgg.clock import ClockChange, change_clock, crisis_clock

    change_clock(explorer, ClockChange(pay=3), actor=player, reason="setup")  # 9 of 12
    refused = exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Confused"])
    assert refused.status_code == 422
    assert "Confused: the explorer has no such condition" in refused.content.decode()
    assert not RollCall.objects.exists()
    assert crisis_clock(explorer).hours == 9

    give(gm_client, cgg_campaign, explorer, core="Confused")
    gm_page = table_page(gm_client, cgg_campaign)
    assert 'id="cgg-call-conditions"' in gm_page  # the call form lists each explorer's conditions
    assert "Mara Vell: Confused (PI1, impairs)" in gm_page
    assert exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Confused"]).status_code == 200
    assert crisis_clock(explorer).hours == 10  # the Exec's "pays one": the explorer's clock gains one
    made = RollCall.objects.get()
    script_dice(2, 2, 9, 9, 9)  # 3d+1 − 1D: two risk dice; 5d − 3: two Exec dice
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert (made.state["risk_code"], made.state["success_dice"]) == ("2d+1", 3)
    assert "Confused: -1D risk" in table_page(player_client, cgg_campaign)
