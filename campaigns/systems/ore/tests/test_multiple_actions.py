"""Extra sets are extra actions (seed: "Multiple Actions and Multiple Sets"): the roll
form declares them, the card and the log show each action with its own set, for all."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.ore.tests.conftest import DODGE_THE_DRONE, contest_form, fly_and_dodge, post_contest, post_roll

pytestmark = pytest.mark.django_db


def test_each_declared_action_gets_its_own_set_for_player_and_gm(
    player_client, gm_client, other_client, ore, ace, script_dice
):
    script_dice(5, 5, 5, 7, 7)  # Piloting: 3 + 2 = 5 dice; Dodge (6 dice) is at least as large
    response = post_roll(player_client, ore, fly_and_dodge(ace))
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert roll.request["extras"] == [{"label": "Dodge the drone", "what": "Coordination + Dodge", "pool": 6}]
    for client in (player_client, gm_client, other_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "Fly (Coordination + Piloting): 3x5" in page
        assert "Dodge the drone (Coordination + Dodge): 2x7" in page


def test_an_extra_action_with_a_smaller_pool_is_refused(player_client, ore, ace):
    response = post_roll(player_client, ore, fly_and_dodge(ace, extra_1="Body"), htmx=True)
    assert response.status_code == 422
    assert "at least as large as the primary action" in response.content.decode()
    assert not RollCall.objects.exists()


def test_an_unknown_extra_action_is_refused(player_client, ore, ace):
    response = post_roll(player_client, ore, fly_and_dodge(ace, extra_2="Hacking"), htmx=True)
    assert response.status_code == 422
    assert "no skill called Hacking" in response.content.decode()
    assert not RollCall.objects.exists()


def test_an_extra_action_without_its_own_set_fails(player_client, ore, ace, script_dice):
    script_dice(5, 5, 5, 7, 1)
    post_roll(player_client, ore, fly_and_dodge(ace, extra_2="Dodge"))
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "Fly (Coordination + Piloting): 3x5" in page
    assert "Dodge the drone (Coordination + Dodge): no set, fails" in page
    assert "Extra action 2 (Coordination + Dodge): no set, fails" in page


def test_the_card_shows_the_actions_while_the_wiggle_dice_wait(player_client, gm_client, ore, ace, script_dice):
    script_dice(6, 6, 2, 9, 1)  # Gunnery: 3 + 2 normal dice and a wiggle die; Dodge's 6 dice are enough
    post_roll(player_client, ore, fly_and_dodge(ace, skill="Gunnery"))
    call = RollCall.objects.get()
    for client in (player_client, gm_client):
        card = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "Declared: Fly (Coordination + Gunnery), Dodge the drone (Coordination + Dodge)" in card
    player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "9"})
    page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "Fly (Coordination + Gunnery): 2x9" in page
    assert "Dodge the drone (Coordination + Dodge): 2x6" in page


def test_the_roll_form_offers_extra_actions(player_client, ore, ace):
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert 'name="extra_1"' in page
    assert 'name="extra_2_label"' in page
    assert '<option value="Dodge">Dodge</option>' in page


def test_the_rules_page_publishes_the_reading(client):
    page = client.get(reverse("rules")).content.decode()
    assert "Extra sets are extra actions" in page
    assert "claims the widest set" in page


def test_extra_actions_against_a_secret_difficulty(player_client, gm_client, ore, ace, script_dice):
    post_roll(player_client, ore, fly_and_dodge(ace, known="0", difficulty=""))
    call = RollCall.objects.get()
    script_dice(5, 5, 5, 7, 7)
    gm_client.post(reverse("ore_difficulty", args=[ore.pk, call.pk]), {"difficulty": "6"})
    player_page = player_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "Fly (Coordination + Piloting): 2x7" in player_page  # only 2x7 reaches 6
    assert "Dodge the drone (Coordination + Dodge): 3x5" in player_page
    assert "difficulty 6" not in player_page
    assert "difficulty 6" in gm_client.get(reverse("table", args=[ore.pk])).content.decode()


def contest_call(gm_client, ore, ace, **changes):
    post_contest(gm_client, ore, contest_form(ace, **changes))
    return RollCall.objects.get()


def test_a_contest_roll_declares_extra_actions(gm_client, player_client, other_client, ore, ace, script_dice):
    call = contest_call(gm_client, ore, ace)
    card = player_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert f'<select name="extra_1" id="ox1-{call.pk}">' in card
    assert '<option value="Dodge">Dodge</option>' in card
    script_dice(5, 5, 5, 7, 7, 4, 4, 1)  # Ace: Piloting's 5 dice; Drone: 4, 4, 1
    response = player_client.post(
        reverse("ore_contest_roll", args=[ore.pk, call.pk]),
        {"bonus": "0", "penalty": "0", **DODGE_THE_DRONE},
    )
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert roll.request["extras"] == [{"label": "Dodge the drone", "what": "Coordination + Dodge", "pool": 6}]
    for client in (player_client, gm_client, other_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "3x5 is wider and goes first" in page  # the contest reads the primary's widest set
        assert "Dodge the drone (Coordination + Dodge): 2x7" in page


def test_a_contest_roll_refuses_a_smaller_extra_action(gm_client, player_client, ore, ace):
    call = contest_call(gm_client, ore, ace)
    url = reverse("ore_contest_roll", args=[ore.pk, call.pk])
    response = player_client.post(url, {"bonus": "0", "penalty": "0", "extra_1": "Body"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "at least as large as the primary action" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_height_only_contest_takes_no_extra_actions(gm_client, player_client, ore, ace):
    call = contest_call(gm_client, ore, ace, height_only="on")
    assert (
        f'id="ox1-{call.pk}"' not in player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    )
    url = reverse("ore_contest_roll", args=[ore.pk, call.pk])
    response = player_client.post(url, {"bonus": "0", "penalty": "0", "extra_1": "Dodge"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "takes no extra actions" in response.content.decode()
    assert not Roll.objects.exists()


def test_the_rules_page_publishes_the_contest_reading(client):
    assert "Extra actions in a contest" in client.get(reverse("rules")).content.decode()


@pytest.mark.parametrize("changes", [{"extra_1": "Body"}, {"extra_2": "Hacking"}])
def test_a_refused_extra_action_opens_the_fold_it_sits_in(player_client, ore, ace, changes):
    """The extra actions sit under "More modifiers": a refusal about one opens the fold, so the control the
    message names is in view beside it (a phone's player had closed the fold and saw only the message)."""
    response = post_roll(player_client, ore, fly_and_dodge(ace, **changes), htmx=True)
    page = response.content.decode()
    assert response.status_code == 422
    assert re.search(r'<details class="more-fields"[^>]* open>', page)
    assert page.count('role="alert"') == 1
    assert not RollCall.objects.exists()
