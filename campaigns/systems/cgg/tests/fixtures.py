"""Centaurus Gate campaigns and explorers for tests: conftest.py offers them here, and other test packages
import them."""

import pytest

from campaigns.models import Membership
from campaigns.table import actions
from characters.models import Character
from rules.cgg.sheet import default_sheet


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


def new_explorer(campaign, owner, name="Mara Vell", attributes=None, **sheet):
    """An explorer on the default sheet, with these attribute codes and these other entries of the sheet."""
    raw = default_sheet() | sheet
    raw["attributes"] = raw["attributes"] | (attributes or {})
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=raw)


@pytest.fixture
def explorer(cgg_campaign, player):
    """The player's Mara Vell on the default sheet: a module that needs other codes makes its own."""
    return new_explorer(cgg_campaign, player)


@pytest.fixture
def mara(cgg_campaign, player):
    """Mara Vell, Dexterity 4d+1: one of two explorers in tension mode (with `jon`)."""
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "4d+1"})


@pytest.fixture
def jon(cgg_campaign, other_player):
    """The other player's Jon Ash, Dexterity 4d+1 (seat the other player: `seat_other_player`)."""
    return new_explorer(cgg_campaign, other_player, "Jon Ash", attributes={"dexterity": "4d+1"})
