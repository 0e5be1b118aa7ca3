"""Every roll post's queries, bounded, so that a regression fails here. Each bound is the
figure reached, counted in the test database (whose transactions are savepoints, one query each
way): the session and the user (2), the campaign the member plays in, the character posted, then
the writes (and a system's call answered at once: its row, the roll, the call's new status)."""

from importlib import import_module

import pytest
from django.urls import reverse

from campaigns.models import Membership, Roll
from campaigns.plugins import registry
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db

# Each system's everyday roll, as the benchmark posts it (its bench module's EVERYDAY_POST), and its bound;
# where the count depends on the dice, they are those of the case that costs most.
# Zener and d100 draw the roll's spends at once on the roller's card (campaigns.table.last_roll): the check's
# chain and Karma (3 more at most, a failure), the Fortune pool and an earlier re-roll (2 more, a failure in a
# session); the row's lazy menu, which they spare, was a request of its own with its session, user and campaign.
POSTS = {
    adapter.key: import_module(adapter.bench).EVERYDAY_POST
    for adapter in registry.installed()
    if adapter.bench and hasattr(import_module(adapter.bench), "EVERYDAY_POST")
}


def test_the_sweep_finds_the_systems_everyday_posts():
    assert len(POSTS) >= 5


def table_for(system: str, gm, player) -> tuple:
    """A campaign of `system` with the player's demo character, as the benchmark seeds it."""
    campaign = actions.create_campaign(gm, name=f"Bench {system}", system=system, settings={})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = registry.get(system).rules.validate_sheet(registry.get(system).demo_sheet, campaign.settings)
    return campaign, Character.objects.create(campaign=campaign, owner=player, name="Hero", sheet=sheet)


@pytest.mark.parametrize("system", POSTS)
def test_a_roll_post_makes_few_queries(
    system, gm, player, player_client, htmx, django_assert_max_num_queries, script_dice
):
    campaign, hero = table_for(system, gm, player)
    post = POSTS[system]
    url, data = reverse(post.url_name, args=[campaign.pk]), post.data
    player_client.post(url, {**data, "character": hero.pk}, **htmx)  # the first post warms what a process keeps
    if post.worst_faces:
        script_dice(*post.worst_faces)
    with django_assert_max_num_queries(post.queries):
        response = player_client.post(url, {**data, "character": hero.pk}, **htmx)
    assert response.status_code == 200
    assert f'data-roll-id="{Roll.objects.latest("pk").pk}"' in response.content.decode()
    if post.worst_faces:
        assert not Roll.objects.latest("pk").outcome["success"], "the worst case is a failure"
