"""Tribute Alpha at the table: the free test offers the character's effects as a list, and a
refused panel step is said once, beside the form that was posted."""

import re

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.tribute.tests.conftest import opposed_form, post_test, tribute_character

pytestmark = pytest.mark.django_db


@pytest.fixture
def vera(tribute, player):
    punch = {"name": "Punch", "rank": 2, "features": [{"name": "damage", "rank": 2}], "bonuses": []}
    return tribute_character(tribute, player, "Vera", [punch])


@pytest.fixture
def bo(tribute, player):
    shove = {"name": "Shove", "rank": 1, "features": [], "bonuses": []}
    return tribute_character(tribute, player, "Bo", [shove])


def _page(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()


def _once_beside(page: str, message: str, form_id: str) -> None:
    assert page.count(message) == 1
    assert page.index(message) > page.index(f'id="{form_id}"')


def test_the_free_test_offers_each_characters_effects(player_client, tribute, vera, bo):
    page = _page(player_client, tribute)
    select = re.search(r'<select name="effect"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert "(no effect)" in select
    vera_group = re.search(rf'<optgroup label="Vera" data-character="{vera.pk}">(.*?)</optgroup>', select).group(1)
    bo_group = re.search(rf'<optgroup label="Bo" data-character="{bo.pk}">(.*?)</optgroup>', select).group(1)
    assert "Punch" in vera_group
    assert "Shove" not in vera_group
    assert "Shove" in bo_group
    assert "Punch" not in bo_group


def test_a_character_without_effects_still_gets_the_list(player_client, tribute, player):
    tribute_character(tribute, player, "Plain", [])
    page = _page(player_client, tribute)
    assert re.search(r'<select name="effect"[^>]*>\s*<option value="">\(no effect\)</option>', page)
    assert '<input type="text" name="effect"' not in page


def test_another_characters_effect_is_refused_once_beside_the_test_form(player_client, tribute, vera, bo):
    response = post_test(player_client, tribute, vera, htmx=True, focus="1", effect="Shove", label="")
    assert response.status_code == 422
    _once_beside(response.content.decode(), "Vera has no effect called Shove.", "tribute-test-form")
    assert not RollCall.objects.exists()


def test_the_gms_refusals_are_said_once_beside_their_forms(gm_client, tribute, vera):
    opposed = opposed_form(vera, opponent_character="", opponent_name="", opponent_rank="1")
    refused = gm_client.post(reverse("tribute_opposed", args=[tribute.pk]), opposed, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    _once_beside(refused.content.decode(), "Name the opponent.", "tribute-opposed-form")

    npc = opposed | {"opponent_name": "Ogre", "opponent_rank": ""}
    no_rank = gm_client.post(reverse("tribute_opposed", args=[tribute.pk]), npc, HTTP_HX_REQUEST="true")
    _once_beside(no_rank.content.decode(), "Give the NPC&#x27;s rank", "tribute-opposed-form")

    event = gm_client.post(reverse("tribute_events", args=[tribute.pk]), {"event": "Knockback"}, HTTP_HX_REQUEST="true")
    _once_beside(event.content.decode(), "Key an event to a d4, d6, d8, d10 or d12.", "tribute-event-form")
    remove = gm_client.post(
        reverse("tribute_events", args=[tribute.pk]), {"remove": "d8 Nothing"}, HTTP_HX_REQUEST="true"
    )
    assert remove.status_code == 422
    _once_beside(remove.content.decode(), "is not keyed in this campaign.", "tribute-events-title")
    assert not RollCall.objects.exists()
