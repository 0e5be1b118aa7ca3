"""The character card's generic step, through Coin (tests/coin): a button is one post
that adds one roll; a button the card no longer has, another player's character, or someone else's
campaign changes nothing."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from tests.world import client_for

pytestmark = pytest.mark.django_db


def test_the_owner_sees_a_button_per_rollable_thing_and_others_do_not(coin_table, player, other_player, gm):
    campaign, tess = coin_table
    table = reverse("table", args=[campaign.pk])
    page = client_for(player).get(table).content.decode()
    assert f'id="card-{tess.pk}"' in page
    for label in ("Roll 1 coin", "Roll 2 coins", "Roll 3 coins"):
        assert f">{label}</button>" in page
    for other in (other_player, gm):
        assert f'id="card-{tess.pk}"' not in client_for(other).get(table).content.decode()


def test_one_click_adds_exactly_one_roll_and_answers_with_its_row(coin_table, player, script_dice):
    campaign, tess = coin_table
    script_dice(2, 1)
    response = client_for(player).post(
        reverse("card_roll", args=[campaign.pk, tess.pk]), {"roll": "coins:2"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.character, roll.request["notation"], roll.outcome["total"]) == (tess, "2d2", 3)
    body = response.content.decode()
    assert f'data-roll-id="{roll.pk}"' in body
    assert "Rolled 2 coins." in body


@pytest.mark.parametrize("key", ["coins:4", "", "coins:x", "x" * 5000])
def test_a_button_the_card_does_not_have_changes_nothing(coin_table, player, key):
    campaign, tess = coin_table
    response = client_for(player).post(
        reverse("card_roll", args=[campaign.pk, tess.pk]), {"roll": key}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert "not on this character&#x27;s card" in response.content.decode()
    assert not Roll.objects.exists()


def test_another_players_character_or_a_stranger_gets_404(coin_table, other_player, gm, django_user_model):
    campaign, tess = coin_table
    url = reverse("card_roll", args=[campaign.pk, tess.pk])
    stranger = django_user_model.objects.create_user("stranger", password="x")
    for user in (other_player, gm, stranger):
        assert client_for(user).post(url, {"roll": "coins:1"}).status_code == 404
    assert not Roll.objects.exists()


def test_a_player_without_a_character_is_offered_one_where_the_card_would_be(coin_table, other_player, gm):
    """Play-test: a new player arriving by the invite link read "Make a character to start" with the
    way to do it far below the roll forms and the log; the card's place now links to it."""
    campaign, _ = coin_table
    table = reverse("table", args=[campaign.pk])
    new = reverse("character_new", args=[campaign.pk])
    page = client_for(other_player).get(table).content.decode()
    offer = page.index('id="no-card"')
    assert 'id="roll-title"' not in page  # the roll forms are a tab away: the offer is where the card would be
    assert f'href="{new}"' in page[offer : page.index("</section>", offer)]
    assert 'id="no-card"' not in client_for(gm).get(table).content.decode()
    assert 'id="no-card"' not in client_for(coin_table[1].owner).get(table).content.decode()
