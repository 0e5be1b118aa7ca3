"""The One-Roll Engine tests' table: "ORE", with the player and another player seated, and its
characters: Jet the pilot, the demo's Mara Vell, and Ace, who flies and dodges (each stood in
several test modules of its own before)."""

import pytest

from campaigns.models import Membership
from campaigns.systems.ore.adapter import ADAPTER
from campaigns.table import actions
from characters.models import Character


@pytest.fixture
def ore(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="ORE", system="ore", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


def ore_character(campaign, owner, name, raw):
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, sheet=campaign.rules_system.validate_sheet(raw)
    )


@pytest.fixture
def pilot(ore, player):
    """Jet: Coordination 3, Piloting 1d+1hd+1wd."""
    return ore_character(
        ore,
        player,
        "Jet",
        {
            "stats": {"Coordination": 3},
            "skills": [{"name": "Piloting", "stat": "Coordination", "normal": 1, "hard": 1, "wiggle": 1}],
        },
    )


@pytest.fixture
def mara(ore, player):
    """The demo's character, as `manage.py demo` makes her."""
    return ore_character(ore, player, "Mara Vell", {**ADAPTER.demo_sheet, "notes": "A demo character."})


@pytest.fixture
def ace(ore, player):
    """Ace: Coordination 3 and Body 4; Piloting 2d, Dodge 3d, Gunnery 2d+1wd."""
    return ore_character(
        ore,
        player,
        "Ace",
        {
            "stats": {"Coordination": 3, "Body": 4},
            "skills": [
                {"name": "Piloting", "stat": "Coordination", "normal": 2},
                {"name": "Dodge", "stat": "Coordination", "normal": 3},
                {"name": "Gunnery", "stat": "Coordination", "normal": 2, "wiggle": 1},
            ],
        },
    )


def fly_and_dodge(character, **changes):
    """A player's ORE roll of Piloting, known difficulty 0, "Fly", with an extra action: "Dodge the drone"."""
    data = {
        "character": character.pk,
        "stat": "",
        "skill": "Piloting",
        "bonus": "0",
        "penalty": "0",
        "known": "1",
        "difficulty": "0",
        "label": "Fly",
        "extra_1": "Dodge",
        "extra_1_label": "Dodge the drone",
        "extra_2": "",
        "extra_2_label": "",
    }
    return data | changes
