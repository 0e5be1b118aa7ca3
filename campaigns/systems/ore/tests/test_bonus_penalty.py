"""Bonus and penalty dice at the table (seed: "Penalty Dice and Bonus Dice"), for a roll, for the
called player's side of a contest and for an opposing character; and the equal-width contest
rule (seed: "Dynamic Contests": "If the widths tie, the higher roll wins")."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.ore.tests.conftest import contest_form, opposing_character, post_contest, post_roll, roll_form
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def eye(ore, other_player):
    sheet = ore.rules_system.validate_sheet(
        {"stats": {"Sense": 2}, "skills": [{"name": "Scrutiny", "stat": "Sense", "normal": 0, "hard": 1}]}
    )
    return Character.objects.create(campaign=ore, owner=other_player, name="Eye", sheet=sheet)


def roll_data(pilot, **changes):
    """Jet's roll against a known difficulty of 0, with neither stat nor skill unless told."""
    return roll_form(pilot, stat="", skill="", difficulty="0") | changes


def test_bonus_dice_are_rolled_as_normal_dice(player_client, gm_client, ore, pilot, script_dice):
    script_dice(2, 4, 6, 8, 8)  # Coordination 3 + 2 bonus dice: five normal dice
    response = post_roll(player_client, ore, roll_data(pilot, stat="Coordination", bonus="2"))
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert (roll.request["side"]["normal"], roll.outcome["faces"]) == (5, [2, 4, 6, 8, 8])
    for client in (player_client, gm_client):
        assert "✔ 2x8" in client.get(reverse("table", args=[ore.pk])).content.decode()


def test_penalty_dice_take_the_hard_die_first_then_normal_dice(player_client, ore, pilot, script_dice):
    script_dice(3, 3, 9)  # Coordination 3 + Piloting (1 normal, 1 hard, 1 wiggle) less 2: 3 normal + 1 wiggle
    post_roll(player_client, ore, roll_data(pilot, skill="Piloting", penalty="2"))
    call = RollCall.objects.get()
    side = call.request["side"]
    assert (side["normal"], side["hard"], side["wiggle"]) == (3, 0, 1)
    assert call.status == RollCall.Status.PLAYER_TURN  # the wiggle die is lost last
    player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "9"})
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "✔ 2x9" in page  # 3, 3 and 9, 9: two sets of two, the higher is best; no hard 10
    assert "1 hard" not in page


def test_penalty_dice_beyond_the_pool_leave_nothing_to_roll(player_client, ore, pilot):
    response = post_roll(player_client, ore, roll_data(pilot, stat="Coordination", penalty="3"), htmx=True)
    assert response.status_code == 422
    assert "nothing to roll" in response.content.decode()
    assert not RollCall.objects.exists()


def contest(gm_client, ore, pilot, opponent, opponent_bonus="0", opponent_penalty="0"):
    """Jet's Coordination against the opponent's Scrutiny, with these bonus and penalty dice for the opponent."""
    scrutiny = opposing_character(
        opponent, "Scrutiny", opponent_bonus=opponent_bonus, opponent_penalty=opponent_penalty
    )
    return post_contest(gm_client, ore, contest_form(pilot, scrutiny, stat="Coordination", skill=""), htmx=True)


def test_the_opposing_character_gets_bonus_and_penalty_dice(gm_client, player_client, ore, pilot, eye, script_dice):
    assert contest(gm_client, ore, pilot, eye, opponent_bonus="2", opponent_penalty="1").status_code == 200
    call = RollCall.objects.get()
    opponent = call.request["opponent"]
    assert (opponent["what"], opponent["normal"], opponent["hard"]) == ("Sense + Scrutiny", 4, 0)  # the hard die lost
    script_dice(1, 2, 4, 5, 5, 9, 9, 9)  # Jet: 3 normal + 1 bonus die; Eye: 5, 9, 9, 9
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, call.pk]), {"bonus": "1", "penalty": "0"})
    roll = Roll.objects.get()
    assert (roll.outcome["faces"], roll.outcome["opponent_faces"]) == ([1, 2, 4, 5], [5, 9, 9, 9])
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "<strong>Eye</strong> Sense + Scrutiny:" in page
    assert "3x9" in page


def test_an_npcs_pool_takes_no_bonus_or_penalty_fields(gm_client, ore, pilot):
    data = contest_form(pilot, stat="Coordination", skill="", opponent_bonus="1", opponent_penalty="0")
    response = post_contest(gm_client, ore, data, htmx=True)
    assert response.status_code == 422
    assert "type the dice it rolls" in response.content.decode()
    assert not RollCall.objects.exists()


@pytest.mark.parametrize(
    ("faces", "summary"),
    [
        ((8, 8, 1, 5, 5), "Equal width: the higher set wins."),  # Jet 2x8 against Eye's 2x5 (and a loose hard 10)
        ((5, 5, 1, 5, 5), "a tie"),  # 2x5 against 2x5
    ],
)
def test_equal_widths_the_higher_set_wins(gm_client, player_client, ore, pilot, eye, script_dice, faces, summary):
    contest(gm_client, ore, pilot, eye)
    call = RollCall.objects.get()
    script_dice(*faces)  # Jet: Coordination's 3 dice; Eye: Sense's 2 dice and Scrutiny's hard 10
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, call.pk]), {"bonus": "0", "penalty": "0"})
    page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert summary in page


def test_the_rules_page_publishes_the_readings(client):
    page = client.get(reverse("rules")).content.decode()
    assert "Penalty dice that take the whole pool" in page
    assert "Bonus and penalty dice in a contest" in page
