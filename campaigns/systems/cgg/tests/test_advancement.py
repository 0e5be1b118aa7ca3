"""Centaurus Gate's advancement at the table: the Exec awards it, the player spends the pips on
the sheet within the budget (seed: "Advancements, Endeavors and Die Codes")."""

import pytest
from django.urls import reverse

from campaigns.systems.cgg.clock import ClockChange, change_clock, crisis_clock
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log
from campaigns.table import actions
from characters.models import Character

from .test_sheet import sheet_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"strength": "2d"})


def advancement(explorer, count, earned, endeavors=0, **more):
    """What the sheet keeps of the explorer's advancements, the attributes as they stand now its baseline."""
    return {"count": count, "earned": earned, "endeavors": endeavors, "baseline": explorer.sheet["attributes"], **more}


def award(client, campaign, explorer, **extra):
    return client.post(reverse("cgg_advance", args=[campaign.pk, explorer.pk]), **extra)


def save_sheet(client, campaign, explorer, **changes):
    data = {name: code for name, code in explorer.sheet["attributes"].items()} | changes
    return client.post(reverse("character_edit", args=[campaign.pk, explorer.pk]), sheet_data(**data))


def test_the_exec_awards_the_first_advancement_with_3_pips_per_critical(gm_client, cgg_campaign, explorer, gm):
    for _ in range(5):  # five critical crises: the seed's example, 20 + 15 = 35 pips
        change_clock(explorer, ClockChange(pay=crisis_clock(explorer).hours), actor=gm, reason="setup")
        change_clock(explorer, ClockChange(resolve_die=1, critical=True), actor=gm, reason="critical crisis")
    response = award(gm_client, cgg_campaign, explorer)
    assert response.status_code == 302
    explorer.refresh_from_db()
    last = {"pips": 35, "session": None}  # what taking it back takes off
    assert explorer.sheet["advancement"] == advancement(explorer, count=1, earned=35, last=last)


def test_the_second_advancement_brings_an_endeavor_and_the_panel_shows_the_budget(
    gm_client, player_client, cgg_campaign, explorer
):
    award(gm_client, cgg_campaign, explorer)
    award(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    explorer.refresh_from_db()
    assert explorer.sheet["advancement"]["earned"] == 50
    assert explorer.sheet["advancement"]["endeavors"] == 1
    table = table_log(player_client, cgg_campaign)
    assert "2 advancements: 50 pips earned, 0 spent, 50 left" in table
    assert "1 endeavor" in table


def test_the_player_raises_a_code_within_the_budget(gm_client, player_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)  # 20 pips
    explorer.refresh_from_db()
    response = save_sheet(player_client, cgg_campaign, explorer, strength="3d")
    assert response.status_code == 302
    explorer.refresh_from_db()
    assert explorer.sheet["attributes"]["strength"] == "3d"
    table = table_log(player_client, cgg_campaign)
    assert "20 pips earned, 6 spent, 14 left" in table


def test_overspending_is_refused_and_changes_nothing(gm_client, player_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)  # 20 pips; 2d to 5d costs 6 + 9 + 12 = 27
    explorer.refresh_from_db()
    before = explorer.sheet
    response = save_sheet(player_client, cgg_campaign, explorer, strength="5d")
    assert response.status_code == 422
    assert "cost 27 advancement pips, but only 20 were earned" in response.content.decode()
    explorer.refresh_from_db()
    assert explorer.sheet == before


def test_before_any_advancement_the_sheet_takes_any_code(player_client, cgg_campaign, explorer):
    response = save_sheet(player_client, cgg_campaign, explorer, strength="5d")
    assert response.status_code == 302


def test_only_the_exec_awards(player_client, outsider_client, cgg_campaign, explorer):
    assert award(player_client, cgg_campaign, explorer).status_code == 404
    assert award(outsider_client, cgg_campaign, explorer).status_code == 404
    explorer.refresh_from_db()
    assert "advancement" not in explorer.sheet


def test_award_is_post_only(gm_client, cgg_campaign, explorer):
    response = gm_client.get(reverse("cgg_advance", args=[cgg_campaign.pk, explorer.pk]))
    assert response.status_code == 405


def test_the_sheet_form_shows_the_budget(gm_client, player_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)
    page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    assert "1 advancement: 20 pips earned, 0 spent, 20 left" in page
    assert "a pip costs the code's dice (2d to 3d: 6 pips)" in page


def test_the_player_writes_an_endeavor_once_earned(gm_client, player_client, cgg_campaign, explorer):
    endeavor = "Earning the respect of the crew"
    award(gm_client, cgg_campaign, explorer)
    explorer.refresh_from_db()
    refused = save_sheet(player_client, cgg_campaign, explorer, endeavors=[endeavor])
    assert refused.status_code == 422
    assert "Endeavors: 0 earned so far" in refused.content.decode()
    award(gm_client, cgg_campaign, explorer)
    explorer.refresh_from_db()
    assert save_sheet(player_client, cgg_campaign, explorer, endeavors=[endeavor]).status_code == 302
    explorer.refresh_from_db()
    assert explorer.sheet["endeavors"] == [endeavor]
    page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    assert endeavor in page


def test_the_rules_page_publishes_the_readings(client):
    page = client.get(reverse("rules") + "#cgg").content.decode()
    assert "The advancement budget starts at the first advancement." in page
    assert "is the Crisis Clock's critical count" in page


def test_an_htmx_award_answers_with_the_panel(gm_client, cgg_campaign, explorer):
    response = award(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "1 advancement: 20 pips earned, 0 spent, 20 left" in response.content.decode()
    assert 'id="cgg-panel"' in response.content.decode()


def test_overspending_is_said_beside_the_raised_code_and_the_budget_once(
    gm_client, player_client, cgg_campaign, explorer
):
    """Play-test: the refusal sits beside the code raised, in good grammar; the budget help shows once."""
    award(gm_client, cgg_campaign, explorer)  # 20 pips
    explorer.refresh_from_db()
    page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    assert page.count("a pip costs the code's dice") == 1
    response = save_sheet(player_client, cgg_campaign, explorer, strength="5d")
    errors = response.context["form"].errors
    assert "cost 27 advancement pips" in " ".join(errors.get("strength", []))
    assert "__all__" not in errors


def test_one_pip_over_reads_pips_worth_in_the_singular():
    from rules.cgg.advancement_budget import Advancement
    from rules.errors import RulesError

    record = Advancement(count=1, earned=5, baseline={"strength": "2d"})
    with pytest.raises(RulesError, match="by 1 pip's worth"):
        record.check({"strength": "3d"})


def test_the_exec_is_asked_before_an_advancement_is_given_or_taken_back(gm_client, cgg_campaign, explorer):
    """Giving is one click that cannot be undone by another: the app's own <dialog> asks first."""
    page = table_log(gm_client, cgg_campaign)
    assert 'data-confirm="Give Mara Vell their next advancement?' in page
    assert "take back the last advancement" not in page  # nothing to take back yet
    award(gm_client, cgg_campaign, explorer)
    page = table_log(gm_client, cgg_campaign)
    assert "data-confirm=\"Take back Mara Vell's last advancement?" in page


def test_the_exec_takes_back_the_last_advancement_of_the_session(gm_client, player_client, cgg_campaign, explorer, gm):
    actions.start_session(cgg_campaign, gm)
    award(gm_client, cgg_campaign, explorer)  # 20 pips
    award(gm_client, cgg_campaign, explorer)  # 30 more, and an endeavor: the second click by mistake
    response = take_back(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["advancement"] == advancement(explorer, count=1, earned=20)
    table = table_log(player_client, cgg_campaign)
    assert "1 advancement: 20 pips earned, 0 spent, 20 left" in table
    assert "The Exec takes back Mara Vell&#x27;s advancement 2 (30 pips)" in table
    # Only the last one, once: the first stays.
    again = take_back(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    assert again.status_code == 422
    assert "only the last one, once" in again.content.decode()
    explorer.refresh_from_db()
    assert explorer.sheet["advancement"]["earned"] == 20


def test_taking_back_the_first_advancement_leaves_no_budget(gm_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)
    assert take_back(gm_client, cgg_campaign, explorer).status_code == 302
    explorer.refresh_from_db()
    assert "advancement" not in explorer.sheet


def test_spent_pips_or_a_written_endeavor_keep_the_advancement(gm_client, player_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)  # 20 pips
    explorer.refresh_from_db()
    assert save_sheet(player_client, cgg_campaign, explorer, strength="3d").status_code == 302  # 6 spent
    before = Character.objects.get(pk=explorer.pk).sheet
    response = take_back(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "lower a code on the sheet first" in response.content.decode()
    assert Character.objects.get(pk=explorer.pk).sheet == before


def test_an_advancement_of_an_earlier_session_stays(gm_client, cgg_campaign, explorer, gm):
    actions.start_session(cgg_campaign, gm)
    award(gm_client, cgg_campaign, explorer)
    actions.end_session(cgg_campaign, gm)
    actions.start_session(cgg_campaign, gm)
    page = table_log(gm_client, cgg_campaign)
    assert "take back the last advancement" not in page
    response = take_back(gm_client, cgg_campaign, explorer, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "in the session it was given in" in response.content.decode()
    explorer.refresh_from_db()
    assert explorer.sheet["advancement"]["count"] == 1


def test_only_the_exec_takes_back(player_client, gm_client, cgg_campaign, explorer):
    award(gm_client, cgg_campaign, explorer)
    assert take_back(player_client, cgg_campaign, explorer).status_code == 404
    explorer.refresh_from_db()
    assert explorer.sheet["advancement"]["count"] == 1


def take_back(client, campaign, explorer, **extra):
    return client.post(reverse("cgg_advance", args=[campaign.pk, explorer.pk]), {"op": "take_back"}, **extra)
