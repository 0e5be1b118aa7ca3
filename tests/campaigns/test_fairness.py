"""The fairness page: each die size's faces, counted from the stored rolls, and the
chi-square test against a fair die, as the table and as the GM see them."""

import html
import math
import re
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Roll
from campaigns.plugins import registry
from campaigns.table import actions
from rules.dice import SeededDice

pytestmark = pytest.mark.django_db
ROLLS = 40
SEED = 2026  # tests/fixtures.py, seeded_dice


def fairness_url(campaign, **query):
    suffix = "".join(f"?{key}={value}" for key, value in query.items())
    return reverse("fairness", args=[campaign.pk]) + suffix


def chi_square(counts: list[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def p_value_even_df(x: float, df: int) -> float:
    """P(chi-square with an even `df` >= x), in closed form: exp(-x/2) * sum_{i < df/2} (x/2)^i / i!."""
    assert df % 2 == 0
    return math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range(df // 2))


def section(page: str, which: str, die: str) -> str:
    tally = page.split(f'data-tally="{which}"', 1)[1].split('data-tally="', 1)[0]
    return tally.split(f'data-die="{die}"', 1)[1].split("</section>", 1)[0]


def shown_counts(part: str) -> dict[int, int]:
    return {int(face): int(count) for face, count in re.findall(r'data-face="(-?\d+)">(\d+)<', part)}


def shown_number(part: str, name: str) -> float:
    return float(re.search(rf"data-{name}>([0-9.]+)<", part).group(1))


def test_the_page_counts_each_face_of_the_seeded_dice_and_tests_them(
    campaign, gm, player, gm_client, player_client, seeded_dice
):
    for _ in range(ROLLS):
        assert player_client.post(reverse("roll", args=[campaign.pk]), {"notation": "2d6+1d5"}).status_code == 302
    # The same seeded source, thrown in the same order: two d6s then a d5, roll after roll.
    source, d6, d5 = SeededDice(SEED), Counter(), Counter()
    for _ in range(ROLLS):
        d6.update([source.roll(6), source.roll(6)])
        d5.update([source.roll(5)])
    page = player_client.get(fairness_url(campaign)).content.decode()
    assert f"{ROLLS} rolls." in page
    six, five = section(page, "table", "d6"), section(page, "table", "d5")
    assert shown_counts(six) == {face: d6[face] for face in range(1, 7)}
    assert shown_counts(five) == {face: d5[face] for face in range(1, 6)}
    five_counts = [d5[face] for face in range(1, 6)]
    assert shown_number(six, "chi-square") == pytest.approx(chi_square([d6[f] for f in range(1, 7)]), abs=5e-4)
    assert shown_number(five, "chi-square") == pytest.approx(chi_square(five_counts), abs=5e-4)
    assert shown_number(five, "p-value") == pytest.approx(p_value_even_df(chi_square(five_counts), 4), abs=5e-5)
    assert "chance that fair dice would come out at least this uneven" in page
    assert 'data-tally="gm"' not in page  # the GM's breakdown is the GM's


def test_a_secret_roll_counts_for_the_gm_alone(campaign, gm, gm_client, player_client, script_dice):
    script_dice(3, 3, 3, 1)
    actions.roll_notation(campaign, gm, notation="3d4", secret=True)
    actions.roll_notation(campaign, gm, notation="1d4")
    player_page = player_client.get(fairness_url(campaign)).content.decode()
    assert shown_counts(section(player_page, "table", "d4")) == {1: 1, 2: 0, 3: 0, 4: 0}
    assert "1 roll." in player_page
    gm_page = gm_client.get(fairness_url(campaign)).content.decode()
    assert shown_counts(section(gm_page, "table", "d4")) == {1: 1, 2: 0, 3: 0, 4: 0}
    assert shown_counts(section(gm_page, "gm", "d4")) == {1: 1, 2: 0, 3: 3, 4: 0}


def test_a_calls_hidden_dice_are_not_counted_for_the_table(
    campaign, gm, player, character, gm_client, player_client, script_dice
):
    script_dice(2, 2)
    call = actions.call_for_roll(campaign, character=character, notation="2d8", target=9, reveal={"dice": False})
    actions.answer_call(call.pk, player)
    assert "d8" not in section_or_empty(player_client.get(fairness_url(campaign)).content.decode(), "table")
    gm_page = gm_client.get(fairness_url(campaign)).content.decode()
    assert shown_counts(section(gm_page, "gm", "d8"))[2] == 2


def section_or_empty(page: str, which: str) -> str:
    return page.split(f'data-tally="{which}"', 1)[1].split('data-tally="', 1)[0]


def test_a_session_shows_its_own_rolls(campaign, gm, gm_client, script_dice):
    script_dice(1, 2, 3)
    actions.roll_notation(campaign, gm, notation="1d6")
    session = actions.start_session(campaign, gm)
    actions.roll_notation(campaign, gm, notation="1d6")
    actions.roll_notation(campaign, gm, notation="1d6")
    whole = gm_client.get(fairness_url(campaign)).content.decode()
    assert shown_counts(section(whole, "table", "d6")) == {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}
    one = gm_client.get(fairness_url(campaign, session=session.number)).content.decode()
    assert shown_counts(section(one, "table", "d6")) == {1: 0, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}
    assert f"Session {session.number}" in one


def test_an_unknown_session_says_so_and_shows_the_whole_campaign(campaign, gm, gm_client, script_dice):
    script_dice(4)
    actions.roll_notation(campaign, gm, notation="1d6")
    for bad in ("99", "x", "-1", "²"):
        response = gm_client.get(fairness_url(campaign, session=bad))
        assert response.status_code == 200
        assert "There is no such session" in response.content.decode()
        assert shown_counts(section(response.content.decode(), "table", "d6"))[4] == 1


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("viewer", ["gm", "player"])
def test_the_page_costs_the_same_few_queries_for_ten_rolls_and_for_many(
    campaign, gm, player, seeded_dice, viewer, gm_client, player_client
):
    client = gm_client if viewer == "gm" else player_client
    for i in range(10):
        actions.roll_notation(campaign, gm, notation="3d6", secret=bool(i % 3))
    few = queries(client, fairness_url(campaign))
    Roll.objects.bulk_create(
        Roll(
            campaign=campaign,
            author=gm,
            request={"notation": "2d20", "label": ""},
            outcome={"faces": [[i % 20 + 1, 1]], "total": 0},
        )
        for i in range(600)
    )
    many = queries(client, fairness_url(campaign))
    assert many == few <= 6, (few, many)  # the session, the user, the campaign, its sessions, the rolls


def test_the_table_links_the_page_for_every_member(campaign, gm_client, player_client):
    for client in (gm_client, player_client):
        assert fairness_url(campaign) in client.get(reverse("table", args=[campaign.pk])).content.decode()


def test_outsiders_get_404_and_post_gets_405(campaign, outsider_client, other_client, player_client):
    assert outsider_client.get(fairness_url(campaign)).status_code == 404
    assert other_client.get(fairness_url(campaign)).status_code == 404
    assert player_client.post(fairness_url(campaign)).status_code == 405


def test_the_page_speaks_of_percentile_dice_only_where_there_are_some(campaign, gm, player_client, script_dice):
    """Play-test: every campaign's page explained d100 skill tests' percentile dice. A campaign of another
    system says nothing of them until it rolls a d%, and then only of the d%."""
    actions.roll_notation(campaign, gm, notation="2d6")
    assert "Percentile dice" not in player_client.get(fairness_url(campaign)).content.decode()
    script_dice(42)
    actions.roll_notation(campaign, gm, notation="1d%")
    page = player_client.get(fairness_url(campaign)).content.decode()
    assert "Percentile dice: d% counts as one d100 (1–100)." in page
    assert "skill test" not in page


def test_a_system_that_counts_its_dice_its_own_way_says_how(world, player):
    from tests.world import client_for

    noted = [adapter for adapter in registry.installed() if adapter.fairness_note]
    assert noted  # d100's skill tests, whose tens and units count as d10s
    for adapter in noted:
        page = client_for(player).get(fairness_url(world["campaigns"][adapter.key][0])).content.decode()
        assert adapter.fairness_note in html.unescape(page), adapter.key
