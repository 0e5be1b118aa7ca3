"""The table's roller with keep/drop, exploding, re-roll, Fate and success notation."""

import pytest
from django.urls import reverse

from campaigns.models import Membership, Roll, RollCall
from tests.fixtures import chip, chips

pytestmark = pytest.mark.django_db


def roll_url(campaign):
    return reverse("roll", args=[campaign.pk])


def table(client, campaign):
    return client.get(reverse("table", args=[campaign.pk])).content.decode()


def test_player_rolls_4d6kh3_and_everyone_sees_the_dropped_die(
    player_client, gm_client, other_client, other_player, campaign, script_dice
):
    Membership.objects.create(campaign=campaign, user=other_player)
    script_dice(3, 1, 6, 5)
    response = player_client.post(roll_url(campaign), {"notation": "4d6kh3", "comparison": "at_least"})
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert roll.outcome["total"] == 14
    assert [die["dropped"] for die in roll.outcome["dice"][0]] == [False, True, False, False]
    for client in (gm_client, other_client, player_client):
        page = table(client, campaign)
        assert chip(1, "dropped", "dropped") in page
        assert '<strong class="total">14</strong>' in page


def test_card_shows_explosions_rerolls_and_successes(player_client, campaign, script_dice):
    script_dice(10, 8, 1, 7)
    player_client.post(roll_url(campaign), {"notation": "3d10>=7!", "comparison": "at_least"})
    script_dice(1, 1, 7)
    player_client.post(roll_url(campaign), {"notation": "d10r1", "comparison": "at_least"})
    page = table(player_client, campaign)
    assert chip(10, "exploded", "exploded") + chips(8) in page
    assert "3 successes</strong>" in page
    assert chip(1, "rerolled", "re-rolled") * 2 + chips(7) in page


def test_gm_secret_notation_roll_stays_hidden_from_players(gm_client, player_client, campaign, script_dice):
    script_dice(2, 19)
    gm_client.post(roll_url(campaign), {"notation": "2d20kl1+7", "comparison": "at_least", "secret": "on"})
    assert Roll.objects.get().visibility == Roll.Visibility.GM
    assert "2d20kl1+7" in table(gm_client, campaign)
    assert "2d20kl1+7" not in table(player_client, campaign)


@pytest.mark.parametrize(
    ("notation", "message"),
    [("4d6kh5", "can keep 1 to 4"), ("d6r&lt;=6", "re-roll forever"), ("4d6x", "not an operator we know")],
)
def test_bad_operator_explains_and_rolls_nothing(player_client, campaign, htmx, notation, message):
    notation = notation.replace("&lt;", "<")
    response = player_client.post(roll_url(campaign), {"notation": notation, "comparison": "at_least"}, **htmx)
    assert response.status_code == 422
    assert message.replace("<", "&lt;") in response.content.decode()
    assert not Roll.objects.exists()


def test_odds_preview_counts_keep_highest_exactly(player_client, campaign, htmx):
    url = reverse("odds", args=[campaign.pk]) + "?notation=2d20kh1&target=20&comparison=at_least"
    fragment = player_client.get(url, **htmx).content.decode()
    assert "9.75" in fragment  # 39/400


def test_odds_preview_says_when_too_large(player_client, campaign, htmx):
    url = reverse("odds", args=[campaign.pk]) + "?notation=100d1000kh3&target=20&comparison=at_least"
    fragment = player_client.get(url, **htmx).content.decode()
    assert "take too long to count" in fragment


def test_too_large_for_odds_still_rolls(player_client, campaign, htmx, seeded_dice):
    response = player_client.post(roll_url(campaign), {"notation": "100d1000kh3", "comparison": "at_least"}, **htmx)
    assert response.status_code == 200
    assert Roll.objects.count() == 1


def test_help_page_shows_each_operator_with_an_example(client):
    page = client.get(reverse("rules")).content.decode()
    for example in (
        "4d6kh3",
        "2d20kl1",
        "4d6dl1",
        "4d6dh1",
        "d6!",
        "d10r1",
        "d10ro1",
        "4dF",
        "6d10&gt;=7",
        "6d10&gt;7",
    ):
        assert f"<code>{example}</code>" in page
    assert "at most 20 times in a row" in page


def test_gm_calls_for_2d20kl1_and_the_secret_target_stays_with_the_gm(
    gm_client, player_client, campaign, character, script_dice
):
    secret = 424242
    data = {"character": character.pk, "notation": "2d20kl1", "target": secret, "comparison": "at_most"}
    assert gm_client.post(reverse("call_new", args=[campaign.pk]), {**data, "reveal_dice": "on"}).status_code == 302
    call = RollCall.objects.get()
    assert call.request["notation"] == "2d20kl1"
    script_dice(17, 4)
    player_client.post(reverse("call_answer", args=[campaign.pk, call.pk]))
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["success"]) == (4, True)
    player_page = table(player_client, campaign)
    assert chip(17, "dropped", "dropped") in player_page
    assert str(secret) not in player_page
    assert str(secret) in table(gm_client, campaign)
