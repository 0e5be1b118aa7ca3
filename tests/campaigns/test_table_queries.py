"""The table page costs a fixed number of SQL queries whatever the log's length:
every roll on a page of the log is read in the same few queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from campaigns.systems.d100 import actions as d100
from campaigns.systems.zener import actions as zener
from campaigns.table import actions, events, state
from tests.world import play_a_secret_in_every_system

pytestmark = pytest.mark.django_db
MAX_QUERIES = 22  # one of them reads the session row: sessions live in the database, not in Redis


def queries_for(client, url) -> int:
    """The queries of the page as drawn after a change, not as kept (campaigns.table.parts)."""
    state.changed(resolve(url).kwargs["campaign_id"])
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def add_rolls(world, gm, player, count: int) -> None:
    """Rolls of every kind, by several authors and characters, in every campaign."""
    for system, (campaign, _seat) in world["campaigns"].items():
        hero = world["characters"][system]
        for i in range(count):
            actions.roll_notation(
                campaign, player if i % 2 else gm, notation="2d6", label=f"r{i}", character=hero if i % 2 else None
            )
            events.record(campaign, "note", f"e{i}", gm_only=bool(i % 3))  # table events between them
    zener_campaign, _ = world["campaigns"]["zener"]
    what, check = zener.check_for(world["characters"]["zener"], stat="AWA")
    for _ in range(count):
        zener.make_check(zener_campaign, player, character=world["characters"]["zener"], what=what, check=check)
    d100_campaign, _ = world["campaigns"]["d100"]
    for _ in range(count):
        d100.start_test(
            d100_campaign,
            player,
            character=world["characters"]["d100"],
            skill="",
            attribute="Agility",
            difficulty="standard",
        )


@pytest.mark.parametrize("viewer", ["gm", "player"])
def test_the_table_costs_the_same_queries_for_a_short_and_a_long_log(
    world, gm, player, seeded_dice, viewer, django_assert_max_num_queries
):
    play_a_secret_in_every_system(world, gm, player)
    client = _client(gm if viewer == "gm" else player)
    client.get(reverse("home"))  # the session is made and refreshed before anything is counted
    urls = {system: reverse("table", args=[campaign.pk]) for system, (campaign, _) in world["campaigns"].items()}
    add_rolls(world, gm, player, 2)
    for url in urls.values():
        client.get(url)  # a first look makes the balances shown on the table (the Crisis Clocks): once, not per roll
    short = {system: queries_for(client, url) for system, url in urls.items()}
    add_rolls(world, gm, player, 40)  # more than a page of the log
    for system, url in urls.items():
        with django_assert_max_num_queries(MAX_QUERIES):
            long = queries_for(client, url)
        assert long == short[system], (system, short[system], long)


def _client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("viewer", ["gm", "player"])
def test_the_crisis_clocks_cost_the_same_queries_for_one_explorer_and_for_six(world, gm, player, viewer):
    """Every explorer's clock is read in one query (campaigns.systems.cgg.clock.crisis_clocks), not one per explorer."""
    from characters.models import Character

    campaign, _seat = world["campaigns"]["cgg"]
    sheet = world["characters"]["cgg"].sheet
    client = _client(gm if viewer == "gm" else player)
    url = reverse("table", args=[campaign.pk])
    client.get(url)  # the session, and the first look that makes the clocks
    one = queries_for(client, url)
    for i in range(5):
        Character.objects.create(campaign=campaign, owner=player, name=f"Crew {i}", sheet=sheet)
    client.get(url)
    assert queries_for(client, url) == one
