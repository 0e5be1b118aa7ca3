"""Game sessions: the GM starts and ends them, the log shows where each began
and ended, a start refills what the system refills, and the log filters by character,
session and kind, page after page."""

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse

from campaigns.models import GameSession, Roll
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.systems.d100 import actions as d100
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


def table_html(client, campaign, query: str = "", **headers) -> str:
    response = client.get(reverse("table", args=[campaign.pk]) + query, **headers)
    assert response.status_code == 200, response.content
    return response.content.decode()


def log_of(html: str) -> list[str]:
    """The log's entries, newest first: roll labels and session marks."""
    return re.findall(r'data-session="\d+">([^<]+?) <time|<strong>[^<]*</strong>\s*· ([^<]+?)\s*<', html)


def entries(html: str) -> list[str]:
    return [mark or label for mark, label in log_of(html)]


def roll(campaign, who, label: str, **extra) -> Roll:
    return actions.roll_notation(campaign, who, notation="1d6", label=label, **extra)


def test_the_gm_starts_and_ends_sessions_and_the_log_shows_them(gm_client, player_client, campaign, gm, player):
    roll(campaign, player, "before")
    response = gm_client.post(reverse("session_start", args=[campaign.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "End session 1" in response.content.decode()
    roll(campaign, player, "during")
    assert "<strong>Session 1</strong>, since" in table_html(player_client, campaign)
    gm_client.post(reverse("session_end", args=[campaign.pk]))
    roll(campaign, player, "after")

    html = table_html(player_client, campaign)
    assert entries(html) == ["after", "Session 1 ended", "during", "Session 1 started", "before"]
    assert "Between sessions" in html
    session = GameSession.objects.get(campaign=campaign)
    assert (session.number, session.ended_at is not None) == (1, True)


def test_starting_the_next_session_ends_the_one_going(gm_client, campaign, gm):
    actions.start_session(campaign, gm)
    gm_client.post(reverse("session_start", args=[campaign.pk]))
    sessions = list(campaign.game_sessions.order_by("number"))
    assert [s.number for s in sessions] == [1, 2]
    assert sessions[0].ended_at is not None
    assert sessions[1].ended_at is None
    assert entries(table_html(gm_client, campaign)) == ["Session 2 started", "Session 1 ended", "Session 1 started"]


def test_ending_with_no_session_going_says_so_and_changes_nothing(gm_client, campaign):
    response = gm_client.post(reverse("session_end", args=[campaign.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "No session is going" in response.content.decode()
    assert not GameSession.objects.exists()


def test_players_neither_start_nor_end_sessions(player_client, campaign, gm, player):
    assert player_client.post(reverse("session_start", args=[campaign.pk])).status_code == 404
    actions.start_session(campaign, gm)
    assert player_client.post(reverse("session_end", args=[campaign.pk])).status_code == 404
    assert campaign.game_sessions.get().ended_at is None
    with pytest.raises(actions.ActionError):
        actions.start_session(campaign, player)


@pytest.fixture
def d100_table(gm, player):
    from campaigns.models import Membership

    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def test_a_d100_session_start_refills_fortune_and_empties_misfortune(gm_client, d100_table, gm):
    d100.change_pools(d100_table, actor=gm, reason="earlier", fortune=1, misfortune=5)
    page = table_html(gm_client, d100_table, "?tab=session")
    assert 'name="session-refill" value="2"' in page  # players + 1
    response = gm_client.post(reverse("session_start", args=[d100_table.pk]), {"session-refill": "4"})
    assert response.status_code == 302
    assert {k: r.value for k, r in d100.pools(d100_table).items()} == {"fortune": 4, "misfortune": 0}
    assert d100_table.game_sessions.get().number == 1


def test_the_short_session_box_follows_the_last_session(gm_client, d100_table, gm):
    actions.start_session(d100_table, gm, refill=2)
    assert 'name="session-short" id="id_session-short" checked' in table_html(gm_client, d100_table, "?tab=session")
    GameSession.objects.update(started_at=GameSession.objects.get().started_at - timedelta(hours=5))
    assert 'name="session-short" id="id_session-short" checked' not in table_html(gm_client, d100_table, "?tab=session")


@pytest.mark.parametrize("refill", ["", "lots", "51", "-1"])
def test_a_bad_refill_gets_a_message_and_starts_nothing(gm_client, d100_table, gm, refill):
    d100.change_pools(d100_table, actor=gm, reason="earlier", fortune=3)
    response = gm_client.post(
        reverse("session_start", args=[d100_table.pk]), {"session-refill": refill}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    assert not GameSession.objects.exists()
    assert d100.pools(d100_table)["fortune"].value == 3


def test_sessions_are_in_the_export(gm_client, campaign, gm, player):
    roll(campaign, player, "before")
    actions.start_session(campaign, gm)
    roll(campaign, player, "during")
    record = json.loads(gm_client.get(reverse("export", args=[campaign.pk, "json"])).content)
    assert [s["number"] for s in record["sessions"]] == [1]
    assert [r["session"] for r in record["rolls"]] == [None, 1]


# The log's filters.


@pytest.fixture
def two_heroes(campaign, player, other_player):
    from campaigns.models import Membership

    Membership.objects.create(campaign=campaign, user=other_player)
    mara = Character.objects.create(campaign=campaign, owner=player, name="Mara", sheet={})
    olaf = Character.objects.create(campaign=campaign, owner=other_player, name="Olaf", sheet={})
    return mara, olaf


def test_the_log_filters_by_character_kind_and_session(player_client, campaign, gm, player, other_player, two_heroes):
    mara, olaf = two_heroes
    roll(campaign, player, "mara-early", character=mara)
    actions.start_session(campaign, gm)
    roll(campaign, player, "mara-late", character=mara)
    roll(campaign, other_player, "olaf-late", character=olaf)
    roll(campaign, gm, "gm-secret", secret=True)

    by_mara = table_html(player_client, campaign, f"?character={mara.pk}")
    assert entries(by_mara) == ["mara-late", "Session 1 started", "mara-early"]
    assert 'id="log-filtered"' in by_mara  # live rows go to #log, which a filtered log is not
    in_session = table_html(player_client, campaign, "?session=1")
    assert entries(in_session) == ["olaf-late", "mara-late", "Session 1 started"]
    assert entries(table_html(player_client, campaign, "?kind=tribute")) == ["Session 1 started"]
    assert "No rolls like that." in table_html(player_client, campaign, "?kind=tribute")
    assert "gm-secret" not in table_html(player_client, campaign, "?kind=notation")


def test_the_filtered_log_comes_alone_to_htmx(player_client, campaign, player, two_heroes):
    mara, _ = two_heroes
    roll(campaign, player, "mara-roll", character=mara)
    html = table_html(
        player_client, campaign, f"?character={mara.pk}", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="log-region"
    )
    assert html.lstrip().startswith('<div id="log-region">')
    assert "mara-roll" in html
    assert 'id="roll-form"' not in html


@pytest.mark.parametrize("query", ["?character=99999", "?character=abc", "?session=7", "?kind=cgg", "?session=x"])
def test_a_bad_filter_gets_a_message_and_the_whole_log(player_client, campaign, player, query):
    roll(campaign, player, "any-roll")
    response = player_client.get(reverse("table", args=[campaign.pk]) + query)
    assert response.status_code == 422
    html = response.content.decode()
    assert "Showing every roll." in html
    assert "any-roll" in html
    assert 'id="log"' in html


def test_older_pages_keep_the_filter_and_each_mark_shows_once(player_client, campaign, gm, player, two_heroes):
    mara, olaf = two_heroes
    for i in range(4):
        roll(campaign, player, f"old-{i}", character=mara)
    actions.start_session(campaign, gm)
    for i in range(31):  # the mark falls just past the first page
        roll(campaign, player, f"new-{i}", character=mara)
        roll(campaign, player, f"olaf-{i}", character=olaf)

    seen, query = [], f"?character={mara.pk}"
    html = table_html(player_client, campaign, query)
    while True:
        seen += entries(html)
        older = re.search(r'class="older" href="[^"?]*\?([^"]+)"', html)
        if older is None:
            break
        query = "?" + older.group(1).replace("&amp;", "&")
        assert f"character={mara.pk}" in query
        html = table_html(player_client, campaign, query, HTTP_HX_REQUEST="true")
    expected = [f"new-{i}" for i in reversed(range(31))] + ["Session 1 started"]
    assert seen == expected + [f"old-{i}" for i in reversed(range(4))]


def test_a_mark_on_a_page_boundary_shows_once(player_client, campaign, gm, player):
    for i in range(5):
        roll(campaign, player, f"old-{i}")
    actions.start_session(campaign, gm)
    for i in range(FIRST_LOG_PAGE):  # the first page ends with the session's first roll; the mark belongs to it
        roll(campaign, player, f"new-{i}")
    first = table_html(player_client, campaign)
    assert entries(first)[-2:] == ["new-0", "Session 1 started"]
    older = re.search(r'class="older" href="[^"?]*\?([^"]+)"', first).group(1)
    second = table_html(player_client, campaign, "?" + older, HTTP_HX_REQUEST="true")
    assert entries(second) == [f"old-{i}" for i in reversed(range(5))]


def test_catching_up_brings_the_session_marks_missed_with_the_rolls(player_client, campaign, gm, player):
    """A table away for a few rolls gets the starts and ends of that time too, each
    in its place between the rolls, and the header's session line as it is now."""
    seen = roll(campaign, player, "seen")
    actions.start_session(campaign, gm)
    roll(campaign, player, "missed")
    actions.end_session(campaign, gm)
    actions.start_session(campaign, gm)
    catch_up = table_html(player_client, campaign, f"?after={seen.pk}", HTTP_HX_REQUEST="true")
    assert entries(catch_up) == ["Session 2 started", "Session 1 ended", "missed", "Session 1 started"]
    assert re.search(r'<span id="session-status" hx-swap-oob="true"><strong>Session 2</strong>', catch_up)


def test_catching_up_with_no_missed_roll_still_brings_the_marks(player_client, campaign, gm, player):
    seen = roll(campaign, player, "seen")
    actions.start_session(campaign, gm)
    actions.end_session(campaign, gm)
    catch_up = table_html(player_client, campaign, f"?after={seen.pk}", HTTP_HX_REQUEST="true")
    assert entries(catch_up) == ["Session 1 ended", "Session 1 started"]
    assert re.search(r'<span id="session-status" hx-swap-oob="true">Between sessions', catch_up)
    older = roll(campaign, player, "later")
    assert entries(table_html(player_client, campaign, f"?after={older.pk}", HTTP_HX_REQUEST="true")) == []


def test_catching_up_after_more_than_a_page_brings_the_marks_in_the_whole_log(player_client, campaign, gm, player):
    seen = roll(campaign, player, "seen")
    actions.start_session(campaign, gm)
    for i in range(31):
        roll(campaign, player, f"missed-{i}")
    response = player_client.get(reverse("table", args=[campaign.pk]) + f"?after={seen.pk}", HTTP_HX_REQUEST="true")
    assert response["HX-Retarget"] == "#log-region"
    catch_up = response.content.decode()
    assert entries(catch_up)[:2] == ["missed-30", "missed-29"]
    assert re.search(r'<span id="session-status" hx-swap-oob="true"><strong>Session 1</strong>', catch_up)
