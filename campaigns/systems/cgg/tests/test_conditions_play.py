"""The last core conditions at the table: Crippling Wound, Dire Injury, Troubled, Augmented,
Transcendent, and the conditions in the Exec's odds and the player's code before the roll."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests import test_conditions as base
from campaigns.systems.cgg.tests.fixtures import call_form, exec_call, new_explorer, table_page
from rules.cgg.action import action_chances
from rules.cgg.codes import DieCode
from rules.cgg.difficulty import Difficulty

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]
_call, _roll, give = base._call, base._roll, base.give


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes=base.ATTRIBUTES, tracks=base.TRACKS)


def tension(client, campaign, op, **data):
    return client.post(reverse("cgg_tension", args=[campaign.pk]), {"op": op, **data}, HTTP_HX_REQUEST="true")


def test_crippling_wound_needs_its_attribute_and_that_code_loses_1d(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    bad = give(gm_client, cgg_campaign, explorer, core="Crippling Wound")
    assert bad.status_code == 422
    assert "Crippling Wound: choose the attribute whose die code loses 1D." in bad.content.decode()
    assert give(player_client, cgg_campaign, explorer, core="Crippling Wound", attribute="strength").status_code == 404
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == []
    assert give(gm_client, cgg_campaign, explorer, core="Crippling Wound", attribute="strength").status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Crippling Wound [Strength]"]
    assert explorer.sheet["marked"]["harm"] == 3
    made = _call(cgg_campaign, explorer, attribute="strength")
    before = "Before the roll (tension mode, conditions): 2d+1 Crippling Wound: -1D Strength = risk 1d+1."
    assert before in table_page(player_client, cgg_campaign)  # the player's risk code before the roll
    assert before in table_page(gm_client, cgg_campaign)
    script_dice(2, 9, 9, 9, 9)  # 1d+1 risk; 5d - 1 = four Exec dice
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert (made.state["risk_code"], made.state["success_dice"]) == ("1d+1", 1)
    assert "Crippling Wound: -1D Strength" in table_page(player_client, cgg_campaign)
    other = _call(cgg_campaign, explorer, attribute="dexterity")
    script_dice(2, 2, 2, 9, 9)
    _roll(player_client, cgg_campaign, other)
    other.refresh_from_db()
    assert other.state["risk_code"] == "3d+1"


def test_the_execs_odds_include_the_conditions(gm_client, cgg_campaign, explorer):
    give(gm_client, cgg_campaign, explorer, core="Crippling Wound", attribute="strength")
    url = reverse("cgg_odds", args=[cgg_campaign.pk])
    query = call_form(explorer, "strength")
    page = gm_client.get(url, query).content.decode()
    found = action_chances(Difficulty(base_dice=5, success_dice=1), DieCode(1, 1))
    unchanged = action_chances(Difficulty(base_dice=5, success_dice=2), DieCode(2, 1))
    assert found.success != unchanged.success
    assert page == gm_client.get(url, query).content.decode()
    from django.template.loader import render_to_string

    from campaigns.systems.cgg.chart import cgg_chart

    expected = render_to_string(
        "systems/cgg/odds.html",
        {
            "chances": found,
            "code": DieCode(1, 1),
            "difficulty": Difficulty(base_dice=5, success_dice=1),
            "chart": cgg_chart(found),
        },
    )
    assert page.strip() == expected.strip()


def test_troubled_the_exec_pays_on_the_call_and_failed_failure_dice_are_rerolled(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    refused = exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Troubled"])
    assert refused.status_code == 422
    assert "Troubled: the explorer has no such condition" in refused.content.decode()
    give(gm_client, cgg_campaign, explorer, core="Troubled")
    assert exec_call(player_client, cgg_campaign, explorer, exec_conditions=["Troubled"]).status_code == 404
    assert exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Troubled"]).status_code == 200
    made = RollCall.objects.get()
    hours = crisis_clock(explorer).hours
    bad = _roll(player_client, cgg_campaign, made, condition_pay=["Troubled"])  # the Exec's, not the player's
    assert bad.status_code == 302
    made.refresh_from_db()
    assert made.state == {}
    assert crisis_clock(explorer).hours == hours
    script_dice(2, 2, 2, 2, 9, 1)  # 3d+1; two Exec dice [2, 9]; Troubled rerolls the 9: 1
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert made.state["exec_faces"] == [2, 1]
    assert made.state["condition_exec_faces"] == [2, 9]
    page = table_page(player_client, cgg_campaign)
    assert "Troubled: the Exec rerolls the failed failure dice" in page
    assert "conditions rerolled" not in page
    assert "Your dice [2, 1] (conditions rerolled [2, 9])" in table_page(gm_client, cgg_campaign)


def test_transcendent_is_the_players_on_perception_and_knowledge_only(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    give(gm_client, cgg_campaign, explorer, core="Transcendent")
    on_dex = _call(cgg_campaign, explorer)
    assert "Transcendent: pay one" not in table_page(player_client, cgg_campaign)
    _roll(player_client, cgg_campaign, on_dex, condition_pay=["Transcendent"])
    on_dex.refresh_from_db()
    assert on_dex.state == {}
    RollCall.objects.filter(pk=on_dex.pk).update(status=RollCall.Status.CANCELLED)
    made = _call(cgg_campaign, explorer, attribute="knowledge", base_dice=4)  # Knowledge 2d: two Exec dice
    assert "Transcendent: pay one" in table_page(player_client, cgg_campaign)
    hours = crisis_clock(explorer).hours
    script_dice(2, 2, 1, 9, 8)  # Exec dice [1, 9]: the Failure (1) is rerolled: 8
    _roll(player_client, cgg_campaign, made, condition_pay=["Transcendent"])
    made.refresh_from_db()
    assert made.state["exec_faces"] == [8, 9]
    assert crisis_clock(explorer).hours == hours - 1
    assert "Transcendent: paid one, the Exec rerolls the failure dice" in table_page(player_client, cgg_campaign)
    assert exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Transcendent"]).status_code == 422


def test_augmented_lasts_until_tension_ends(gm_client, player_client, cgg_campaign, explorer, script_dice):
    give(gm_client, cgg_campaign, explorer, core="Augmented")
    assert tension(gm_client, cgg_campaign, "start", bleakness="bad").status_code == 200
    made = _call(cgg_campaign, explorer)
    assert "Augmented: pay one" in table_page(player_client, cgg_campaign)
    script_dice(2, 2, 2, 2, 9)  # 4d+1; 5d - 4: one Exec die
    _roll(player_client, cgg_campaign, made, condition_pay=["Augmented"])
    made.refresh_from_db()
    assert made.state["risk_code"] == "4d+1"
    explorer.refresh_from_db()
    assert explorer.sheet["tension_conditions"] == {"Augmented": True}
    RollCall.objects.filter(pk=made.pk).update(status=RollCall.Status.CANCELLED)
    again = _call(cgg_campaign, explorer, attribute="strength")
    page = table_page(player_client, cgg_campaign)
    assert "Augmented: pay one" not in page  # already paid this tension sequence
    assert "Augmented: +1D until tension ends" in page
    RollCall.objects.filter(pk=again.pk).update(status=RollCall.Status.CANCELLED)
    assert tension(gm_client, cgg_campaign, "end").status_code == 200
    explorer.refresh_from_db()
    assert "tension_conditions" not in explorer.sheet


def test_dire_injury_cancels_the_action_and_takes_1d_until_tension_ends(
    gm_client, player_client, other_client, cgg_campaign, explorer, script_dice
):
    give(gm_client, cgg_campaign, explorer, core="Dire Injury")
    outside = exec_call(gm_client, cgg_campaign, explorer, attribute="strength", exec_conditions=["Dire Injury"])
    assert outside.status_code == 422
    assert "Dire Injury lasts until the end of tension" in outside.content.decode()
    give(gm_client, cgg_campaign, explorer, core="Troubled")
    both = exec_call(gm_client, cgg_campaign, explorer, exec_conditions=["Dire Injury", "Troubled"])
    assert "Dire Injury cancels the action: pay for it alone." in both.content.decode()
    tension(gm_client, cgg_campaign, "start", bleakness="bad")
    hours = crisis_clock(explorer).hours
    ok = exec_call(gm_client, cgg_campaign, explorer, attribute="strength", exec_conditions=["Dire Injury"])
    assert ok.status_code == 200
    assert not RollCall.objects.exists()  # the action is cancelled
    assert crisis_clock(explorer).hours == min(hours + 1, 12)
    assert "The Exec pays one for Mara Vell&#x27;s Dire Injury: the action is cancelled" in table_page(
        other_client, cgg_campaign
    )
    made = _call(cgg_campaign, explorer, attribute="strength")
    assert "Dire Injury: -1D Strength until tension ends" in table_page(player_client, cgg_campaign)
    script_dice(2, 9, 9, 9, 9)
    _roll(player_client, cgg_campaign, made)
    made.refresh_from_db()
    assert made.state["risk_code"] == "1d+1"
    assert Roll.objects.filter(kind="cgg_condition", outcome__change="dire").count() == 1


def test_enhanced_after_a_roll_with_venture_succeed_or_avoid_fallout_once(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    give(gm_client, cgg_campaign, explorer, core="Enhanced")
    made = _call(cgg_campaign, explorer)
    url = reverse("cgg_enhanced", args=[cgg_campaign.pk, made.pk])
    script_dice(6, 2, 2, 1, 9)  # one Venture; the Exec's dice [1, 9]: one Failure
    _roll(player_client, cgg_campaign, made)
    assert "Avoid fallout" in table_page(player_client, cgg_campaign)
    assert "Avoid fallout" not in table_page(gm_client, cgg_campaign)
    hours = crisis_clock(explorer).hours
    assert gm_client.post(url, {"choice": "succeed"}, HTTP_HX_REQUEST="true").status_code == 404  # the player's
    bad = player_client.post(url, {"choice": "both"}, HTTP_HX_REQUEST="true")
    assert "Enhanced: choose to succeed or to avoid fallout (not both)." in bad.content.decode()
    made.refresh_from_db()
    assert "enhanced" not in made.state
    assert crisis_clock(explorer).hours == hours
    assert player_client.post(url, {"choice": "succeed"}, HTTP_HX_REQUEST="true").status_code == 200
    again = player_client.post(url, {"choice": "avoid"}, HTTP_HX_REQUEST="true")
    assert "Enhanced is paid once a roll." in again.content.decode()
    assert crisis_clock(explorer).hours == hours - 1
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {})
    gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {"uses": ["CANT_DO_IT"]})
    roll = Roll.objects.get(kind="cgg")
    assert roll.outcome["enhanced"] == "succeed"
    assert "Enhanced: paid one, succeeds" in table_page(player_client, cgg_campaign)
    from campaigns.systems.cgg.kind import action_from

    assert action_from(roll.request, roll.outcome).success


def test_enhanced_needs_venture_rolled(gm_client, player_client, cgg_campaign, explorer, script_dice):
    give(gm_client, cgg_campaign, explorer, core="Enhanced")
    made = _call(cgg_campaign, explorer)
    script_dice(2, 2, 2, 1, 9)
    _roll(player_client, cgg_campaign, made)
    assert "Avoid fallout" not in table_page(player_client, cgg_campaign)
    url = reverse("cgg_enhanced", args=[cgg_campaign.pk, made.pk])
    refused = player_client.post(url, {"choice": "avoid"}, HTTP_HX_REQUEST="true")
    assert "Enhanced is paid after a roll with Venture, before the Wrench." in refused.content.decode()
