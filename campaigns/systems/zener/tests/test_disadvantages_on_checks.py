"""A disadvantage's ranks reach the roll (seed, "Disadvantages": "each confers the equivalent of two negative
ranks"): the sheet says what it bears on, and those checks take 2 a rank off the target, on the card, in the
odds, in the log; the GM may rule one the sheet does not name bears on a check too."""

import re
from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import sheet_form
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db

# The seed's own example, "Poor at Mathematics" (2 points), at 2 ranks, on a mathematician with 3 ranks and THEO 12
# (foundation 8): 3 + 8 = 11, less 2 × 2 = 7.
SHEET = sheet_form(
    name="Ada",
    skills="Mathematics (narrow, THEO) 3\nPilot (narrow, PRAC) 1",
    disadvantages="Poor at Mathematics (2) 2; Mathematics\nBad Temper (1) 1",
)


def at_most(dice: int, target: int) -> Fraction:
    """P(the sum of `dice` d6 is at or under `target`), counted face by face."""
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for f in faces if sum(f) <= target), len(faces))


@pytest.fixture
def ada(player_client, zg, script_dice):
    script_dice(3, 3)  # INT's dice: INT 12, 24 skill points
    response = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(SHEET))
    assert response.status_code == 302, response.content.decode()[:3000]
    return Character.objects.get(name="Ada")


def test_the_sheet_keeps_what_a_disadvantage_bears_on(player_client, zg, ada):
    assert ada.sheet["disadvantages"] == [
        {"name": "Poor at Mathematics", "points": 2, "ranks": 2, "bears_on": ["Mathematics"]},
        {"name": "Bad Temper", "points": 1, "ranks": 1},
    ]
    page = player_client.get(reverse("character_edit", args=[zg.pk, ada.pk])).content.decode()
    assert 'name="disadvantages-0-bears_on" value="Mathematics"' in page
    # A stat named in any case is kept as the stat's name, so it matches the checks on that stat.
    data = zener_post(SHEET | {"disadvantages": "Poor at Mathematics (2) 2; Mathematics, theo"})
    assert player_client.post(reverse("character_edit", args=[zg.pk, ada.pk]), data).status_code == 302
    ada.refresh_from_db()
    assert ada.sheet["disadvantages"][0]["bears_on"] == ["Mathematics", "THEO"]


def test_the_card_and_its_odds_count_the_disadvantage(player_client, zg, ada):
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert 'Poor at Mathematics 2 <span class="muted">(−4 on Mathematics)</span>' in page
    assert 'Bad Temper 1 <span class="muted">(the GM applies it)</span>' in page
    assert at_most(3, 7) == Fraction(35, 216)  # 16%
    assert re.search(r'>Roll Mathematics <span class="detail">≤ 7 · 16%</span>', page)
    assert re.search(r'>Roll Pilot <span class="detail">≤ 9 · 38%</span>', page)  # not borne on: 1 + 8


def test_the_odds_preview_names_the_disadvantage(player_client, zg, ada):
    odds = player_client.get(
        reverse("zener_odds", args=[zg.pk]), {"character": ada.pk, "skill": "Mathematics", "stat": ""}
    ).content.decode()
    assert "Mathematics 3 + THEO foundation 8 − 4 (Poor at Mathematics, 2 ranks)" in odds
    assert "3d6 at or under 7 — <strong>16.20%</strong>" in odds
    assert at_most(3, 7) == Fraction(35, 216)


def test_a_check_it_bears_on_is_rolled_with_it_and_the_log_says_so(player_client, zg, ada, script_dice):
    script_dice(2, 3, 3)  # 8: over 7, under the 11 it would have been
    data = {"character": ada.pk, "skill": "Mathematics", "stat": "", "label": "The orbit"}
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["target"], roll.outcome["success"]) == (8, 7, False)
    assert roll.request["what"] == "Mathematics 3 + THEO foundation 8 − 4 (Poor at Mathematics, 2 ranks)"
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Mathematics 3 + THEO foundation 8 − 4 (Poor at Mathematics, 2 ranks)" in page


def test_a_stat_it_bears_on_takes_in_the_stat_checks_and_the_skills_on_it(player_client, zg, ada, script_dice):
    data = zener_post(SHEET | {"disadvantages": "Poor at Mathematics (2) 1; THEO"})
    assert player_client.post(reverse("character_edit", args=[zg.pk, ada.pk]), data).status_code == 302
    script_dice(3, 3, 3, 3, 3, 3, 3)
    post = {"character": ada.pk, "stat": "THEO", "skill": "", "label": ""}
    assert player_client.post(reverse("zener_check", args=[zg.pk]), post).status_code == 302
    post = {"character": ada.pk, "stat": "", "skill": "Mathematics", "label": ""}
    assert player_client.post(reverse("zener_check", args=[zg.pk]), post).status_code == 302
    stat, skill = Roll.objects.order_by("pk")
    assert (stat.request["what"], stat.outcome["target"]) == (
        "THEO 12 (stat check) − 2 (Poor at Mathematics, 1 rank)",
        10,
    )
    assert skill.outcome["target"] == 9  # 3 + 8 − 2


def test_the_gm_rules_another_disadvantage_bears_on_a_check(gm_client, zg, ada, script_dice):
    script_dice(1, 1, 1)
    data = {"character": ada.pk, "skill": "Pilot", "stat": "", "disadvantage": "bad temper", "label": "Road rage"}
    assert gm_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get()
    assert roll.request["what"] == "Pilot 1 + PRAC foundation 8 − 2 (Bad Temper, 1 rank)"
    assert roll.outcome["target"] == 7


def test_a_disadvantage_not_on_the_sheet_is_refused_beside_its_field(gm_client, zg, ada):
    data = {"character": ada.pk, "skill": "Pilot", "stat": "", "disadvantage": "Vertigo", "label": ""}
    response = gm_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert (
        "There is no disadvantage called Vertigo on the sheet; its disadvantages: Poor at Mathematics, Bad Temper."
        in (response.content.decode())
    )
    assert not Roll.objects.exists()
