"""Assistants further below the lead help less (seed, "Assistants": "For assistants of skill level 2 less, drop one
level on the table, and so on"; the Assistants Table's row 1 reads "1 @ skill -1, 2-3 @ skill -2, 4-7 @ skill -3"):
the check form asks how far below the lead they are, and the odds and the log count it."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import pilot

pytestmark = pytest.mark.django_db


@pytest.fixture
def lead(zg, player):
    """PRAC 12 (foundation 8) and Pilot 3: 11 on 3d6 before any help."""
    return pilot(zg, player, "Kai")


def check(lead, **more):
    return {"character": lead.pk, "skill": "Pilot", "stat": "", "assistants": "4", "label": "", **more}


@pytest.mark.parametrize(("level", "bonus"), [("1", 3), ("2", 2), ("3", 1), ("4", 0)])
def test_four_assistants_help_by_their_skill(player_client, zg, lead, level, bonus):
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), check(lead, assistant_level=level)).content.decode()
    assert f"3d6 at or under {11 + bonus}" in odds
    assert f"4 assistants at skill −{level} (+{bonus})" in odds


def test_four_assistants_three_levels_below_give_one_in_the_log(player_client, zg, lead, script_dice):
    script_dice(4, 4, 4)  # 12: made at 12 (+1), not at 14 (+3 as one level below)
    assert player_client.post(reverse("zener_check", args=[zg.pk]), check(lead, assistant_level="3")).status_code == 302
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["target"], roll.outcome["success"]) == (12, 12, True)
    assert roll.request["what"] == "Pilot 3 + PRAC foundation 8 + 1, 4 assistants at skill −3 (+1)"
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "4 assistants at skill −3 (+1)" in page


def test_the_form_offers_the_assistants_skill(player_client, zg, lead):
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert 'name="assistant_level"' in page
    assert "3 levels below the lead (skill −3)" in page


def test_too_many_assistants_for_their_skill_are_refused_and_roll_nothing(player_client, zg, lead):
    # The printed table's row 14 reads "103-117 @ skill -1, 118-133 @ skill -2": at skill −1 it stops at 117.
    ok = player_client.get(reverse("zener_odds", args=[zg.pk]), check(lead, assistants="118", assistant_level="2"))
    assert "118 assistants at skill −2 (+14): 3d6 at or under 25" in ok.content.decode()
    data = check(lead, assistants="118", assistant_level="1")
    response = player_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "118 assistants at skill −1 are off the table: at skill −1 it counts up to 117." in response.content.decode()
    assert not Roll.objects.exists()
