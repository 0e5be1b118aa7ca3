"""The odds as a picture: each chart's bars are the exact distribution (held
against brute force), its marked chance is the roll's chance, and after a roll the
roller's chart shows where it landed."""

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse

from campaigns.common.charts import BASE, HEIGHT, WIDTH, Fill, notation_chart
from campaigns.templatetags.dice import fixed2
from rules.dice import Comparison, chance, parse

pytestmark = pytest.mark.django_db


def brute_force(count: int, sides: int, modifier: int = 0) -> dict[int, Fraction]:
    totals = Counter(sum(faces) + modifier for faces in itertools.product(range(1, sides + 1), repeat=count))
    return {total: Fraction(ways, sides**count) for total, ways in totals.items()}


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier"), [("2d6+1", 2, 6, 1), ("3d4", 3, 4, 0), ("1d20-2", 1, 20, -2)]
)
def test_the_bars_are_the_exact_distribution(text, count, sides, modifier):
    chart = notation_chart(parse(text), 9, Comparison.AT_LEAST)
    exact = brute_force(count, sides, modifier)
    assert {int(bar.label): bar.chance for bar in chart.bars} == exact
    assert [bar.fill is Fill.GOOD for bar in chart.bars] == [total >= 9 for total in sorted(exact)]
    assert chart.chance == chance(parse(text), 9, Comparison.AT_LEAST)


def test_the_drawing_fits_and_the_tallest_bar_is_full_height():
    drawn = notation_chart(parse("2d6"), 7, Comparison.AT_MOST, landed=7).drawn()
    assert max(d.height for d in drawn) == pytest.approx(HEIGHT)
    assert all(d.x >= 0 and d.x + d.width <= WIDTH and d.y >= BASE - HEIGHT - 1e-9 for d in drawn)
    landed = [d for d in drawn if d.bar.landed]
    assert [d.bar.label for d in landed] == ["7"]
    assert landed[0].show_label


def test_too_many_totals_get_words_not_a_chart(player_client, campaign):
    assert notation_chart(parse("1d1000"), 500, Comparison.AT_LEAST) is None
    url = reverse("odds", args=[campaign.pk]) + "?notation=1d1000&target=500&comparison=at_least"
    fragment = player_client.get(url).content.decode()
    assert "<svg" not in fragment
    assert "50.10%" in fragment


def test_the_odds_fragment_draws_the_chart_with_its_words(player_client, campaign):
    url = reverse("odds", args=[campaign.pk]) + "?notation=2d6&target=7&comparison=at_most"
    fragment = player_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.count('<rect class="bar good') == 6
    assert fragment.count('<rect class="bar bad') == 5
    assert 'role="img"' in fragment
    assert "Chance of success 58.33%" in fragment  # the label a screen reader reads
    assert "<strong>58.33%</strong>" in fragment


def test_the_rollers_chart_shows_where_the_roll_landed(player_client, campaign, script_dice):
    script_dice(5, 6)
    response = player_client.post(
        reverse("roll", args=[campaign.pk]), {"notation": "2d6", "target": "10"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert 'id="roll-odds"' in html
    assert 'hx-swap-oob="true"' in html
    landed = re.findall(r'<rect class="bar (\w+) landed"[^>]*><title>(\d+):', html)
    assert landed == [("good", "11")]
    assert "this roll: <strong>11</strong>" in html


# Each system's chart holds the same chances as its rules.


def test_a_zener_chart_is_the_roll_under_chance():
    from campaigns.systems.zener.chart import zener_chart
    from rules.zener.checks import Check, chance_of_success

    for check in (Check(3, 11), Check(4, 14), Check(3, 1)):  # the last: the impossible-chance rule
        chart = zener_chart(*check.rolled)
        assert chart.chance == chance_of_success(check)
        assert sum(bar.chance for bar in chart.bars) == 1
    assert zener_chart(*Check(3, 1).rolled).title.startswith("5d6")
    exact = brute_force(3, 6)
    assert {int(bar.label): bar.chance for bar in zener_chart(3, 11).bars} == exact


def test_a_tribute_chart_fills_wins_and_matches_the_effect_delivered():
    """Reading (/rules/#tribute-match): a Match delivers the effect as a Win does."""
    from campaigns.systems.tribute.chart import tribute_chart
    from rules.tribute.roll import TestSpec, chances

    spec = TestSpec(2, 1, 8, 1)
    chart, found = tribute_chart(spec, 3), chances(spec, 3)
    assert chart.chance == found.win + found.match == found.delivered
    assert not any(bar.fill is Fill.PARTIAL for bar in chart.bars)
    assert sum(bar.chance for bar in chart.bars if bar.fill is Fill.BAD) == found.fail


@pytest.mark.parametrize(
    ("stat", "skill", "hard", "wiggle", "difficulty"),
    [(5, 0, 0, 0, 0), (4, 2, 1, 0, 6), (3, 2, 0, 1, 9), (3, 3, 0, 2, 4)],
)
def test_an_ore_chart_is_the_chance_of_a_set_high_enough(stat, skill, hard, wiggle, difficulty):
    from campaigns.systems.ore.chart import ore_chart
    from rules.ore.pool import build_pool, chance_of_success

    pool = build_pool(stat, skill, hard=hard, wiggle=wiggle)
    chart = ore_chart(pool, difficulty)
    assert chart.chance == chance_of_success(pool, difficulty)
    assert sum(bar.chance for bar in chart.bars) == 1


@pytest.mark.parametrize("base", [5, 45, 95])
def test_a_d100_chart_is_the_four_results(base):
    from campaigns.systems.d100.chart import d100_chart
    from rules.d100.test import chances

    odds = chances(base)
    chart = d100_chart(odds, landed="Critical success")
    assert sum(bar.chance for bar in chart.bars) == 1
    assert chart.chance == odds.success
    assert chart.landed.label == "Critical success"


def test_a_cgg_chart_splits_success_by_the_risk():
    from campaigns.systems.cgg.chart import cgg_chart
    from rules.cgg.action import ActionChances

    with_risk = cgg_chart(ActionChances(Fraction(1, 2), Fraction(1, 3), Fraction(1, 5)))
    assert [bar.chance for bar in with_risk.bars] == [
        Fraction(11, 30),
        Fraction(2, 15),
        Fraction(3, 10),
        Fraction(1, 5),
    ]
    assert with_risk.chance == Fraction(1, 2)
    assert [bar.label for bar in cgg_chart(ActionChances(Fraction(49, 100), None, None)).bars] == ["Failure", "Success"]


# Where a roll in the log landed, as each audience may see it.


def chart_of(client, roll, **headers):
    return client.get(reverse("roll_chart", args=[roll.campaign_id, roll.pk]), **headers)


def test_every_log_row_can_show_where_it_landed(player_client, gm_client, campaign, player, gm, script_dice):
    from campaigns.table import actions

    script_dice(6, 6)
    roll = actions.roll_notation(campaign, player, notation="2d6", target=8)
    assert (
        f'hx-get="{reverse("roll_chart", args=[campaign.pk, roll.pk])}"'
        in gm_client.get(reverse("table", args=[campaign.pk])).content.decode()
    )
    fragment = chart_of(player_client, roll, HTTP_HX_REQUEST="true").content.decode()
    assert re.findall(r'<rect class="bar (\w+) landed"[^>]*><title>(\d+):', fragment) == [("good", "12")]
    page = chart_of(player_client, roll).content.decode()  # without JavaScript: a page of its own
    assert "<h1>Where the roll landed</h1>" in page
    assert "this roll: <strong>12</strong>" in page


def test_a_chart_shows_a_player_only_what_the_roll_shows_them(player_client, gm_client, campaign, character, gm):
    from campaigns.table import actions

    secret = actions.roll_notation(campaign, gm, notation="1d20", secret=True)
    assert chart_of(player_client, secret).status_code == 404
    assert chart_of(gm_client, secret).status_code == 200

    call = actions.call_for_roll(
        campaign, character=character, notation="3d6", target=13, comparison=Comparison.AT_MOST
    )
    called = actions.answer_call(call.pk, character.owner)
    as_player = chart_of(player_client, called, HTTP_HX_REQUEST="true").content.decode()
    assert "<svg" in as_player
    assert "≤" not in as_player  # the target stays the GM's: the chart marks no success
    assert "Chance" not in as_player
    assert "this roll: <strong>" in as_player
    as_gm = chart_of(gm_client, called, HTTP_HX_REQUEST="true").content.decode()
    assert "3d6 ≤ 13" in as_gm


def test_a_secret_d100_test_draws_nothing_for_the_player(player_client, gm_client, gm, player, script_dice):
    from campaigns.models import Membership
    from campaigns.systems.d100 import actions as d100
    from campaigns.table import actions
    from characters.models import Character

    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
    ulf = Character.objects.create(campaign=campaign, owner=player, name="Ulf", sheet=sheet)
    script_dice(3, 4)  # 34: no double, so not critical
    d100.start_test(campaign, player, character=ulf, skill="", attribute="Agility", difficulty=None)
    call = campaign.calls.get()
    d100.set_difficulty(call.pk, gm, "hard")
    roll = campaign.rolls.get()
    as_player = chart_of(player_client, roll, HTTP_HX_REQUEST="true").content.decode()
    assert "<svg" not in as_player
    assert "does not make a chart" in as_player
    assert "<svg" in chart_of(gm_client, roll, HTTP_HX_REQUEST="true").content.decode()


def _label_spans(svg: str) -> list[tuple[float, list[str]]]:
    """Each label under the bars as drawn: its middle, and its lines."""
    labels = []
    for x, inner in re.findall(r'<text class="tick"(?: x="([\d.]+)")?[^>]*>(.*?)</text>', svg):
        lines = re.findall(r'<tspan x="([\d.]+)"[^>]*>(.*?)</tspan>', inner)
        labels.append((float(x or lines[0][0]), [text for _, text in lines] or [inner]))
    return labels


@pytest.mark.parametrize("risk", [True, False])
def test_the_cgg_charts_labels_stand_a_labels_width_apart(risk):
    """Four outcomes under four bars at 320 units: each label's longest line (at a generous
    6 units a character of 10 px text) fits between its neighbours' middles."""
    from django.template.loader import render_to_string

    from campaigns.systems.cgg.chart import cgg_chart
    from rules.cgg.action import ActionChances

    chances = (
        ActionChances(Fraction(1, 2), Fraction(1, 3), Fraction(1, 5))
        if risk
        else ActionChances(Fraction(49, 100), None, None)
    )
    labels = _label_spans(render_to_string("campaigns/chart.html", {"chart": cgg_chart(chances)}))
    assert len(labels) == (4 if risk else 2)
    widths = [max(len(line) for line in lines) * 6 for _, lines in labels]
    for (left, _), (right, _), w1, w2 in zip(labels, labels[1:], widths, widths[1:], strict=False):
        assert right - left >= (w1 + w2) / 2, labels
    height = float(
        re.search(
            r'viewBox="0 0 320 (\d+)"', render_to_string("campaigns/chart.html", {"chart": cgg_chart(chances)})
        ).group(1)
    )
    assert 126 + 12 * (max(len(lines) for _, lines in labels) - 1) < height  # the last line is inside the drawing


@pytest.mark.parametrize(
    ("chance", "shown", "words"),
    [
        (Fraction(1, 3), "33.33%", "1 in 3"),
        (Fraction(3, 1000), "0.3%", "3 in 1,000"),
        (Fraction(1, 46_656), "0.002143%", "1 in 46,656"),
        (Fraction(1, 6**47), "less than 0.0001%", "about 1 in 4 × 10^36"),
        (Fraction(1, 10**35), "less than 0.0001%", "about 1 in 10^35"),
        (Fraction(1, 23_456_789), "less than 0.0001%", "about 1 in 2 × 10^7"),
        (Fraction(71, 12_345_677), "0.0005751%", ""),
        (1 - Fraction(1, 6**20), "more than 99.9999%", ""),
    ],
)
def test_odds_are_in_words_people_read(chance, shown, words):
    # Play-test: "47d6 at or under 47 — 2.672e-35%".
    from campaigns.templatetags.dice import odds_fraction, percent

    assert (percent(chance), odds_fraction(chance)) == (shown, words)


@pytest.mark.parametrize("text", ["2d12-3", "3d6+2", "1d100", "5d10-20"])
def test_every_label_stays_inside_the_drawing(text):
    """Play-test: at 360 px the leftmost label ("-1") was cut at the chart's edge: a
    label centred under a narrow first or last bar reached past it."""
    from campaigns.common.charts import CHAR

    chart = notation_chart(parse(text), None, Comparison.AT_LEAST)
    for drawn in chart.drawn():
        if drawn.show_label:
            half = max(len(line) for line in drawn.label_lines) * CHAR / 2
            assert drawn.label_x - half >= 0, drawn.bar.label
            assert drawn.label_x + half <= WIDTH, drawn.bar.label


@pytest.mark.parametrize("value", [0.0, 0.125, 2.675, 12.5, 17.777777777777779, 26.666666666666668, 319.995, 1e-07])
def test_a_coordinate_is_written_as_floatformat_writes_it(value):
    """A chart's coordinates skip floatformat's locale look-ups (half its time), not its digits."""
    assert fixed2(value) == floatformat(value, 2)


def test_the_log_offers_a_chart_exactly_where_one_is_drawn(world, gm, player, script_dice):
    """Every row of a played session in every system, as the GM and as the table: "On the odds" is offered
    (`chartable`) exactly when the kind draws a chart for what that viewer sees. CI: a Tribute opposed
    test offered one that said "What you may see of this roll does not make a chart"."""
    from campaigns.common.audience import Audience
    from campaigns.models import Roll
    from campaigns.plugins import registry
    from campaigns.secrets.visibility import roll_view
    from campaigns.systems.tribute import actions as tribute_actions
    from tests.world import play_a_secret_in_every_system

    play_a_secret_in_every_system(world, gm, player)
    tribute, hero = world["campaigns"]["tribute"][0], world["characters"]["tribute"]
    npc = {"character": None, "name": "Ogre", "rank": 2, "attribute": "Might", "focus": 1, "burden": 1}
    tribute_actions.call_opposed(tribute, gm, character=hero, attribute="Might", opponent=npc, label="Arm wrestle")
    script_dice(3, 4, 6, 2)
    tribute.adapter.card_roll(hero, "attribute:Might", {}, actor=player)
    opposed = Roll.objects.get(campaign=tribute, request__label="Arm wrestle")

    seen = Counter()
    for roll in Roll.objects.all():
        for audience in (Audience.GM, Audience.TABLE):
            view = roll_view(roll, audience)
            if view is None:
                continue
            kind = registry.kind(roll.kind)
            drawn = hasattr(kind, "chart") and kind.chart(view.data) is not None
            assert view.chartable == drawn, (roll.kind, audience, view.data)
            seen[view.chartable] += 1
    assert seen[True]  # both kinds of row were met
    assert seen[False]
    assert not roll_view(opposed, Audience.TABLE).chartable
