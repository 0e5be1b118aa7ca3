"""What the Exec's odds and the risk sum say is what the player faces: a difficulty the explorer's dice
remove entirely is a trivial success, not "against 0 difficulty dice"; a six is Venture, and the sum
says it was not counted."""

from django.template.loader import render_to_string
from django.urls import reverse

from campaigns.systems.cgg.tests.fixtures import exec_odds, new_explorer


def explorer_with(campaign, owner, **attributes):
    return new_explorer(campaign, owner, attributes=attributes)


def odds(client, campaign, explorer, base: int) -> str:
    return exec_odds(client, campaign, explorer, "strength", base)


def test_a_base_4d_action_against_a_4d_explorer_is_a_trivial_success(gm_client, cgg_campaign, player):
    explorer = explorer_with(cgg_campaign, player, strength="4d")
    shown = odds(gm_client, cgg_campaign, explorer, 4)
    assert "0 difficulty dice" not in shown
    assert "4d against a 4d difficulty: the explorer's 4 dice remove every difficulty die, a trivial success" in shown


def test_the_odds_say_how_many_difficulty_dice_remain_after_the_explorers(gm_client, cgg_campaign, player):
    explorer = explorer_with(cgg_campaign, player, strength="2d")
    assert "against a 5d difficulty: 3 difficulty dice remain after the explorer's 2:" in odds(
        gm_client, cgg_campaign, explorer, 5
    )


def test_the_risk_sum_says_the_venture_die_is_not_counted():
    shown = render_to_string("systems/cgg/risk_sum.html", {"data": {"risk_faces": [3, 6], "risk_total": 3}})
    assert "[3, 6] = <strong>3</strong> (Venture die 6 not counted)" in shown
    two = render_to_string(
        "systems/cgg/risk_sum.html", {"data": {"risk_faces": [6, 2], "extra_faces": [6], "risk_total": 2}}
    )
    assert "(Venture dice 6, 6 not counted)" in two
    plain = render_to_string("systems/cgg/risk_sum.html", {"data": {"risk_faces": [3, 2], "risk_total": 5}})
    assert "Venture" not in plain


def test_the_odds_name_the_field_they_cannot_read(gm_client, cgg_campaign, player):
    explorer = explorer_with(cgg_campaign, player, strength="2d")
    query = {"character": explorer.pk, "attribute": "strength", "mode": "table", "base_dice": "5", "risk": "base"}
    url = reverse("cgg_odds", args=[cgg_campaign.pk])
    assert "Risk bonus: This field is required." in gm_client.get(url, query | {"risk_bonus": ""}).content.decode()
    shown = gm_client.get(url, query | {"risk_bonus": "²"}).content.decode()
    assert "Risk bonus: Enter a whole number from 0 to 30." in shown


def test_the_outcome_badges_wrap_without_a_dot_starting_the_line():
    from types import SimpleNamespace

    data = {"grade": "Failed badly: something somewhat bad happens.", "success": False, "risk_avoided": False}
    shown = render_to_string("systems/cgg/roll.html", {"roll": SimpleNamespace(data=data)})
    # Play-test at 1280 px: the second badge wrapped with its "·" in front of it, alone at a line's start.
    # A badge is an inline block, a break either side of it: the badge and its dot are kept together (app.css).
    assert '<span class="outcome-then"><strong class="outcome outcome-fail">Failed badly' in shown
    assert "happens.</strong>&nbsp;·</span>" in shown
