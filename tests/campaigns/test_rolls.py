import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.urls import reverse

from campaigns.models import Roll
from campaigns.table import live
from tests.fixtures import chips

pytestmark = pytest.mark.django_db


def roll_url(campaign):
    return reverse("roll", args=[campaign.pk])


def test_player_rolls_notation_with_a_target(player_client, player, campaign, character, script_dice):
    script_dice(6, 5, 1)
    response = player_client.post(
        roll_url(campaign),
        {"notation": "3d6 + 2", "target": "14", "comparison": "at_least", "character": character.pk, "label": "Jump"},
    )
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert (roll.author, roll.character, roll.visibility) == (player, character, Roll.Visibility.TABLE)
    assert roll.request == {"notation": "3d6+2", "target": 14, "comparison": "at_least", "label": "Jump"}
    assert roll.outcome == {"faces": [[6, 5, 1]], "total": 14, "success": True}


def test_htmx_roll_adds_the_row_and_leaves_the_form_alone(player_client, campaign, htmx, script_dice):
    """The form stays as the player left it (values, focus): only the new row is sent, out of band."""
    script_dice(3, 4)
    response = player_client.post(roll_url(campaign), {"notation": "2d6", "comparison": "at_least"}, **htmx)
    fragment = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    assert "<html" not in fragment
    assert 'id="roll-form"' not in fragment
    assert 'hx-swap-oob="afterbegin:#log"' in fragment
    assert chips(3, 4) in fragment


def test_a_roll_after_an_error_sends_the_form_back_clean(player_client, campaign, htmx, script_dice):
    refused = player_client.post(roll_url(campaign), {"notation": "3d", "comparison": "at_least"}, **htmx)
    assert refused.status_code == 422
    assert 'name="after_error"' in refused.content.decode()
    script_dice(3, 4)
    data = {"notation": "2d6", "comparison": "at_least", "label": "Jump", "after_error": "1"}
    response = player_client.post(roll_url(campaign), data, **htmx)
    fragment = response.content.decode()
    assert response.status_code == 200
    assert "HX-Reswap" not in response
    assert 'id="roll-form"' in fragment
    assert 'value="Jump"' in fragment  # the player's choices are kept
    assert "errorlist" not in fragment
    assert 'name="after_error"' not in fragment
    assert 'hx-swap-oob="afterbegin:#log"' in fragment
    assert chips(3, 4) in fragment


TRANSACTIONAL = pytest.mark.django_db(transaction=True)  # on_commit sends before the view answers


@pytest.mark.parametrize(
    ("data", "renders"),
    [
        ({}, 1),  # the GM's and the table's, which see it alike
        ({"secret": "on"}, 1),  # the GM's alone
        ({"after_error": "1"}, 1),  # the clean form carries the row
        pytest.param({}, 1, marks=TRANSACTIONAL, id="sent-first"),
    ],
)
def test_a_roll_row_is_rendered_once_per_audience(
    gm_client, campaign, htmx, script_dice, row_renders, django_capture_on_commit_callbacks, data, renders
):
    """The socket's message and the roller's answer are one rendering, not three."""
    script_dice(4)
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(roll_url(campaign), {"notation": "1d6", "comparison": "at_least", **data}, **htmx)
    assert 'hx-swap-oob="afterbegin:#log"' in response.content.decode()
    assert row_renders() == renders


def test_the_roller_gets_the_very_row_the_table_is_sent(
    player_client, campaign, htmx, script_dice, django_capture_on_commit_callbacks
):
    layer = get_channel_layer()
    table = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(live.table_group(campaign.pk), table)
    script_dice(3, 4)
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(roll_url(campaign), {"notation": "2d6", "comparison": "at_least"}, **htmx)
    sent = async_to_sync(layer.receive)(table)["html"]
    assert chips(3, 4) in sent
    assert response.content.decode().startswith(sent)  # then the odds chart, marked where it landed


@pytest.mark.parametrize(
    ("notation", "message"),
    [("3d", "number of sides"), ("0d6", "at least one die"), ("1000000d6", "at most 100"), ("abc", "not dice")],
)
def test_bad_notation_explains_and_rolls_nothing(player_client, campaign, htmx, notation, message):
    for headers in ({}, htmx):
        response = player_client.post(roll_url(campaign), {"notation": notation, "comparison": "at_least"}, **headers)
        assert response.status_code == 422
        assert message in response.content.decode()
    assert not Roll.objects.exists()


def test_out_of_range_target_is_refused(player_client, campaign):
    response = player_client.post(roll_url(campaign), {"notation": "1d6", "target": "99999999"})
    assert response.status_code == 422
    assert not Roll.objects.exists()


def test_a_player_cannot_roll_for_another_players_character(other_client, campaign, character, other_player):
    campaign.memberships.create(user=other_player)
    response = other_client.post(roll_url(campaign), {"notation": "1d6", "character": character.pk})
    assert response.status_code == 422
    assert not Roll.objects.exists()


def test_a_player_cannot_roll_secretly(player_client, campaign, script_dice):
    script_dice(2)
    player_client.post(roll_url(campaign), {"notation": "1d6", "secret": "on"})
    assert Roll.objects.get().visibility == Roll.Visibility.TABLE


def test_gm_rolls_secretly(gm_client, campaign, script_dice):
    script_dice(2)
    gm_client.post(roll_url(campaign), {"notation": "1d6", "secret": "on"})
    assert Roll.objects.get().visibility == Roll.Visibility.GM


def test_outsiders_cannot_post_rolls(outsider_client, other_client, campaign):
    for client in (outsider_client, other_client):
        assert client.post(roll_url(campaign), {"notation": "1d6"}).status_code == 404
    assert not Roll.objects.exists()


def test_roll_refuses_get(player_client, campaign):
    assert player_client.get(roll_url(campaign)).status_code == 405


def test_rolls_are_never_changed(player, campaign, script_dice):
    from campaigns.table import actions

    script_dice(4)
    roll = actions.roll_notation(campaign, player, notation="1d6")
    roll.outcome = {"faces": [[6]], "total": 6}
    with pytest.raises(ValueError, match="never changed"):
        roll.save()


def odds_url(campaign, **params):
    from urllib.parse import urlencode

    return reverse("odds", args=[campaign.pk]) + "?" + urlencode(params)


def test_odds_preview_is_exact(player_client, campaign, htmx):
    fragment = player_client.get(odds_url(campaign, notation="3d6", target=10, comparison="at_least"), **htmx)
    assert "62.50%" in fragment.content.decode()
    assert "5 in 8" in fragment.content.decode()
    at_most = player_client.get(odds_url(campaign, notation="2d6", target=7, comparison="at_most")).content.decode()
    assert "58.33%" in at_most


def test_odds_preview_explains_bad_notation(player_client, campaign):
    fragment = player_client.get(odds_url(campaign, notation="3d", target=10)).content.decode()
    assert "number of sides" in fragment


def test_odds_preview_without_a_target_charts_every_total_and_claims_no_chance(player_client, campaign):
    fragment = player_client.get(odds_url(campaign, notation="3d6", target="")).content.decode()
    assert fragment.count('<rect class="bar') == 16
    assert "Chance" not in fragment
    assert "succeeds" not in fragment


def test_odds_preview_is_for_members_only(outsider_client, campaign):
    assert outsider_client.get(odds_url(campaign, notation="3d6", target=10)).status_code == 404


def test_odds_refuses_post(player_client, campaign):
    assert player_client.post(odds_url(campaign, notation="3d6", target=10)).status_code == 405
