"""Zener Gate on the GM's screen: the panel's groups and folds, and the Characters tab's quick
edits (card.gm_tools) at the cost of no query per character."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.systems.zener.tests.conftest import pilot

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    return pilot


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_gm_screen_costs_the_same_queries_for_two_characters_and_for_six(gm_client, zg, kai, ren, player):
    url = reverse("table", args=[zg.pk]) + "?tab=characters"
    gm_client.get(url)  # the session, and the first look
    two = queries_for(gm_client, url)
    for i in range(4):
        pilot(zg, player, f"Crew {i}")
    gm_client.get(url)
    assert queries_for(gm_client, url) == two


def test_the_gm_panel_groups_its_forms_and_folds_the_occasional_ones(gm_client, zg, kai):
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=system").content.decode()
    for group in ("Secret rolls", "Combat", "Recovery &amp; health", "Karma &amp; growth", "Campaign MacGuffins"):
        assert f">{group}</h3>" in page
    for summary in (
        "Roll a secret language check",
        "Make a Zener transition",
        "Give anti-radiation therapy",
        "Mark a missed action",
        "Mark equipment used up",
    ):
        assert f"<summary>{summary}</summary>" in page
    assert "<h4>Attack</h4>" in page  # a scene's form stays open
    assert 'id="zener-attack-form"' in page


def test_the_players_panel_shows_the_check_and_folds_the_rare_rolls(player_client, zg, kai):
    """The check stands open; the language roll, immersion and the table's Karma fold, so that the phone's
    "More…" view stays within two screens (tests/e2e/test_player_table.py); none of the GM's folds."""
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "<h3>Check</h3>" in page
    for summary in ("Language roll", "Learning a language by immersion", "Karma and health at the table"):
        assert f"<summary>{summary}</summary>" in page
    assert page.count('class="zener-fold"') == 3
    assert 'class="zener-more"' not in page


def test_a_refused_step_comes_back_with_its_fold_open(gm_client, zg, kai):
    answer = gm_client.post(
        reverse("zener_therapy", args=[zg.pk]), {"character": kai.pk, "con_healed": "9"}, HTTP_HX_REQUEST="true"
    ).content.decode()
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
    assert (
        "Recent secret rolls" not in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
