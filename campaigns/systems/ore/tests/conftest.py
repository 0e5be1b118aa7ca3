"""The One-Roll Engine tests' table: "ORE", with the player and another player seated; its
characters: Jet the pilot, the demo's Mara Vell, and Ace, who flies and dodges; and the forms a
roll and a contest are asked with."""

import pytest

from campaigns.models import Membership
from campaigns.systems.ore.adapter import ADAPTER
from campaigns.table import actions
from characters.models import Character
from tests.factories import post_step


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


def roll_form(character, /, **changes):
    """The player's roll form: Jet's "Evade", Coordination + Piloting against a known difficulty of 4,
    unless told otherwise."""
    data = {
        "character": character.pk,
        "stat": "Coordination",
        "skill": "Piloting",
        "bonus": "0",
        "penalty": "0",
        "known": "1",
        "difficulty": "4",
        "label": "Evade",
    }
    return data | changes


# The extra action Ace declares beside his primary one, on a roll or a contest's roll.
DODGE_THE_DRONE = {"extra_1": "Dodge", "extra_1_label": "Dodge the drone", "extra_2": "", "extra_2_label": ""}


def fly_and_dodge(character, /, **changes):
    """A player's ORE roll of Piloting, known difficulty 0, "Fly", with an extra action: "Dodge the drone"."""
    return roll_form(character, stat="", difficulty="0", label="Fly", **DODGE_THE_DRONE) | changes


# The contest's other side when it is an NPC: its pool, typed by the GM.
DRONE = {"npc_name": "Drone", "npc_normal": "3", "npc_hard": "0", "npc_wiggle": "0"}


def opposing_character(opponent, skill, **changes):
    """The contest's other side when it is a character: its skill, with the skill's own stat."""
    return {"opponent_character": opponent.pk, "opponent_stat": "", "opponent_skill": skill} | changes


def contest_form(character, opponent=DRONE, /, **changes):
    """The GM's contest form: the character's Piloting, with its own stat, against `opponent` (the Drone,
    who rolls 3 normal dice, unless told otherwise)."""
    return {"character": character.pk, "stat": "", "skill": "Piloting", **opponent} | changes


def post_roll(client, campaign, data, *, htmx=False):
    """`client` rolls with the roll form's `data`; htmx: as the page's form sends it."""
    return post_step(client, "ore_roll", campaign, data, htmx=htmx)


def post_contest(client, campaign, data, *, htmx=False):
    """`client` calls a contest with the contest form's `data`; htmx: as the GM screen's form sends it."""
    return post_step(client, "ore_contest", campaign, data, htmx=htmx)
