"""The GM's call for a roll from a character's card, through Coin (tests/coin): the GM names
one of the card's buttons, the called player answers with it in one post, the call closes; anything
else changes nothing."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from tests.world import client_for

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def call(gm, campaign, tess, key="coins:2", label="Luck"):
    data = {"character": tess.pk, "key": key, "label": label}
    return client_for(gm).post(reverse("card_call_new", args=[campaign.pk]), data, **HX)


def test_the_gm_calls_a_card_roll_and_the_player_answers_it_in_one_click(coin_table, gm, player, script_dice):
    campaign, tess = coin_table
    assert call(gm, campaign, tess).status_code == 200
    waiting = RollCall.objects.get()
    assert (waiting.kind, waiting.request, waiting.label) == ("card", {"key": "coins:2", "what": "2 coins"}, "Luck")
    table = reverse("table", args=[campaign.pk])
    answer = reverse("card_call_answer", args=[campaign.pk, waiting.pk])
    page = client_for(player).get(table).content.decode()
    assert "The GM asks <strong>Tess</strong>: Roll Luck" in page
    assert answer in page
    assert ">Roll 2 coins</button>" in page
    script_dice(2, 1)
    assert client_for(player).post(answer, **HX).status_code == 200
    roll = Roll.objects.get()
    assert (roll.character, roll.request["notation"], roll.request["label"], roll.outcome["total"]) == (
        tess,
        "2d2",
        "Luck",
        3,
    )
    assert RollCall.objects.get().status == RollCall.Status.ANSWERED
    assert client_for(player).post(answer, **HX).status_code == 422  # answered once
    assert Roll.objects.count() == 1


def test_the_gm_picks_the_characters_rolls_from_its_card(coin_table, gm):
    campaign, tess = coin_table
    choices = client_for(gm).get(reverse("card_call_choices", args=[campaign.pk]), {"character": tess.pk}, **HX)
    body = choices.content.decode()
    assert [f'value="coins:{n}"' in body for n in (1, 2, 3, 4)] == [True, True, True, False]
    table = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    assert "Call for a roll from a character" in table
    # Play-test: the notation call's fields ran on under "Call for this roll", as if one form; its own title
    # comes first (the summary of its fold), and names the form.
    title = table.index('<summary id="call-notation-title">Or call for dice in notation</summary>')
    assert title < table.index('<form id="call-form" aria-labelledby="call-notation-title"')


@pytest.mark.parametrize("key", ["coins:9", "", "x" * 300])
def test_a_roll_the_card_does_not_have_is_refused(coin_table, gm, key):
    campaign, tess = coin_table
    response = call(gm, campaign, tess, key=key)
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    assert not RollCall.objects.exists()


def test_only_the_gm_calls_and_only_the_called_player_answers(coin_table, gm, player, other_player):
    campaign, tess = coin_table
    assert call(player, campaign, tess).status_code == 404
    assert not RollCall.objects.exists()
    call(gm, campaign, tess)
    answer = reverse("card_call_answer", args=[campaign.pk, RollCall.objects.get().pk])
    for user in (other_player, gm):
        assert client_for(user).post(answer, **HX).status_code == 404
    assert not Roll.objects.exists()


def test_a_cancelled_card_call_rolls_nothing(coin_table, gm, player):
    campaign, tess = coin_table
    call(gm, campaign, tess)
    waiting = RollCall.objects.get()
    client_for(gm).post(reverse("call_cancel", args=[campaign.pk, waiting.pk]), **HX)
    response = client_for(player).post(reverse("card_call_answer", args=[campaign.pk, waiting.pk]), **HX)
    assert response.status_code == 422
    assert "cancelled" in response.content.decode()
    assert not Roll.objects.exists()
