"""The d100 tests' table: "Grim", made through the new-campaign page by the GM, with the player in it (and
with the other player too, as `table`); its characters: the player's Ulf (Agility 45, Stealth 1) and the
other player's Ida (Agility 45, Stealth 2); and the forms the player's test, the GM's secret test and the
GM's opposed test are asked with."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership
from characters.models import Character
from tests.factories import post_step

STEALTH = {"name": "Stealth", "attribute": "Agility", "ranks": 1}
SURGERY = {"name": "Surgery", "attribute": "Agility", "ranks": 0, "special": True}


def new_grim(gm_client, player, **settings) -> Campaign:
    """Grim, made through the new-campaign page with these d100 settings, the player seated."""
    data = {"name": "Grim", "system": "d100"} | {f"d100__{name}": value for name, value in settings.items()}
    gm_client.post(reverse("campaign_new"), data)
    campaign = Campaign.objects.get(name="Grim")
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def grim(gm_client, player):
    return new_grim(gm_client, player)


@pytest.fixture
def table(grim, other_player):
    """Grim with the other player seated too."""
    Membership.objects.create(campaign=grim, user=other_player)
    return grim


def test_form(character, /, **changes):
    """The player's test form: the character's Stealth with its own attribute, at standard difficulty, "Sneak"."""
    data = {
        "character": character.pk,
        "skill": "Stealth",
        "attribute": "",
        "difficulty": "standard",
        "flip": "",
        "label": "Sneak",
    }
    return data | changes


test_form.__test__ = False  # a form's fields, not a test, in the modules that import it


def secret_test_form(character, /, **changes):
    """The GM's secret test form: the character's Stealth at hard difficulty, "Is he followed?"."""
    return test_form(character, difficulty="hard", label="Is he followed?") | changes


def opposed_form(first, second, **changes):
    """The GM's opposed test form: two characters' Stealth, each with its own attribute."""
    data = {
        "first": first.pk,
        "first_skill": "Stealth",
        "first_attribute": "",
        "second": second.pk,
        "second_skill": "Stealth",
        "second_attribute": "",
    }
    return data | changes


def post_opposed(client, campaign, first, second, **changes):
    """The GM's opposed test of two characters' Stealth (htmx)."""
    return post_step(client, "d100_opposed", campaign, opposed_form(first, second, **changes), htmx=True)


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
def surgeon(table, player):
    """Ulf at the full table with Surgery (a special skill, untrained) beside his Stealth: the modules that
    play the special skills' rules make him their `ulf`."""
    return d100_character(table, player, "Ulf", [STEALTH, SURGERY])


@pytest.fixture
def ida(table, other_player):
    return d100_character(table, other_player, "Ida", [STEALTH | {"ranks": 2}])
