"""The Tribute tests' table: "Tribute" (d6 dice) with the player and another player seated, a character
factory, and the player's Vera, who punches (each stood in several test modules of its own before)."""

import pytest

from campaigns.models import Membership
from campaigns.table import actions
from characters.models import Character

# Vera's punch: rank 2, damage 2 and range 1, with knockback.
PUNCH = {
    "name": "Punch",
    "rank": 2,
    "features": [{"name": "damage", "rank": 2}, {"name": "range", "rank": 1}],
    "bonuses": ["knockback"],
}


@pytest.fixture
def tribute(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Tribute", system="tribute", settings={"die_size": 6})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


def tribute_character(campaign, owner, name, effects, might=1):
    """A character of Might `might` with these effects."""
    sheet = campaign.rules_system.validate_sheet(
        {"attributes": {"Might": might}, "effects": effects}, campaign.settings
    )
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def hero(tribute, player):
    return tribute_character(tribute, player, "Vera", [PUNCH])
