"""The d100 tests' table: "Grim", made through the new-campaign page by the GM, with the player in it (and
with the other player too, as `table`), and its characters: the player's Ulf (Agility 45, Stealth 1) and the
other player's Ida (Agility 45, Stealth 2)."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership
from characters.models import Character

STEALTH = {"name": "Stealth", "attribute": "Agility", "ranks": 1}
SURGERY = {"name": "Surgery", "attribute": "Agility", "ranks": 0, "special": True}


@pytest.fixture
def grim(gm_client, player):
    gm_client.post(reverse("campaign_new"), {"name": "Grim", "system": "d100"})
    campaign = Campaign.objects.get(name="Grim")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def table(grim, other_player):
    """Grim with the other player seated too."""
    Membership.objects.create(campaign=grim, user=other_player)
    return grim


def table_and_panel(client, campaign) -> str:
    """The table page as `client` sees it, and its tab with the system's panel."""
    return "".join(
        client.get(reverse("table", args=[campaign.pk]), {"tab": tab}).content.decode() for tab in ("", "panel")
    )


def post_opposed(client, campaign, first, second, **changes):
    """The GM's opposed test of two characters' Stealth (htmx)."""
    data = {
        "first": first.pk,
        "first_skill": "Stealth",
        "first_attribute": "",
        "second": second.pk,
        "second_skill": "Stealth",
        "second_attribute": "",
    } | changes
    return client.post(reverse("d100_opposed", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def d100_character(campaign, owner, name, skills=(STEALTH,), **sheet):
    """A character of Agility 45 with these skills (Stealth 1 unless told), made as the sheet form would."""
    raw = {"attributes": {"Agility": 45}, "skills": list(skills), **sheet}
    return Character.objects.create(
        campaign=campaign, owner=owner, name=name, sheet=campaign.rules_system.validate_sheet(raw, campaign.settings)
    )


@pytest.fixture
def ulf(grim, player):
    return d100_character(grim, player, "Ulf")


@pytest.fixture
def ida(table, other_player):
    return d100_character(table, other_player, "Ida", [STEALTH | {"ranks": 2}])
