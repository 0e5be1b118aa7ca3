"""The Tribute tests' table: "Tribute" (d6 dice) with the player and another player seated, a character
factory, the player's Vera, who punches, and the two forms a test is asked with: the player's test
against an opposition and the GM's opposed test against an NPC."""

import pytest

from campaigns.models import Membership
from campaigns.table import actions
from characters.models import Character
from tests.factories import post_step

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


def test_form(character, /, **changes):
    """The player's test form: Vera's "Break the door", 2 FOCUS and 1 BURDEN with her Punch against a
    known opposition of 2, unless told otherwise."""
    data = {
        "character": character.pk,
        "attribute": "Might",
        "focus": "2",
        "burden": "1",
        "effect": "Punch",
        "known": "1",
        "opposition": "2",
        "label": "Break the door",
    }
    return data | changes


test_form.__test__ = False  # a form's fields, not a test, in the modules that import it


def opposed_form(character, /, **changes):
    """The GM's opposed test form: the character's Might against Ogre, an NPC of rank 2 who rolls
    1 FOCUS and 1 BURDEN with his Might, unless told otherwise."""
    data = {
        "character": character.pk,
        "attribute": "Might",
        "opponent_name": "Ogre",
        "opponent_rank": "2",
        "opponent_attribute": "Might",
        "opponent_focus": "1",
        "opponent_burden": "1",
    }
    return data | changes


def post_test(client, campaign, character, /, *, htmx=False, **changes):
    """`client` asks for a test (`test_form`); htmx: as the page's form sends it."""
    return post_step(client, "tribute_test", campaign, test_form(character, **changes), htmx=htmx)


def post_opposed(client, campaign, character, /, *, htmx=False, **changes):
    """`client` calls an opposed test (`opposed_form`); htmx: as the GM screen's form sends it."""
    return post_step(client, "tribute_opposed", campaign, opposed_form(character, **changes), htmx=htmx)
