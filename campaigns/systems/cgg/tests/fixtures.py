"""Centaurus Gate campaigns for tests: conftest.py offers them here, and other test packages import them."""

import pytest

from campaigns import actions
from campaigns.models import Membership


@pytest.fixture
def cgg_campaign(gm, player):
    """A Centaurus Gate campaign: the Exec (`gm`) and one player seated at it."""
    campaign = actions.create_campaign(gm, name="Centaurus", system="cgg", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def seat_other_player(cgg_campaign, other_player):
    """The second player joins: a module uses it with `pytest.mark.usefixtures("seat_other_player")`."""
    Membership.objects.create(campaign=cgg_campaign, user=other_player)
