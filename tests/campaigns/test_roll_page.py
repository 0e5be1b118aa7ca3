"""A roll's own page: the log's "#id" link, for those who saw the roll, 404 for anyone else."""

import pytest
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.models import Membership
from campaigns.table import actions, live
from tests.world import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(campaign, gm, player, other_player, character, script_dice):
    """A public roll by the player, and a secret one by the GM; other_player sits at the table too."""
    Membership.objects.create(campaign=campaign, user=other_player)
    script_dice(5, 2, 17)
    public = actions.roll_notation(campaign, player, notation="2d6", target=7, character=character, label="Jump")
    secret = actions.roll_notation(campaign, gm, notation="1d20", label="zqx-ambush", secret=True)
    return {"public": public, "secret": secret}


def page_url(roll):
    return reverse("roll_page", args=[roll.campaign_id, roll.pk])


@pytest.mark.parametrize(
    ("who", "which", "status"),
    [
        ("gm", "public", 200),
        ("gm", "secret", 200),
        ("player", "public", 200),
        ("player", "secret", 404),
        ("other_player", "public", 200),
        ("other_player", "secret", 404),
        ("outsider", "public", 404),
        ("outsider", "secret", 404),
    ],
)
def test_who_may_open_a_rolls_page(table, request, who, which, status):
    response = client_for(request.getfixturevalue(who)).get(page_url(table[which]))
    assert response.status_code == status
    if status == 404:
        assert "zqx-ambush" not in response.content.decode()


@pytest.mark.parametrize("which", ["public", "secret"])
def test_anonymous_visitors_are_sent_to_log_in(table, which):
    response = client_for(None).get(page_url(table[which]))
    assert response.status_code == 302
    assert reverse("login") in response.url


def test_the_page_shows_the_roll_in_full(table, player):
    page = client_for(player).get(page_url(table["public"])).content.decode()
    assert "Roll #" in page
    assert "Jump" in page
    assert "paul_player" in page
    assert "Mara Vell" in page
    assert "Dice notation" in page  # the kind: the rule applied
    assert "2d6" in page
    assert "✔ success" in page
    assert 'class="chart"' in page  # the odds at the moment of rolling
    assert "%" in page


def test_the_gm_sees_the_secret_roll(table, gm):
    page = client_for(gm).get(page_url(table["secret"])).content.decode()
    assert "zqx-ambush" in page
    assert "secret" in page


def test_a_roll_of_another_campaign_is_not_found_here(table, other_campaign, gm):
    elsewhere = reverse("roll_page", args=[other_campaign.pk, table["public"].pk])
    assert client_for(other_campaign.gm).get(elsewhere).status_code == 404
    mixed = reverse("roll_page", args=[table["public"].campaign_id, 10**9])
    assert client_for(gm).get(mixed).status_code == 404


def test_post_is_refused(table, gm):
    assert client_for(gm).post(page_url(table["public"])).status_code == 405


def test_every_log_row_links_its_page_the_same_for_every_viewer(table, gm, player, campaign):
    link = f'href="{page_url(table["public"])}"'
    for user in (gm, player):
        assert link in client_for(user).get(reverse("table", args=[campaign.pk])).content.decode()
    gm_row, table_row = live.roll_html(table["public"], Audience.GM), live.roll_html(table["public"], Audience.TABLE)
    assert link in gm_row
    assert link in table_row
    assert page_url(table["secret"]) in live.roll_html(table["secret"], Audience.GM)


@pytest.mark.parametrize("system", ["tribute", "ore", "zener", "d100"])
def test_a_systems_roll_page_shows_its_odds(world, gm, player, seeded_dice, system):
    """Each system's everyday roll, against a number the player knows: its page draws the odds."""
    campaign, _seat = world["campaigns"][system]
    hero = world["characters"][system]
    hero.sheet = campaign.rules_system.validate_sheet(dict(campaign.adapter.demo_sheet), campaign.settings)
    hero.save()
    campaign.adapter.play_everyday(campaign, gm, player, hero)
    roll = campaign.rolls.get()
    page = client_for(player).get(page_url(roll)).content.decode()
    assert 'class="chart"' in page
    assert "this roll:" in page
