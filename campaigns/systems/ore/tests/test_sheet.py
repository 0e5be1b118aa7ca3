"""The One-Roll Engine sheet's skill lines: each fault named as it is (issue 18)."""

import pytest
from django.urls import reverse

from campaigns import actions
from campaigns.models import Membership
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def ore(gm, player):
    campaign = actions.create_campaign(gm, name="ORE", system="ore", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def sheet_data(skills: str) -> dict:
    stats = {f"stat__{name}": "2" for name in ("Body", "Coordination", "Sense", "Brains", "Command", "Cool")}
    return {"name": "Jet", **stats, "skills": skills, "notes": ""}


def test_skill_lines_with_bad_dice_name_the_dice_every_one_at_once(player_client, ore):
    """Play-test: `Piloting (Coordination) 2d+1xd` said "its stat is one of Body, Coordination…"."""
    lines = ["Piloting (Coordination) 2d+1xd", "Running (Body) 2d²", "Hiding (Cool) --1", "Dodge (Body) 2d extra"]
    response = player_client.post(reverse("character_new", args=[ore.pk]), sheet_data("\n".join(lines)))
    assert response.status_code == 422
    page = response.content.decode()
    assert "its stat is one of" not in page
    for line in lines:
        dice = line.split(") ", 1)[1]
        assert f"{line.split(' (')[0]}: &#x27;{dice}&#x27; are not dice" in page
    assert not Character.objects.exists()


def test_a_skill_line_with_an_unknown_stat_names_the_stat(player_client, ore):
    response = player_client.post(reverse("character_new", args=[ore.pk]), sheet_data("Piloting (Agility) 2d"))
    assert response.status_code == 422
    assert "Piloting: its stat is one of Body" in response.content.decode()


def test_skill_names_differing_only_in_case_are_refused(player_client, ore):
    response = player_client.post(
        reverse("character_new", args=[ore.pk]), sheet_data("Piloting (Coordination) 2d\npiloting (Body) 1d")
    )
    assert response.status_code == 422
    assert "Skill names must differ" in response.content.decode()
    assert not Character.objects.exists()
