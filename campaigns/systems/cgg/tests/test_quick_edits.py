"""The Exec's quick edits on the Characters tab: an explorer's Crisis Clock and conditions
changed in place on their sheet at a glance, answered with that sheet redrawn; the panel, the
player's card and the Exec's other tables follow; players cannot use them; bad input changes nothing."""

from html import unescape

import pytest
from django.urls import reverse

from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests.fixtures import new_explorer
from campaigns.table import live
from characters.models import Character
from rules.cgg.sheet import default_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, tracks={"harm": 3, "persuasion": 11, "alteration": 10})


@pytest.fixture
def sent(monkeypatch):
    """What went out over the websocket, by kind."""
    out = {"panel": [], "card": []}
    monkeypatch.setattr(live, "send_panel", lambda campaign: out["panel"].append(campaign.pk))
    monkeypatch.setattr(live, "send_card", lambda character: out["card"].append(character.pk))
    return out


def clock(client, campaign, explorer, **data):
    return client.post(reverse("cgg_quick_clock", args=[campaign.pk, explorer.pk]), data, HTTP_HX_REQUEST="true")


def condition(client, campaign, explorer, **data):
    return client.post(reverse("cgg_quick_condition", args=[campaign.pk, explorer.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_pays_hours_from_the_sheet_and_gets_the_sheet_back(
    gm_client, cgg_campaign, explorer, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = clock(gm_client, cgg_campaign, explorer, direction="pay", hours="3", reason="Idle!")
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert f'id="sheet-{explorer.pk}"' in html
    assert "Mara Vell's clock: 9/12 hours." in html
    assert crisis_clock(explorer).hours == 9
    assert sent == {"panel": [cgg_campaign.pk], "card": [explorer.pk]}


def test_the_gm_gives_and_removes_a_condition_from_the_sheet(
    gm_client, cgg_campaign, explorer, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = condition(gm_client, cgg_campaign, explorer, op="give", core="Distracting Injury")
    assert response.status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == ["Distracting Injury"]
    html = response.content.decode()
    assert "remove Distracting Injury" in html  # the sheet redrawn with its new condition
    assert "<dt>Harm</dt><dd>2/3</dd>" in html  # the track follows (HI2: two Harm dots)
    assert sent["card"] == [explorer.pk]
    response = condition(gm_client, cgg_campaign, explorer, op="remove", index="0")
    assert response.status_code == 200
    explorer.refresh_from_db()
    assert explorer.sheet["conditions"] == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"direction": "pay", "hours": "13", "reason": "x"}, "Say pay or gain, 1 to 12 hours, and why."),
        ({"direction": "pay", "hours": "2"}, "Say pay or gain, 1 to 12 hours, and why."),
        ({"direction": "steal", "hours": "2", "reason": "x"}, "Say pay or gain, 1 to 12 hours, and why."),
    ],
)
def test_bad_clock_input_says_why_and_changes_nothing(gm_client, cgg_campaign, explorer, sent, data, message):
    response = clock(gm_client, cgg_campaign, explorer, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert f'id="sheet-{explorer.pk}"' in response.content.decode()
    assert crisis_clock(explorer).hours == 12


def test_paying_more_hours_than_the_clock_has_is_refused(gm_client, cgg_campaign, explorer, sent):
    clock(gm_client, cgg_campaign, explorer, direction="pay", hours="12", reason="Crisis")
    response = clock(gm_client, cgg_campaign, explorer, direction="pay", hours="1", reason="More")
    assert response.status_code == 422
    assert crisis_clock(explorer).hours == 0


def test_bad_condition_input_says_why_and_changes_nothing(gm_client, cgg_campaign, explorer, sent):
    response = condition(gm_client, cgg_campaign, explorer, op="give", core="Stubbed Toe")
    assert response.status_code == 422
    assert "Choose a core condition from the list." in response.content.decode()
    response = condition(gm_client, cgg_campaign, explorer, op="remove", index="4")
    assert response.status_code == 422
    assert "no such condition" in response.content.decode()
    explorer.refresh_from_db()
    assert explorer.sheet.get("conditions", []) == []


def test_players_cannot_use_the_quick_edits(player_client, outsider_client, cgg_campaign, explorer, sent):
    for client in (player_client, outsider_client):
        assert clock(client, cgg_campaign, explorer, direction="gain", hours="1", reason="x").status_code in (403, 404)
        assert condition(client, cgg_campaign, explorer, op="give", core="Distracting Injury").status_code in (403, 404)
    explorer.refresh_from_db()
    assert explorer.sheet.get("conditions", []) == []
    assert sent == {"panel": [], "card": []}


def test_the_characters_tab_offers_the_quick_edits(gm_client, player_client, cgg_campaign, explorer):
    url = reverse("table", args=[cgg_campaign.pk]) + "?tab=characters"
    html = gm_client.get(url).content.decode()
    assert reverse("cgg_quick_clock", args=[cgg_campaign.pk, explorer.pk]) in html
    assert reverse("cgg_quick_condition", args=[cgg_campaign.pk, explorer.pk]) in html
    assert (
        reverse("cgg_quick_clock", args=[cgg_campaign.pk, explorer.pk]) not in player_client.get(url).content.decode()
    )


def test_a_plain_post_goes_back_to_the_characters_tab(gm_client, cgg_campaign, explorer, sent):
    url = reverse("cgg_quick_clock", args=[cgg_campaign.pk, explorer.pk])
    response = gm_client.post(url, {"direction": "gain", "hours": "1", "reason": "x"})
    assert response.status_code == 302
    assert response.url.endswith("?tab=characters")


def test_the_characters_tab_shows_each_clock_before_the_exec_changes_it(
    gm_client, cgg_campaign, explorer, player, sent
):
    # Play-test: the Exec paid or gained hours blind, the clock being on another tab.
    other = Character.objects.create(campaign=cgg_campaign, owner=player, name="Dax Orrin", sheet=default_sheet())
    clock(gm_client, cgg_campaign, explorer, direction="pay", hours="3", reason="Idle!")
    html = unescape(gm_client.get(reverse("table", args=[cgg_campaign.pk]) + "?tab=characters").content.decode())
    mara, dax = html.split(f'id="sheet-{explorer.pk}"')[1], html.split(f'id="sheet-{other.pk}"')[1]
    assert "now 9/12 hours" in mara.split("sheet-glance")[0]
    assert "now 12/12 hours" in dax.split("sheet-glance")[0]
