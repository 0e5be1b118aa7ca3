"""d100 gaps closed after the rule-by-rule audit (docs/d100-rules.md): time taken, special skills
and Fortune in opposed tests, synergy on the GM's forms, the assistant's skill in any case, the GM's
Misfortune for NPCs, Peril at the table, and the recovery buttons."""

import pytest
from django.urls import reverse

from campaigns import actions
from campaigns.models import Membership, Roll
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


def _character(campaign, owner, name, skills, **sheet):
    raw = {"attributes": {"Agility": 45}, "skills": skills, **sheet}
    return Character.objects.create(campaign=campaign, owner=owner, name=name,
                                    sheet=campaign.rules_system.validate_sheet(raw, campaign.settings))  # fmt: skip


@pytest.fixture
def ulf(table, player):
    stealth = {"name": "Stealth", "attribute": "Agility", "ranks": 1}
    surgery = {"name": "Surgery", "attribute": "Agility", "ranks": 0, "special": True}
    return _character(table, player, "Ulf", [stealth, surgery])


@pytest.fixture
def ida(table, other_player):
    return _character(table, other_player, "Ida", [{"name": "Stealth", "attribute": "Agility", "ranks": 2}])


@pytest.fixture
def orc(table, gm):
    """An NPC: a character the GM owns."""
    return _character(table, gm, "Orc", [{"name": "Stealth", "attribute": "Agility", "ranks": 0}])


def _page(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk])).content.decode()


def _test(client, campaign, character, **changes):
    data = {"character": character.pk, "skill": "Stealth", "attribute": "", "difficulty": "standard", "flip": "",
            "label": "Sneak"} | changes  # fmt: skip
    return client.post(reverse("d100_test", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def _opposed(gm_client, campaign, first, second, **changes):
    data = {"first": first.pk, "first_skill": "Stealth", "first_attribute": "", "second": second.pk,
            "second_skill": "Stealth", "second_attribute": ""} | changes  # fmt: skip
    return gm_client.post(reverse("d100_opposed", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


# 22: an untrained special skill flips to fail in an opposed test too.


def test_an_untrained_special_skill_flips_to_fail_in_an_opposed_test(gm_client, player_client, table, ulf, ida,
                                                                     script_dice):  # fmt: skip
    # Ulf's Surgery (special, 0 ranks) at 45 rolls 19: flipped to fail, 91, a failure (unflipped: 5 degrees, a win).
    # Ida's Stealth at 65 rolls 05: a success, 0 + 4 degrees.
    script_dice(2, 10, 1, 6)
    assert _opposed(gm_client, table, ulf, ida, first_skill="Surgery").status_code == 200
    roll = Roll.objects.get(kind="d100_opposed")
    first, second = roll.outcome["outcomes"]
    assert (first["value"], first["success"], first["result"]) == (91, False, "Failure")
    assert (second["value"], second["degrees"]) == (5, 4)
    assert roll.outcome["winner"] == "Ida"
    page = _page(player_client, table)
    assert "91 (flip to fail) — Failure" in page
    assert "<strong>Ida</strong> wins." in page


# 11: the assistant's skill is read in any case.


def test_an_assistants_skill_is_read_in_any_case(player_client, table, ulf, ida, script_dice):
    ida.sheet = {**ida.sheet, "skills": [{"name": "stealth", "attribute": "Agility", "ranks": 1, "special": False}]}
    ida.save()
    script_dice(8, 3, 3)
    assert _test(player_client, table, ulf, assistant=ida.pk).status_code == 200
    assert Roll.objects.get().request["assisted_by"] == "Ida"
