"""A roll from a system's panel is answered with only what changed, as the plain roll is:
its row out of band (the very HTML the roller's socket gets, rendered once per audience), and what
the panel must change after it; the form stays as the player left it. A refusal still gets the
panel with its message (422), and the next roll from that panel the whole panel again, without it."""

import re
from unittest import mock

import pytest
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.models import Roll, RollCall
from campaigns.secrets.visibility import roll_view
from campaigns.table import rows
from tests.perf.test_roll_queries import POSTS, table_for

pytestmark = pytest.mark.django_db
PANELS = {"tribute": "tribute-panel", "ore": "ore-panel", "zener": "zener-panel", "d100": "d100-panel"}


def post(client, system: str, campaign, hero, **changes):
    everyday = POSTS[system]
    return client.post(
        reverse(everyday.url_name, args=[campaign.pk]),
        {**everyday.data, "character": hero.pk, **changes},
        HTTP_HX_REQUEST="true",
    )


@pytest.mark.parametrize("system", PANELS)
def test_a_roll_answers_with_its_row_alone(system, gm, player, player_client, django_capture_on_commit_callbacks):
    campaign, hero = table_for(system, gm, player)
    rendering = mock.patch(
        "campaigns.table.rows.render_to_string", wraps=rows.render_to_string
    )  # the row, drawn and kept
    with rendering as rendered, django_capture_on_commit_callbacks(execute=True):
        response = post(player_client, system, campaign, hero)
    roll = Roll.objects.get()
    body = response.content.decode()
    assert (response.status_code, response["HX-Reswap"]) == (200, "none")
    assert body.count(f'data-roll-id="{roll.pk}"') == 1
    assert body.startswith('<div hx-swap-oob="afterbegin:#log">')
    assert PANELS[system] not in body  # the panel and its form stay as the player left them
    # No form but the follow-ups of the card's "Last roll" (campaigns.table.last_roll), which the answer brings.
    outside = re.sub(r'<div class="last-roll" id="card-\d+-last".*?</div>\n(?=\S|$)', "", body, flags=re.S)
    assert "<form" not in outside
    # The row once for the GM's sockets, once for the table's (and the answer); once for both where they see it alike.
    alike = roll_view(roll, Audience.GM) == roll_view(roll, Audience.TABLE)
    assert rendered.call_count == (1 if alike else 2)


@pytest.mark.parametrize("system", PANELS)
def test_a_refused_roll_keeps_its_form_and_message_and_the_next_gets_the_panel(system, gm, player, player_client):
    campaign, hero = table_for(system, gm, player)
    refused = post(player_client, system, campaign, hero, character="99999")
    assert refused.status_code == 422
    assert f'id="{PANELS[system]}"' in refused.content.decode()
    assert 'name="after_error"' in refused.content.decode()
    assert not Roll.objects.exists()
    again = post(player_client, system, campaign, hero, after_error="1")
    assert again.status_code == 200
    assert "HX-Reswap" not in again
    assert f'id="{PANELS[system]}"' in again.content.decode()  # the whole panel, its message gone
    assert 'name="after_error"' not in again.content.decode()
    assert Roll.objects.count() == 1


def test_a_test_waiting_for_the_gm_answers_with_no_row(gm, player, player_client):
    campaign, hero = table_for("tribute", gm, player)
    response = post(player_client, "tribute", campaign, hero, known="0", opposition="")
    assert (response.status_code, response["HX-Reswap"], response.content) == (200, "none", b"")
    assert RollCall.objects.get().status == RollCall.Status.PENDING  # its card comes over the socket


def test_a_gm_secret_check_brings_the_recent_secret_rolls(gm, player, gm_client, player_client):
    campaign, hero = table_for("zener", gm, player)
    secret = post(gm_client, "zener", campaign, hero, label="Hidden door").content.decode()
    assert '<div id="zener-secrets" hx-swap-oob="true">' in secret
    assert "Hidden door" in secret
    assert "zener-secrets" not in post(player_client, "zener", campaign, hero).content.decode()


def test_a_plain_post_still_goes_back_to_the_table(gm, player, player_client):
    campaign, hero = table_for("d100", gm, player)
    everyday = POSTS["d100"]
    response = player_client.post(
        reverse(everyday.url_name, args=[campaign.pk]), {**everyday.data, "character": hero.pk}
    )
    assert (response.status_code, response["Location"]) == (302, reverse("table", args=[campaign.pk]) + "?tab=more")
