"""Play-test faults: a refused turn step or spend says why beside its own form, and a player
sees only the turn forms they may use (the first-explorer choice for the Edge holder's player,
the pass-focus form for the focus holder's player); the Exec sees them all."""

import re

import pytest

from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import exec_call, table_page
from campaigns.systems.cgg.tests.test_rounds import tension, turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def started(gm_client, cgg_campaign, mara, jon):
    assert tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=mara.pk).status_code == 200
    return cgg_campaign


def _error_beside(html: str, message: str, form_marker: str) -> bool:
    """The message is inside the form holding `form_marker`."""
    forms = re.findall(r"<form.*?</form>", html, re.S)
    return any(form_marker in form and message in form for form in forms)


def test_first_choice_form_only_for_edge_player_and_exec(gm_client, player_client, other_client, started):
    assert 'value="first"' in table_page(player_client, started)  # Mara's player holds the Edge
    assert 'value="first"' in table_page(gm_client, started)
    assert 'value="first"' not in table_page(other_client, started)


def test_refused_first_choice_shows_beside_the_form(gm_client, other_client, started, jon):
    scene = TensionScene.objects.get(campaign=started)
    before = scene.state
    refused = turn(other_client, started, "first", jon)
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "chooses who goes first" in html
    scene.refresh_from_db()
    assert scene.state == before


def test_pass_form_only_for_focus_players_and_exec(gm_client, player_client, other_client, started, mara, jon):
    assert turn(player_client, started, "first", jon).status_code == 200
    assert turn(other_client, started, "idle", jon).status_code == 200  # Jon acts: his player passes
    assert 'value="pass"' in table_page(other_client, started)
    assert 'value="pass"' in table_page(gm_client, started)
    assert 'value="pass"' not in table_page(player_client, started)
    refused = turn(player_client, started, "pass", mara)
    assert refused.status_code == 422
    assert "The player of the explorer with the focus passes it." in refused.content.decode()


def test_refused_pass_by_exec_beside_the_pass_form(gm_client, player_client, other_client, started, mara, jon):
    assert turn(player_client, started, "first", jon).status_code == 200
    assert turn(other_client, started, "idle", jon).status_code == 200
    refused = turn(gm_client, started, "pass", jon)  # Jon has acted: not a choice
    assert refused.status_code == 422
    html = refused.content.decode()
    message = re.search(r'<p class="error" role="alert">(.*?)</p>', html).group(1)
    assert _error_beside(html, message, 'value="pass"')


def test_overspent_successes_refused_beside_the_spend_form(gm_client, started):
    assert tension(gm_client, started, op="pitfall", name="Reactor", tension="7").status_code == 200
    assert tension(gm_client, started, op="spin").status_code == 200
    got = TensionScene.objects.get(campaign=started).state["successes"]
    refused = tension(gm_client, started, op="spend", pitfall="0", slide=str(got + 5), spotlight="0")
    assert refused.status_code == 422
    html = refused.content.decode()
    message = re.search(r'<p class="error" role="alert">(.*?)</p>', html).group(1)
    assert _error_beside(html, message, 'value="spend"')


def test_broadcast_asks_each_player_for_their_own_turn_forms(player_client, other_client, started):
    from django.urls import reverse

    from campaigns.common.audience import Audience
    from campaigns.plugins.registry import panel_for
    from campaigns.table import live

    broadcast = panel_for(started, Audience.TABLE)
    assert broadcast.context["turn_forms_later"]
    url = reverse("cgg_turn_forms", args=[started.pk])
    assert 'value="first"' in player_client.get(url).content.decode()
    assert 'value="first"' not in other_client.get(url).content.decode()
    assert live  # the panel is sent with send_panel


def test_call_form_offers_only_conditions_an_explorer_holds(gm_client, cgg_campaign, mara, jon):
    mara.sheet = mara.sheet | {"conditions": ["Troubled"]}
    mara.save()
    html = table_page(gm_client, cgg_campaign)
    assert "Troubled (only if the explorer has it: Mara Vell)" in html
    assert (
        "Distracting Injury" not in html.split('id="cgg-call-form"')[1].split("</form>")[0]
    )  # the call form's own choices
    refused = exec_call(gm_client, cgg_campaign, jon, base_dice=8, exec_conditions=["Troubled"])
    assert refused.status_code == 422
    assert "Troubled: the explorer has no such condition" in refused.content.decode()


def test_diligence_form_offers_a_player_only_their_own_explorers(
    gm_client, player_client, other_client, cgg_campaign, mara, jon
):
    # The explorer rolling: any seated explorer may assist, so the rest of the form names them all.
    mine = table_page(other_client, cgg_campaign).split('id="cgg-diligence-form"')[1].split('name="character"')[1]
    mine = mine.split("</select>")[0]
    assert "Jon Ash" in mine
    assert "Mara Vell" not in mine
    exec_form = table_page(gm_client, cgg_campaign).split('id="cgg-diligence-form"')[1].split("</form>")[0]
    assert "Jon Ash" in exec_form
    assert "Mara Vell" in exec_form


@pytest.mark.parametrize("posted", ["²", "-3", "99999999999999999999", "7"])
def test_a_refused_stunt_die_count_names_its_field_whatever_was_typed(posted):
    from campaigns.systems.cgg.forms import StuntForm

    form = StuntForm({"mastery": "2", "moved": posted, "extra": "0"}, masteries=[("Piloting x2", 2)])
    assert not form.is_valid()
    assert form.errors["moved"] == ["Dice moved from risk to success: a whole number from 0 to 3."]


@pytest.mark.parametrize("posted", [{"name": "", "tension": "7"}, {"name": "Reactor", "tension": "²"}])
def test_a_refused_pitfall_shows_beside_its_form_kept_open(gm_client, started, posted):
    refused = tension(gm_client, started, op="pitfall", **posted)
    assert refused.status_code == 422
    html = refused.content.decode()
    message = re.search(r'<p class="error" role="alert">(.*?)</p>', html).group(1)
    # Just above the fold "Add a pitfall", open: not at the panel's top, away from what was typed; in one
    # container with it, where forms.js looks for the field to focus (it focused "Goes first").
    container = r'<div class="cgg-add-pitfall">\s*<p class="error" role="alert">'
    assert re.search(container + re.escape(message) + r'</p>\s*<details id="cgg-add-pitfall"[^>]* open>', html)
    assert html.count('role="alert"') == 1
