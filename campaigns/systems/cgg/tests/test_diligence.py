"""Diligence rolls from the Centaurus Gate panel, and tension mode's Ready!, with the seed's
numbers ("Diligence Rolls": the total becomes pips; a third, rounded up, onto an existing code)."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"technical": "3d", "perception": "2d+1"})


def diligence(client, campaign, **data):
    return client.post(reverse("cgg_diligence", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_player_rolls_diligence_and_the_card_shows_total_and_pips(player_client, cgg_campaign, explorer, script_dice):
    script_dice(6, 4, 4)  # Analysis: Technical 3d; the six is discarded, 8 pips
    response = diligence(player_client, cgg_campaign, character=explorer.pk, diligence="analysis", purpose="Repair")
    assert response.status_code == 200
    roll = Roll.objects.get(kind="cgg_diligence")
    assert roll.character == explorer
    assert roll.outcome["total"] == 8
    assert roll.outcome["leverage"] == "2d+2"
    page = table_log(player_client, cgg_campaign)
    assert 'id="cgg-diligence-form"' in page  # the form is on the player's panel
    assert "Diligence (Analysis, Technical 3d)" in page
    assert "8 pips" in page
    assert 'Leverage towards Repair: <strong class="outcome outcome-ok">2d+2</strong>' in page
    assert '<span class="die die-dropped" title="discarded">6' in page  # the dice as chips
    assert page.count('<span class="die die-kept">4</span>') == 2


def test_the_leverage_goes_to_the_sheet_with_its_goal(player_client, cgg_campaign, explorer, script_dice):
    script_dice(6, 4, 4)  # 8 pips: 2d+2
    diligence(player_client, cgg_campaign, character=explorer.pk, diligence="analysis", purpose="Starship Repair")
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == [{"purpose": "Starship Repair", "code": "2d+2"}]
    page = table_log(player_client, cgg_campaign)
    assert "Leverage towards Starship Repair: 2d+2" in page  # the panel lists the sheet's leverage


def test_onto_an_existing_code_a_third_rounded_up(gm_client, cgg_campaign, explorer, script_dice):
    explorer.sheet["leverage"] = [{"purpose": "Starship Repair", "code": "2d+2"}, {"purpose": "Escape", "code": "1d"}]
    explorer.save()
    script_dice(3, 2, 2)  # the GM rolls for the player; Research on Knowledge 2d... overridden to Technical
    response = diligence(
        gm_client,
        cgg_campaign,
        character=explorer.pk,
        diligence="research",
        attribute="technical",
        purpose=" starship repair ",
    )
    assert response.status_code == 200
    roll = Roll.objects.get(kind="cgg_diligence")
    assert (roll.outcome["total"], roll.outcome["bonus_pips"], roll.outcome["leverage"]) == (7, 3, "3d+2")
    assert roll.request["existing"] == "2d+2"
    assert roll.author.pk == cgg_campaign.gm_id
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == [
        {"purpose": "Starship Repair", "code": "3d+2"},
        {"purpose": "Escape", "code": "1d"},
    ]
    page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "A third, rounded up: +3 pips onto 2d+2 →" in page


def test_bad_input_changes_nothing(player_client, other_client, cgg_campaign, explorer, script_dice):
    script_dice(1, 1, 1)
    refused = diligence(other_client, cgg_campaign, character=explorer.pk, diligence="analysis", purpose="Repair")
    assert refused.status_code == 422
    assert "your own explorer" in refused.content.decode()
    refused = diligence(player_client, cgg_campaign, character=explorer.pk, diligence="analysis")
    assert refused.status_code == 422
    assert "Name the leverage&#x27;s goal" in refused.content.decode()
    refused = diligence(
        player_client, cgg_campaign, character=explorer.pk, diligence="analysis", ready="on", purpose="Repair"
    )
    assert refused.status_code == 422
    assert "Tension mode is not on" in refused.content.decode()
    assert not Roll.objects.filter(kind="cgg_diligence").exists()
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == []


def test_outsider_and_wrong_method(outsider_client, player_client, cgg_campaign, explorer):
    assert diligence(outsider_client, cgg_campaign, character=explorer.pk, diligence="analysis").status_code == 404
    assert player_client.get(reverse("cgg_diligence", args=[cgg_campaign.pk])).status_code == 405


def test_ready_with_a_cue_makes_things_worse_and_adds_a_die(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    tension = reverse("cgg_tension", args=[cgg_campaign.pk])
    gm_client.post(tension, {"op": "start", "bleakness": "horrible", "explorer": explorer.pk}, HTTP_HX_REQUEST="true")
    gm_client.post(tension, {"op": "pitfall", "name": "The reactor blows", "tension": "9"}, HTTP_HX_REQUEST="true")
    form = table_log(player_client, cgg_campaign)
    # The player names the pitfall from the list, not by its place in it ("number, from 0").
    assert re.search(r'<select name="pitfall"[^>]*>\s*<option value="" selected>\(no cue\)</option>', form)
    assert '<option value="0">The reactor blows</option>' in form
    dice_before = TensionScene.objects.get(campaign=cgg_campaign).state["dice"]
    script_dice(2, 2, 2)  # Interrogation: Perception 2d+1, +1d for the cue: 3d+1
    response = diligence(
        player_client,
        cgg_campaign,
        character=explorer.pk,
        diligence="interrogation",
        ready="on",
        cue="on",
        pitfall="0",
        purpose="Escape",
    )
    assert response.status_code == 200
    roll = Roll.objects.get(kind="cgg_diligence")
    assert roll.outcome["code"] == "3d+1"
    assert roll.outcome["total"] == 7
    assert roll.outcome["leverage"] == "2d+1"
    state = TensionScene.objects.get(campaign=cgg_campaign).state
    assert state["dice"] == dice_before - 1
    assert state["pitfalls"][0]["tension"] == 10
    page = table_log(player_client, cgg_campaign)
    assert "<strong>Ready!</strong> Diligence (Interrogation, Perception 2d+1) +1d" in page
    assert "cued the Exec to make things worse" in page


@pytest.mark.parametrize(
    ("posted", "said"),
    [
        ({"pitfall": "²", "cue": "on"}, "Pitfall made worse"),
        ({"bonus_pips": "99999999999999999999"}, "Bonus pips from a special rule"),
    ],
)
def test_a_refused_diligence_number_is_named_and_shown_just_above_the_form(
    player_client, cgg_campaign, explorer, posted, said
):
    refused = diligence(
        player_client, cgg_campaign, character=explorer.pk, diligence="analysis", purpose="Repair", **posted
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    # Play-test: both said "Enter a whole number from 0 to 30.", at the panel's top under Crisis Clocks.
    message = re.search(r'<p class="error" role="alert">(.*?)</p>', html).group(1)
    assert message.startswith(said)
    assert message.endswith(": Enter a whole number from 0 to 30.")
    assert html.count('role="alert"') == 1
    # In one container with the form, where forms.js looks for the field to focus.
    assert re.search(r'<div class="cgg-diligence">\s*<p class="error" role="alert">' + re.escape(message), html)
    assert html.index(message) < html.index('id="cgg-diligence"') < html.index(message) + 200
