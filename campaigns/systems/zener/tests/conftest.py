"""The Zener tests' shared table: a campaign with the player and another player seated (it stood in
every test module of its own before)."""

import pytest

from campaigns import actions
from campaigns.models import Membership


@pytest.fixture
def zg(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Zener", system="zener", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign
