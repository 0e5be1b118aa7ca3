"""Centaurus Gate campaigns and explorers for tests, and the Exec's call for action as they post it:
conftest.py offers the fixtures here, and other test packages import them."""

import pytest
from django.urls import reverse

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
def kit():
    """The gear and leverage on the sheets of a module's explorer and its `helper`: none, unless the module says."""
    return {}


@pytest.fixture
def helper(cgg_campaign, other_player, kit):
    """The other player's Kade, Strength 2d+1 and Technical 3d, to assist (seat the other player)."""
    return new_explorer(cgg_campaign, other_player, "Kade", {"strength": "2d+1", "technical": "3d"}, **kit)


@pytest.fixture
def mara(cgg_campaign, player):
    """Mara Vell, Dexterity 4d+1: one of two explorers in tension mode (with `jon`)."""
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "4d+1"})


@pytest.fixture
def jon(cgg_campaign, other_player):
    """The other player's Jon Ash, Dexterity 4d+1 (seat the other player: `seat_other_player`)."""
    return new_explorer(cgg_campaign, other_player, "Jon Ash", attributes={"dexterity": "4d+1"})


def call_form(explorer, attribute="dexterity", base_dice=5, **fields):
    """The Exec's call for action as its form posts it (and the odds read it): a table action at base risk
    against a difficulty of `base_dice`, with these other fields (`mode`, `label`, `assist`...)."""
    call = {"character": explorer.pk, "attribute": attribute, "mode": "table", "base_dice": str(base_dice)}
    return call | {"risk": "base", "risk_bonus": "0"} | fields


def exec_call(client, campaign, explorer, attribute="dexterity", base_dice=5, **fields):
    """That call posted by `client` (the Exec's, or not) as htmx posts it; the response."""
    data = call_form(explorer, attribute, base_dice, **fields)
    return client.post(reverse("cgg_call", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def exec_odds(client, campaign, explorer, attribute="dexterity", base_dice=5, **fields) -> str:
    """The Exec's odds for that call, as the page shows them."""
    query = call_form(explorer, attribute, base_dice, **fields)
    return client.get(reverse("cgg_odds", args=[campaign.pk]), query).content.decode()


def wrench(client, made, **data):
    """The player's Wrench on the roll `made`, with these Venture uses (and aspect), as htmx posts it."""
    return client.post(reverse("cgg_wrench", args=[made.campaign_id, made.pk]), data, HTTP_HX_REQUEST="true")


def table_log(client, campaign) -> str:
    """The table's panel tab as `client` sees it: the log, with each roll's card."""
    return client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()


def table_page(client, campaign) -> str:
    """The table as `client` sees it: the page and its panel tab (the log), as one text."""
    return "".join(
        client.get(reverse("table", args=[campaign.pk]), {"tab": tab}).content.decode() for tab in ("", "panel")
    )
