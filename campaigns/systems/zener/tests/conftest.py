"""The Zener tests' shared table: a campaign with the player and another player seated (it stood in
every test module of its own before), its fighters Kai and Ren, its pilots, and the demo's Mara."""

import pytest

from campaigns.models import Membership
from campaigns.systems.zener.adapter import ADAPTER
from campaigns.table import actions
from characters.models import Character


@pytest.fixture
def zg(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Zener", system="zener", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


def fighter(campaign, owner, name):
    """An explorer for the GM's attack form: PRAC 12, so ACC foundation 7 ("Kai needs 18 on 3d6")."""
    sheet = campaign.rules_system.validate_sheet({"stats": {"PRAC": 12}, "int_dice": [3, 3]})
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def character_maker():
    """How `kai` and `ren` are made: as fighters, unless a module overrides this fixture with its own maker."""
    return fighter


@pytest.fixture
def kai(zg, player, character_maker):
    return character_maker(zg, player, "Kai")


@pytest.fixture
def ren(zg, other_player, character_maker):
    return character_maker(zg, other_player, "Ren")


def pilot(campaign, owner, name, **stats):
    """A pilot for checks: PRAC 12 (or as given) and Pilot 3 (narrow, PRAC)."""
    sheet = campaign.rules_system.validate_sheet(
        {
            "stats": {"PRAC": 12, **stats},
            "int_dice": [3, 3],
            "skills": [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}],
        }
    )
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def mara(zg, player):
    """The demo's character: PRAC 12, Pilot 3 (PRAC), Pistol 2 and a 2d6 pistol; every other stat 10."""
    sheet = zg.rules_system.validate_sheet({**ADAPTER.demo_sheet, "notes": ""})
    return Character.objects.create(campaign=zg, owner=player, name="Mara", sheet=sheet)
