"""The GM calls for a roll against a secret target: the generic path every
system's secret difficulty will take."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.table import actions
from characters.models import Character
from rules.dice import Comparison
from tests.fixtures import chips

pytestmark = pytest.mark.django_db
SECRET_TARGET = 424242  # a marker no page may show a player


def call_data(for_character, **extra):
    return {
        "character": for_character.pk,
        "label": "Climb the wall",
        "notation": "2d10",
        "target": SECRET_TARGET,
        "comparison": "at_most",
        "reveal_dice": "on",
        **extra,
    }


def test_gm_calls_for_a_roll(gm_client, campaign, character):
    response = gm_client.post(reverse("call_new", args=[campaign.pk]), call_data(character))
    assert response.status_code == 302
    call = RollCall.objects.get()
    assert call.request == {"notation": "2d10", "target": SECRET_TARGET, "comparison": "at_most"}
    assert call.reveal == {"dice": True, "target": False, "success": False}
    assert call.status == RollCall.Status.PENDING


def test_htmx_call_returns_a_fresh_form(gm_client, campaign, character, htmx):
    response = gm_client.post(reverse("call_new", args=[campaign.pk]), call_data(character), **htmx)
    assert response.status_code == 200
    assert 'id="call-form"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_a_call_needs_a_target_and_good_notation(gm_client, campaign, character):
    for bad in ({"target": ""}, {"notation": "2d"}, {"character": 999}):
        response = gm_client.post(reverse("call_new", args=[campaign.pk]), call_data(character, **bad))
        assert response.status_code == 422
    assert not RollCall.objects.exists()


def test_gm_cannot_call_on_a_character_of_another_campaign(gm_client, campaign, other_campaign, other_player):
    stranger = Character.objects.create(campaign=other_campaign, owner=other_player, name="Stranger")
    response = gm_client.post(reverse("call_new", args=[campaign.pk]), call_data(stranger))
    assert response.status_code == 422
    assert not RollCall.objects.exists()


@pytest.mark.parametrize("who", ["player_client", "outsider_client"])
def test_only_the_gm_calls(request, who, campaign, character):
    response = request.getfixturevalue(who).post(reverse("call_new", args=[campaign.pk]), call_data(character))
    assert response.status_code == 404
    assert not RollCall.objects.exists()


def test_call_refuses_get(gm_client, campaign):
    assert gm_client.get(reverse("call_new", args=[campaign.pk])).status_code == 405


def open_call(campaign, character, **reveal):
    return actions.call_for_roll(
        campaign,
        character=character,
        notation="2d10",
        target=SECRET_TARGET,
        comparison=Comparison.AT_MOST,
        label="Climb the wall",
        reveal=reveal,
    )


def test_player_sees_the_call_but_not_its_target(player_client, campaign, character):
    open_call(campaign, character)
    page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert "Climb the wall" in page
    assert "Roll 2d10" in page
    assert str(SECRET_TARGET) not in page


def test_player_answers_and_the_gm_sees_everything(player_client, gm_client, campaign, character, player, script_dice):
    call = open_call(campaign, character)
    script_dice(9, 8)
    response = player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]))
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert (roll.call, roll.author, roll.character) == (call, player, character)
    assert roll.outcome == {"faces": [[9, 8]], "total": 17, "success": True}
    call.refresh_from_db()
    assert call.status == RollCall.Status.ANSWERED

    gm_page = gm_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert str(SECRET_TARGET) in gm_page
    assert "success" in gm_page
    player_page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert chips(9, 8) in player_page
    assert str(SECRET_TARGET) not in player_page
    assert "✔ success" not in player_page


def test_gm_may_reveal_target_and_success(player_client, campaign, character, script_dice):
    call = open_call(campaign, character, target=True, success=True)
    script_dice(1, 1)
    player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]))
    page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert str(SECRET_TARGET) in page
    assert "✔ success" in page


def test_gm_may_hide_the_dice_too(player_client, campaign, character, script_dice):
    call = open_call(campaign, character, dice=False)
    script_dice(7, 3)
    player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]))
    page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert "the GM keeps the dice" in page
    assert 'class="die ' not in page  # no die of the roll, drawn or not


def test_a_call_is_answered_once(player_client, campaign, character, script_dice, htmx):
    call = open_call(campaign, character)
    script_dice(1, 2, 3, 4)
    player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]), **htmx)
    again = player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]), follow=True)
    assert "already been answered" in again.content.decode()
    assert Roll.objects.count() == 1


def test_another_player_cannot_answer(other_client, other_player, campaign, character):
    campaign.memberships.create(user=other_player)
    call = open_call(campaign, character)
    assert other_client.post(reverse("call_answer", args=[campaign.pk, call.pk])).status_code == 404
    with pytest.raises(actions.ActionError, match="another player's character"):
        actions.answer_call(call.pk, other_player)
    assert not Roll.objects.exists()


def test_the_gm_cannot_answer_for_the_player(gm_client, campaign, character):
    call = open_call(campaign, character)
    assert gm_client.post(reverse("call_answer", args=[campaign.pk, call.pk])).status_code == 404
    assert not Roll.objects.exists()


def test_gm_cancels_a_call(gm_client, player_client, campaign, character, htmx):
    call = open_call(campaign, character)
    assert gm_client.post(reverse("call_cancel", args=[campaign.pk, call.pk]), **htmx).status_code == 204
    call.refresh_from_db()
    assert call.status == RollCall.Status.CANCELLED
    player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]))
    assert not Roll.objects.exists()
    assert player_client.post(reverse("call_cancel", args=[campaign.pk, call.pk])).status_code == 404


def test_answer_refuses_get(player_client, campaign, character):
    call = open_call(campaign, character)
    assert player_client.get(reverse("call_answer", args=[campaign.pk, call.pk])).status_code == 405


def test_a_refused_button_says_why_in_the_pages_alert_region_and_not_on_a_later_page(
    player_client, gm_client, campaign, character, htmx, script_dice
):
    """A call cancelled (or answered) a moment before the click: the answer says so where the page
    tells every refused click (base.html's #request-alert), not as a message on the next page."""
    cancelled = open_call(campaign, character)
    actions.cancel_call(cancelled)
    answered = open_call(campaign, character)
    script_dice(1, 2)
    actions.answer_call(answered.pk, character.owner)
    for client, url, says in (
        (player_client, reverse("call_answer", args=[campaign.pk, cancelled.pk]), "The GM cancelled this call."),
        (gm_client, reverse("call_cancel", args=[campaign.pk, answered.pk]), "already answered or cancelled"),
    ):
        response = client.post(url, **htmx)
        assert (response.status_code, response["HX-Reswap"]) == (422, "none")
        assert re.search(rf'<p id="request-alert" [^>]*hx-swap-oob="innerHTML">[^<]*{says}', response.content.decode())
        assert says not in client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert Roll.objects.count() == 1


def test_the_next_call_starts_on_the_same_character(gm_client, campaign, character, other_player, htmx):
    """Play-test: each call's fresh form went back to the first character in the list."""
    second = Character.objects.create(campaign=campaign, owner=character.owner, name="Zed Second")
    form = gm_client.post(reverse("call_new", args=[campaign.pk]), call_data(second), **htmx).content.decode()
    assert re.search(rf'<option value="{second.pk}" selected>Zed Second</option>', form)
    assert 'value="Climb the wall"' not in form  # the rest is fresh
