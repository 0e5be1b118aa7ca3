"""The Zener tests' shared table: a campaign with the player and another player seated, the one way
the tests make an explorer (`explorer`), its fighters Kai and Ren, its pilots, the demo's Mara, and the
sheet form as a player posts it."""

import pytest
from django.urls import reverse

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


STATS = ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")


def explorer(campaign, owner, name="Kai", stats=None, **sheet):
    """An explorer with these stats (10 where none is given), INT's dice [3, 3] (INT 12: 24 skill points)
    and these other entries of the sheet, as the sheet's validation completes it."""
    raw = {"stats": stats or {}, "int_dice": [3, 3], **sheet}
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, sheet=campaign.rules_system.validate_sheet(raw)
    )


def sheet_form(**fields):
    """The sheet form's fields as a player posts them (through `zener_post`): Kai, every stat 12, no
    skills, no notes, and these fields."""
    return {"name": "Kai", **{f"stat__{stat}": "12" for stat in STATS}, "skills": "", "notes": "", **fields}


def rules_page(client) -> str:
    """The Zener rules page, where each reading the app makes of the seed is published."""
    return client.get(reverse("rules_system", args=["zener"])).content.decode()


def immerse(client, campaign, character, headers=None, **changes):
    """The immersion form posted by `client`: the seed's example, 6 hours among 18th-century French speakers
    (1 rank of era difference), the spoken aspect, with `changes`; the response."""
    data = {"character": character.pk, "language": "French", "among": "18th century", "hours": "6"}
    data |= {"era_ranks": "1", "aspect": "spoken", "related": "0", "label": ""} | changes
    return client.post(reverse("zener_immersion", args=[campaign.pk]), data, **(headers or {}))


def growth_step(client, campaign, character, step, **data):
    """One of the GM's growth steps for the character (buy off a rank, a complication, pay off a debt)."""
    return client.post(
        reverse("zener_growth", args=[campaign.pk]),
        {"character": character.pk, "step": step, **data},
        HTTP_HX_REQUEST="true",
    )


def fighter(campaign, owner, name):
    """An explorer for the GM's attack form: PRAC 12, so ACC foundation 7 ("Kai needs 18 on 3d6")."""
    return explorer(campaign, owner, name, {"PRAC": 12})


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


PILOT_3 = {"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}
# A pilot's Pilot check (Pilot 3 + PRAC foundation 8 = 11 on 3d6) rolling 6, 6, 5: the roll's whole outcome.
PILOT_FAILS_BY_6 = {"faces": [6, 6, 5], "total": 17, "target": 11, "success": False, "margin": -6, "bonus": 0}


def pilot(campaign, owner, name, **stats):
    """A pilot for checks: PRAC 12 (or as given) and Pilot 3 (narrow, PRAC)."""
    return explorer(campaign, owner, name, {"PRAC": 12, **stats}, skills=[PILOT_3])


@pytest.fixture
def mara(zg, player):
    """The demo's character: PRAC 12, Pilot 3 (PRAC), Pistol 2 and a 2d6 pistol; every other stat 10."""
    sheet = zg.rules_system.validate_sheet({**ADAPTER.demo_sheet, "notes": ""})
    return Character.objects.create(campaign=zg, owner=player, name="Mara", sheet=sheet)
