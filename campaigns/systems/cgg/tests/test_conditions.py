"""Conditions at the table (issue 21): the Exec gives and removes them, the sheet and the whole
table see them with their codes and track marks, and their automatic effects change the numbers."""

import pytest
from django.urls import reverse

from campaigns import actions
from campaigns.models import Membership, Roll
from campaigns.systems.cgg import actions as cgg
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def cgg_campaign(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Centaurus", system="cgg", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


@pytest.fixture
def explorer(cgg_campaign, player):
    sheet = default_sheet()
    sheet["attributes"] = sheet["attributes"] | {"dexterity": "3d+1", "strength": "2d+1", "knowledge": "2d"}
    sheet["tracks"] = {"harm": 3, "persuasion": 11, "alteration": 10}
    return Character.objects.create(campaign=cgg_campaign, owner=player, name="Mara Vell", sheet=sheet)


def table(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk])).content.decode()


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
        page = table(client, cgg_campaign)
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
    give(gm_client, cgg_campaign, explorer, core="Crippling Wound")  # HI3 on a 3-dot Harm track
    page = table(player_client, cgg_campaign)
    assert "The explorer is incapacitated." in page
    url = reverse("cgg_condition", args=[cgg_campaign.pk, explorer.pk])
    assert gm_client.post(url, {"op": "remove", "index": "0"}, HTTP_HX_REQUEST="true").status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == []
    assert explorer.sheet["marked"]["harm"] == 0
    assert "Mara Vell no longer has Crippling Wound (HI3)." in table(player_client, cgg_campaign)
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
        "dexterity": "3d+1", "strength": "2d+1", "perception": "2d", "knowledge": "2d", "technical": "2d",
        "mechanical": "2d", "roles": "Pilot", "abilities": "", "aspects": "", "gear": "", "endeavors": "",
        "harm_dots": "3", "persuasion_dots": "11", "alteration_dots": "10",
        "harm_marked": "0", "persuasion_marked": "0", "alteration_marked": "0",
        "conditions": "Eager", "leverage": "", "notes": "",
    }  # fmt: skip
    response = player_client.post(edit, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Painful Harm"]
    assert explorer.sheet["marked"]["harm"] == 1


def test_an_older_sheets_free_text_conditions_stay_readable(gm_client, player_client, cgg_campaign, explorer):
    explorer.sheet |= {"conditions": ["Sleepy", "Surface Wound"]}
    explorer.save()
    page = table(player_client, cgg_campaign)
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
    page = table(player_client, cgg_campaign)
    assert "Mara Vell now has Surface Wound (HI1)." in page
    assert "Harm 1/3" in page


def test_hindered_counts_fallout_one_grade_higher(gm_client, player_client, cgg_campaign, explorer, script_dice):
    give(gm_client, cgg_campaign, explorer, core="Hindered")
    rolled = _fallout(gm_client, player_client, cgg_campaign, explorer, script_dice, (1, 5, 5))
    assert rolled.outcome["grade"] == "Major"  # one die below 4: Moderate, and Hindered: Major
    page = table(player_client, cgg_campaign)
    assert "Hindered: fallout counted one grade higher" in page
