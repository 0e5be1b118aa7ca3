"""The d100 tests' table: "Grim", made through the new-campaign page by the GM, with the player in it, and
the player's Ulf (Agility 45, Stealth 1)."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership
from characters.models import Character


@pytest.fixture
def grim(gm_client, player):
    gm_client.post(reverse("campaign_new"), {"name": "Grim", "system": "d100"})
    campaign = Campaign.objects.get(name="Grim")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def ulf(grim, player):
    raw = {"attributes": {"Agility": 45}, "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 1}]}
    return Character.objects.create(campaign=grim, owner=player, name="Ulf",
                                    sheet=grim.rules_system.validate_sheet(raw, grim.settings))  # fmt: skip
