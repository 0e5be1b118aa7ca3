"""Issue 24: every roll post's queries, bounded, so that a regression fails here. Each bound is the
figure reached, counted in the test database (whose transactions are savepoints, one query each
way): the session and the user (2), the campaign the member plays in, the character posted, then
the writes (and a system's call answered at once: its row, the roll, the call's new status)."""

import pytest
from django.urls import reverse

from campaigns import actions, systems
from campaigns.models import Membership, Roll
from characters.models import Character

pytestmark = pytest.mark.django_db

# Each system's everyday roll, as the benchmark posts it (bench/run.py, roll_posts), and its bound.
POSTS = {
    "cgg": ("roll", {"notation": "3d6+2"}, 5),
    "tribute": ("tribute_test", {"attribute": "Might", "focus": 2, "burden": 1, "known": "1", "opposition": 2,
                                 "effect": ""}, 8),
    "ore": ("ore_roll", {"stat": "Coordination", "skill": "Piloting", "bonus": 0, "penalty": 0, "known": "1",
                         "difficulty": 3}, 8),
    "zener": ("zener_check", {"skill": "Pilot", "stat": "PRAC", "modifier": 0, "extra": 0, "indirect": 0}, 5),
    "d100": ("d100_test", {"skill": "Stealth", "attribute": "Agility", "difficulty": "standard", "flip": ""}, 8),
}  # fmt: skip


def table_for(system: str, gm, player) -> tuple:
    """A campaign of `system` with the player's demo character, as the benchmark seeds it."""
    campaign = actions.create_campaign(gm, name=f"Bench {system}", system=system, settings={})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = systems.get(system).rules.validate_sheet(systems.get(system).demo_sheet, campaign.settings)
    return campaign, Character.objects.create(campaign=campaign, owner=player, name="Hero", sheet=sheet)


@pytest.mark.parametrize("system", POSTS)
def test_a_roll_post_makes_few_queries(system, gm, player, player_client, htmx, django_assert_max_num_queries):
    campaign, hero = table_for(system, gm, player)
    name, data, bound = POSTS[system]
    url = reverse(name, args=[campaign.pk])
    player_client.post(url, {**data, "character": hero.pk}, **htmx)  # the first post warms what a process keeps
    with django_assert_max_num_queries(bound):
        response = player_client.post(url, {**data, "character": hero.pk}, **htmx)
    assert response.status_code == 200
    assert f'data-roll-id="{Roll.objects.latest("pk").pk}"' in response.content.decode()
