"""The table page's SQL queries, as the GM and as a player, in every system, with a log longer
than a page and an open call: a tight bound each, so that a query added to the page
fails here. What the page asks many times is read once (campaigns.common.reads), and its rows are kept
drawn (campaigns.table.rows), so the bounds hold whatever the log's length."""

import pytest
from django.urls import reverse

from campaigns.plugins import registry
from campaigns.table import state
from tests.campaigns.test_table_queries import add_rolls
from tests.world import client_for, play_a_secret_in_every_system

pytestmark = pytest.mark.django_db

# Each system's bound is its own (`SystemAdapter.table_queries`): a new system brings its bounds in its folder.
SYSTEMS = [adapter.key for adapter in registry.installed()]


def test_every_installed_system_has_its_bounds():
    missing = [key for key in SYSTEMS if set(registry.get(key).table_queries) != {"gm", "player"}]
    assert missing == []


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
    state.changed(campaign.pk)  # the page as drawn after a change, not as kept (campaigns.table.parts)
    with django_assert_max_num_queries(registry.get(system).table_queries[viewer]):
        assert client.get(url).status_code == 200
