"""The GM's quick edit of a character's notes on the Characters tab, for the One-Roll
Engine and Tribute Alpha (campaigns/toolkit/gm_notes.py): in place, answered with the redrawn
sheet, sent to the player's card and the GM's other tables; the GM only; bad input changes nothing."""

import pytest
from django.urls import reverse

from campaigns.table import actions, live
from characters.models import Character
from rules.system import MAX_NOTES
from tests.world import client_for

pytestmark = pytest.mark.django_db
SYSTEMS = ("ore", "tribute")


@pytest.fixture(params=SYSTEMS)
def table(request, gm, player, other_player):
    system = request.param
    campaign = actions.create_campaign(gm, name=f"Notes {system}", system=system, settings={})
    for user in (player, other_player):
        actions.join_campaign(user, campaign)
    sheet = campaign.rules_system.validate_sheet({**campaign.adapter.demo_sheet, "notes": "Fine"}, campaign.settings)
    mara = Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet=sheet)
    return campaign, mara


@pytest.fixture
def sent(monkeypatch) -> list:
    """The (group, html) messages that went out live."""
    told = []
    monkeypatch.setattr(live, "_send_all", told.extend)
    return told


def url(campaign, character) -> str:
    return reverse(f"{campaign.system}_gm_notes", args=[campaign.pk, character.pk])


def test_the_characters_tab_offers_the_gm_the_notes_of_each_character(table, gm):
    campaign, mara = table
    page = client_for(gm).get(reverse("table", args=[campaign.pk]) + "?tab=characters").content.decode()
    assert f'hx-post="{url(campaign, mara)}"' in page
    assert f'hx-target="#sheet-{mara.pk}"' in page
    assert ">Fine</textarea>" in page


def test_the_gm_writes_a_wound_in_place_and_the_players_card_shows_it(
    table, gm, player, sent, htmx, django_capture_on_commit_callbacks
):
    campaign, mara = table
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(gm).post(url(campaign, mara), {"notes": "Shot in the left arm"}, **htmx)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith(f'<section class="sheet-glance" id="sheet-{mara.pk}"')
    assert "Notes saved" in html
    assert ">Shot in the left arm</textarea>" in html
    mara.refresh_from_db()
    assert mara.sheet["notes"] == "Shot in the left arm"
    groups = {group: html for group, html in sent}
    assert "Shot in the left arm" in groups[live.player_group(campaign.pk, player.pk)]  # the card
    assert f'id="sheet-{mara.pk}"' in groups[live.gm_group(campaign.pk)]
    assert 'hx-swap-oob="true"' in groups[live.gm_group(campaign.pk)]
    table_page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert "Shot in the left arm" in table_page


def test_without_javascript_the_gm_comes_back_to_the_characters_tab(table, gm):
    campaign, mara = table
    answer = client_for(gm).post(url(campaign, mara), {"notes": "Stunned"})
    assert answer.status_code == 302
    assert answer.url == reverse("table", args=[campaign.pk]) + "?tab=characters"
    mara.refresh_from_db()
    assert mara.sheet["notes"] == "Stunned"


@pytest.mark.parametrize(
    ("notes", "message"),
    [("x" * (MAX_NOTES + 1), f"at most {MAX_NOTES:,} characters"), ("bad\x00byte", "")],
    ids=["too long", "control character"],
)
def test_bad_notes_say_why_and_change_nothing(table, gm, sent, htmx, notes, message):
    campaign, mara = table
    answer = client_for(gm).post(url(campaign, mara), {"notes": notes}, **htmx)
    assert answer.status_code == 422
    html = answer.content.decode()
    assert 'role="alert"' in html
    assert message in html
    mara.refresh_from_db()
    assert mara.sheet["notes"] == "Fine"
    assert sent == []


def test_players_and_outsiders_cannot_write_notes(table, player, other_player, outsider, htmx):
    campaign, mara = table
    for user in (player, other_player, outsider):
        assert client_for(user).post(url(campaign, mara), {"notes": "Mine now"}, **htmx).status_code == 404
    assert client_for(campaign.gm).get(url(campaign, mara)).status_code == 405
    mara.refresh_from_db()
    assert mara.sheet["notes"] == "Fine"


def test_another_campaigns_character_or_system_is_not_found(table, gm, htmx):
    campaign, mara = table
    other = actions.create_campaign(gm, name="Elsewhere", system=campaign.system, settings={})
    assert client_for(gm).post(url(other, mara), {"notes": "x"}, **htmx).status_code == 404
    other_system = "tribute" if campaign.system == "ore" else "ore"
    wrong = reverse(f"{other_system}_gm_notes", args=[campaign.pk, mara.pk])
    assert client_for(gm).post(wrong, {"notes": "x"}, **htmx).status_code == 404
    mara.refresh_from_db()
    assert mara.sheet["notes"] == "Fine"
