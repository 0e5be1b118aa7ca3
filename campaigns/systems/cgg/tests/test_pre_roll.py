"""Play-test fault: the odds before the roll count what the roll counts. The Exec's call-form
preview, the Exec's waiting card and the player's card show the same risk code as the roll makes:
tension mode's Edge bonus, then conditions, then the Exec's assisting explorer and bonus pips."""

from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.cgg.tests.fixtures import table_page
from campaigns.systems.cgg.tests.test_rounds import tension
from rules.cgg.codes import parse_code
from rules.cgg.risk import chance_of_venture

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]

CALL = {
    "attribute": "dexterity",
    "mode": "table",
    "base_dice": "8",
    "risk": "base",
    "risk_bonus": "0",
    "assist_attribute": "strength",
    "bonus_pips": "1",
}


def test_preview_cards_and_roll_share_one_code(
    gm_client,
    player_client,
    cgg_campaign,
    mara,
    jon,
    script_dice,
):
    campaign = cgg_campaign
    assert tension(gm_client, campaign, op="start", bleakness="bad", explorer=mara.pk).status_code == 200
    assert tension(gm_client, campaign, op="bonus", explorer=mara.pk, attribute="dexterity").status_code == 200
    data = CALL | {"character": mara.pk, "assist": jon.pk}
    odds = gm_client.get(reverse("cgg_odds", args=[campaign.pk]), data).content.decode()
    # Dexterity 4d+1, +1d Edge = 5d+1; Jon's Strength (default 2d) combines in, +1 pip.
    preview = odds.split(" against ")[0].strip()
    assert gm_client.post(reverse("cgg_call", args=[campaign.pk]), data, HTTP_HX_REQUEST="true").status_code == 200
    assert f"= risk {preview}" in table_page(gm_client, campaign)
    assert f"= risk {preview}" in table_page(player_client, campaign)
    html = table_page(gm_client, campaign)
    line = html.split("Before the roll")[1].split("</p>")[0]
    assert "+Jon Ash&#x27;s Strength 2d +1 BP = risk" in line, line
    call = RollCall.objects.get(character=mara, status=RollCall.Status.PENDING)
    script_dice(*[2] * 20)
    assert player_client.post(reverse("cgg_roll", args=[campaign.pk, call.pk])).status_code == 302
    call.refresh_from_db()
    assert call.state["risk_code"] == preview
    assert preview != "5d+1"  # the assist counted


def test_venture_chance_with_a_discard_against_brute_force():
    code = parse_code("3d")
    outcomes = list(product(range(1, 7), repeat=3))
    two_sixes = Fraction(sum(1 for faces in outcomes if faces.count(6) >= 2), len(outcomes))
    assert chance_of_venture(code, 1) == two_sixes
    assert chance_of_venture(code) == Fraction(sum(1 for f in outcomes if 6 in f), len(outcomes))


def test_painful_harm_lowers_the_players_venture_chance(gm_client, player_client, cgg_campaign, mara):
    mara.sheet = mara.sheet | {"conditions": ["Painful Harm"]}
    mara.save()
    data = CALL | {"character": mara.pk, "bonus_pips": "0"}
    assert gm_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), data, HTTP_HX_REQUEST="true").status_code == 200
    html = table_page(player_client, cgg_campaign)
    chance = chance_of_venture(parse_code("4d+1"), 1)
    assert f"{float(chance) * 100:.2f}%" in html.split("Chance of at least one Venture:")[1][:20]
