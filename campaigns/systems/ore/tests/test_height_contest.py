"""Height-only contests, the GM's option (seed: "Dynamic Contests": "If it doesn't matter who
goes first ... just look at the height of the rolls; the higher roll wins")."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.ore.tests.conftest import contest_form, post_contest
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def runner(ore, player):
    sheet = ore.rules_system.validate_sheet(
        {"stats": {"Body": 3}, "skills": [{"name": "Running", "stat": "Body", "normal": 2}]}
    )
    return Character.objects.create(campaign=ore, owner=player, name="Rush", sheet=sheet)


def call(gm_client, ore, runner, **changes):
    data = contest_form(runner, skill="Running", npc_name="Courier", height_only="on", label="The race")
    return post_contest(gm_client, ore, data | changes)


def test_when_order_does_not_matter_the_higher_set_wins(gm_client, player_client, ore, runner, script_dice):
    assert call(gm_client, ore, runner).status_code == 302
    contest = RollCall.objects.get()
    assert contest.request["height_only"] is True
    for client in (gm_client, player_client):
        card = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "Order does not matter: the higher set wins." in card
    script_dice(4, 4, 4, 1, 2, 9, 9, 1)  # Rush: 3x4 (wider); Courier: 2x9 (higher)
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, contest.pk]), {"bonus": "0", "penalty": "0"})
    assert Roll.objects.exists()
    for client in (gm_client, player_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "Order does not matter: 2x9 is higher than 3x4 and wins." in page
        assert "<strong>Courier</strong> acts first." not in page
        assert "<strong>Courier</strong> wins." in page


def test_without_the_option_the_wider_set_still_goes_first(gm_client, player_client, ore, runner, script_dice):
    data = contest_form(runner, skill="Running", npc_name="Courier")
    post_contest(gm_client, ore, data)
    contest = RollCall.objects.get()
    assert not contest.request.get("height_only")
    script_dice(4, 4, 4, 1, 2, 9, 9, 1)
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, contest.pk]), {"bonus": "0", "penalty": "0"})
    page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "3x4 is wider and goes first; 2x9 still beats height 4." in page


def test_an_npcs_wiggle_dice_make_its_highest_set(gm_client, player_client, ore, runner, script_dice):
    call(gm_client, ore, runner, npc_normal="3", npc_wiggle="1")
    contest = RollCall.objects.get()
    script_dice(1, 2, 3, 5, 5, 4, 4, 8)  # Rush: 5 dice, no set... 5, 5 is 2x5; Courier: 4, 4, 8 + a wiggle die
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, contest.pk]), {"bonus": "0", "penalty": "0"})
    roll = Roll.objects.get()
    assert roll.outcome["opponent_wiggle"] == [8]  # 2x8, not the wider 3x4
    assert "2x8 is higher than 2x5 and wins." in gm_client.get(reverse("table", args=[ore.pk])).content.decode()


def test_the_gm_form_offers_the_option(gm_client, ore, runner):
    page = gm_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert 'name="height_only"' in page


def test_the_rules_page_publishes_the_reading(client):
    page = client.get(reverse("rules")).content.decode()
    assert "Height-only contests" in page
    assert "each side&#x27;s highest set" in page or "each side's highest set" in page


def test_the_players_wiggle_suggestion_makes_the_highest_set(gm_client, player_client, ore, runner, script_dice):
    runner.sheet["skills"] = [{"name": "Running", "stat": "Body", "normal": 1, "hard": 0, "wiggle": 1}]
    runner.save()
    call(gm_client, ore, runner)
    contest = RollCall.objects.get()
    script_dice(4, 4, 4, 8, 1, 2, 3)  # Rush: 4, 4, 4, 8 and a wiggle die: 4x4 is wider, 2x8 higher
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, contest.pk]), {"bonus": "0", "penalty": "0"})
    card = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "Suggested: all on 8." in card


def test_the_log_summary_of_a_lost_contest_names_the_winner(gm_client, player_client, ore, runner, script_dice):
    """Play-test: the screen-reader sentence said "Rush rolled ...: 3x4, success." when Courier won."""
    call(gm_client, ore, runner, height_only="")
    script_dice(4, 4, 1, 2, 3, 9, 9, 9)  # Rush: 2x4; Courier: 3x9, wider and higher
    player_client.post(
        reverse("ore_contest_roll", args=[ore.pk, RollCall.objects.get().pk]), {"bonus": "0", "penalty": "0"}
    )
    for client in (gm_client, player_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "2x4, success" not in page
        assert "2x4, against Courier (3x9): Courier wins." in page
