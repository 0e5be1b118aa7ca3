"""The table page's SQL queries, as the GM and as a player, in every system, with a log longer
than a page and an open call (issue 24): a tight bound each, so that a query added to the page
fails here. What the page asks many times is read once (campaigns.reads), and its rows are kept
drawn (campaigns.rows), so the bounds hold whatever the log's length."""

import pytest
from django.urls import reverse

from campaigns import systems
from tests.campaigns.test_table_queries import add_rolls
from tests.world import client_for, play_a_secret_in_every_system

pytestmark = pytest.mark.django_db

# (system, viewer) -> the most queries the page may cost, the session's read included.
BOUNDS = {
    ("cgg", "gm"): 18, ("cgg", "player"): 18,
    ("tribute", "gm"): 17, ("tribute", "player"): 18,
    ("ore", "gm"): 17, ("ore", "player"): 19,
    ("zener", "gm"): 20, ("zener", "player"): 19,
    ("d100", "gm"): 22, ("d100", "player"): 21,
}  # fmt: skip
SYSTEMS = sorted({system for system, _ in BOUNDS})


def test_every_installed_system_has_its_bounds():
    assert {adapter.key for adapter in systems.installed()} - {"coin"} == set(SYSTEMS)


@pytest.mark.parametrize("viewer", ["gm", "player"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_table_page_costs_a_few_queries(
    world, gm, player, seeded_dice, system, viewer, django_assert_max_num_queries
):
    play_a_secret_in_every_system(world, gm, player)
    add_rolls(world, gm, player, 35)  # more than a page of the log
    campaign, _ = world["campaigns"][system]
    client = client_for(gm if viewer == "gm" else player)
    url = reverse("table", args=[campaign.pk])
    assert client.get(url).status_code == 200  # the session refreshed, the balances made, the rows drawn
    with django_assert_max_num_queries(BOUNDS[system, viewer]):
        assert client.get(url).status_code == 200
