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
        "6d10cs&gt;7",
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


@pytest.mark.parametrize(
    ("typed", "shown", "successes"),
    [("6d10>7", "6d10&gt;=7", 3), ("6d10cs>7", "6d10cs&gt;7", 2), ("6d10<3", "6d10&lt;=3", 2)],
)
def test_a_roll20_point_counts_or_more_and_foundrys_cs_counts_strictly(
    player_client,
    gm_client,
    campaign,
    script_dice,
    layer,
    player,
    gm,
    typed,
    shown,
    successes,
    django_capture_on_commit_callbacks,
):
    script_dice(7, 10, 3, 6, 9, 1)
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(roll_url(campaign), {"notation": typed, "comparison": "at_least"})
    assert response.status_code == 302
    assert Roll.objects.get().outcome["total"] == successes
    live_rows = {who: " ".join(layer.received_by(campaign, who)) for who in (gm, player)}
    for page in (table(player_client, campaign), table(gm_client, campaign), *live_rows.values()):
        assert shown in page
        assert f"{successes} successes</strong>" in page


def test_the_odds_preview_reads_a_roll20_point_as_or_more(player_client, campaign, htmx):
    def preview(notation):
        url = reverse("odds", args=[campaign.pk])
        return player_client.get(url, {"notation": notation, "target": 1, "comparison": "at_least"}, **htmx)

    assert "95.33" in preview("6d10>7").content.decode()  # 1 − 0.6⁶
    assert "88.24" in preview("6d10cs>7").content.decode()  # 1 − 0.7⁶


def test_the_sentence_says_1_success_and_2_successes(player_client, campaign, script_dice):
    script_dice(5, 1, 4, 4)
    player_client.post(roll_url(campaign), {"notation": "4d6<3", "comparison": "at_least", "label": "one"})
    script_dice(1, 2, 4, 4)
    player_client.post(roll_url(campaign), {"notation": "4d6<3", "comparison": "at_least", "label": "two"})
    page = table(player_client, campaign)
    assert "rolled 4d6&lt;=3 for one: 1 success." in page
    assert "rolled 4d6&lt;=3 for two: 2 successes." in page
