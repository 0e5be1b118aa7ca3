"""A leverage expires when its goal is attained or the Exec deems it lost (seed: "Leverage Die
Codes"): the Exec marks it from the panel, it leaves the sheet, and the table's log says so."""

import html

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]
LEVERAGE = [{"purpose": "Starship Repair", "code": "2d+2"}, {"purpose": "Escape", "code": "1d"}]


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, leverage=LEVERAGE)


def end(client, campaign, explorer, **data):
    url = reverse("cgg_leverage_end", args=[campaign.pk, explorer.pk])
    response = client.post(url, data, HTTP_HX_REQUEST="true")
    return response.status_code, html.unescape(response.content.decode())


def page(client, campaign):
    return html.unescape(table_log(client, campaign))


@pytest.mark.parametrize(("ending", "said"), [("attained", "goal attained"), ("lost", "goal lost")])
def test_the_exec_marks_a_goal_and_the_leverage_leaves_the_sheet(
    gm_client, other_client, cgg_campaign, explorer, ending, said
):
    shown = page(gm_client, cgg_campaign)
    assert "Leverage towards Starship Repair: 2d+2" in shown
    assert 'value="attained"' in shown
    status, _ = end(gm_client, cgg_campaign, explorer, index="0", purpose="Starship Repair", ending=ending)
    assert status == 200
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == [{"purpose": "Escape", "code": "1d"}]
    roll = Roll.objects.get(kind="cgg_leverage")
    assert roll.outcome == {"code": "2d+2", "ending": ending}
    table = page(other_client, cgg_campaign)
    assert f"Leverage towards Starship Repair 2d+2 expires: <strong>{said}</strong>" in table
    assert "Leverage towards Starship Repair: 2d+2" not in table  # no longer on the panel
    assert 'value="attained"' not in table  # the buttons are the Exec's


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"index": "5", "purpose": "Starship Repair", "ending": "lost"}, "no longer on the sheet"),
        ({"index": "1", "purpose": "Starship Repair", "ending": "lost"}, "no longer on the sheet"),
        ({"index": "0", "purpose": "Starship Repair", "ending": "maybe"}, "attained or lost"),
        ({"index": "-1", "purpose": "Starship Repair", "ending": "lost"}, "attained or lost"),
        ({"index": "0", "purpose": "", "ending": "lost"}, "attained or lost"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(gm_client, cgg_campaign, explorer, data, message):
    status, shown = end(gm_client, cgg_campaign, explorer, **data)
    assert status == 422
    assert message in shown
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == LEVERAGE
    assert not Roll.objects.filter(kind="cgg_leverage").exists()


def test_only_the_exec_ends_leverage(player_client, outsider_client, gm_client, cgg_campaign, explorer):
    data = {"index": "0", "purpose": "Starship Repair", "ending": "lost"}
    assert end(player_client, cgg_campaign, explorer, **data)[0] == 404
    assert end(outsider_client, cgg_campaign, explorer, **data)[0] == 404
    url = reverse("cgg_leverage_end", args=[cgg_campaign.pk, explorer.pk])
    assert gm_client.get(url).status_code == 405
    explorer.refresh_from_db()
    assert explorer.sheet["leverage"] == LEVERAGE
