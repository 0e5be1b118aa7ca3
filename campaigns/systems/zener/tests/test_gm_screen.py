"""Zener Gate on the GM's screen (issue 23): the panel's groups and folds, and the Characters tab's quick
edits (card.gm_tools) at the cost of no query per character."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.systems.zener.tests.test_table import _character

pytestmark = pytest.mark.django_db


@pytest.fixture
def kai(zg, player):
    return _character(zg, player, "Kai")


@pytest.fixture
def ren(zg, other_player):
    return _character(zg, other_player, "Ren")


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_gm_screen_costs_the_same_queries_for_two_characters_and_for_six(gm_client, zg, kai, ren, player):
    url = reverse("table", args=[zg.pk]) + "?tab=characters"
    gm_client.get(url)  # the session, and the first look
    two = queries_for(gm_client, url)
    for i in range(4):
        _character(zg, player, f"Crew {i}")
    gm_client.get(url)
    assert queries_for(gm_client, url) == two


def test_the_gm_panel_groups_its_forms_and_folds_the_occasional_ones(gm_client, zg, kai):
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=system").content.decode()
    for group in ("Secret rolls", "Combat", "Recovery &amp; health", "Karma &amp; growth", "Campaign MacGuffins"):
        assert f">{group}</h3>" in page
    for summary in ("Roll a secret language check", "Make a Zener transition", "Give anti-radiation therapy",
                    "Mark a missed action", "Mark equipment used up"):  # fmt: skip
        assert f"<summary>{summary}</summary>" in page
    assert "<h4>Attack</h4>" in page  # a scene's form stays open
    assert 'id="zener-attack-form"' in page


def test_the_players_panel_has_no_folds(player_client, zg, kai):
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert "<h3>Check</h3>" in page
    assert "<h3>Language roll</h3>" in page
    assert 'class="zener-fold"' not in page
    assert 'class="zener-more"' not in page


def test_a_refused_step_comes_back_with_its_fold_open(gm_client, zg, kai):
    answer = gm_client.post(reverse("zener_therapy", args=[zg.pk]), {"character": kai.pk, "con_healed": "9"},
                            HTTP_HX_REQUEST="true").content.decode()  # fmt: skip
    assert '<details class="zener-fold" open>\n<summary>Give anti-radiation therapy</summary>' in answer
    assert '<details class="zener-fold">\n<summary>Make a Zener transition</summary>' in answer


def test_the_gms_recent_secret_rolls_are_in_the_secret_block_and_not_on_the_players_panel(
    gm_client, player_client, zg, kai, script_dice
):
    script_dice(1, 2, 3)  # 6 against 11: made by 5
    data = {"character": kai.pk, "skill": "Pilot", "stat": "", "modifier": "0", "label": "Land it quietly"}
    assert gm_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=system").content.decode()
    block = page[page.index('id="zener-secret-title"') : page.index('id="zener-combat-title"')]
    assert "Recent secret rolls" in block
    assert "Land it quietly" in block
    assert "made by 5" in block
    assert "Recent secret rolls" not in player_client.get(reverse("table", args=[zg.pk])).content.decode()
