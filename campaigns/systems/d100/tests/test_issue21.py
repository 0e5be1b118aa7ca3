"""d100 at the table, issue 21: the ±30 cap as the GM's setting, the GM's own secret test of a
player's character, opposed tests at each side's difficulty, and the GM's Fury and Chaos dice."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership, Roll
from characters.models import Character

pytestmark = pytest.mark.django_db


def _campaign(gm_client, player, cap: str = "") -> Campaign:
    data = {"name": "Grim", "system": "d100"} | ({"d100__modifier_cap": cap} if cap else {})
    gm_client.post(reverse("campaign_new"), data)
    campaign = Campaign.objects.get(name="Grim")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def _veteran(campaign, owner) -> Character:
    """Agility 45, Stealth with 3 ranks, talents +20: the issue's numbers."""
    raw = {"attributes": {"Agility": 45}, "modifiers": 20,
           "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 3}]}  # fmt: skip
    sheet = campaign.rules_system.validate_sheet(raw, campaign.settings)
    return Character.objects.create(campaign=campaign, owner=owner, name="Ulf", sheet=sheet)


def _test(client, campaign, character):
    data = {"character": character.pk, "skill": "Stealth", "attribute": "", "difficulty": "standard", "flip": ""}
    return client.post(reverse("d100_test", args=[campaign.pk]), data)


@pytest.mark.parametrize(("cap", "chance"), [("", 75), ("0", 75), ("1", 95)], ids=["default", "literal", "talents"])
def test_the_gm_chooses_what_the_cap_covers(gm_client, player_client, player, script_dice, cap, chance):
    campaign = _campaign(gm_client, player, cap)
    ulf = _veteran(campaign, player)
    script_dice(9, 1)  # 80
    _test(player_client, campaign, ulf)
    assert Roll.objects.get().outcome["chance"] == chance
    odds = player_client.get(reverse("d100_odds", args=[campaign.pk]),
                             {"character": ulf.pk, "skill": "Stealth", "difficulty": "standard"})  # fmt: skip
    assert f"{chance}%" in odds.content.decode()
