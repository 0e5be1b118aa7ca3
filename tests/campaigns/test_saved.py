"""Saved rolls and saved calls, through Coin (tests/coin): a button pressed with a name is
kept on the card and rolled; a saved button replays its key and options, or says why it cannot; a
plain roll from the roll form can be kept too; the GM keeps calls, which only the GM can see or use."""

import pytest
from django import forms
from django.urls import reverse

from campaigns.calls.cards import Card, CardRoll
from campaigns.calls.saved import MAX_SAVED
from campaigns.models import Roll, RollCall, SavedCall, SavedRoll
from campaigns.table import actions
from characters.models import Character
from tests.coin.adapter import ADAPTER
from tests.world import client_for

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def press(user, campaign, tess, **data):
    return client_for(user).post(reverse("card_roll", args=[campaign.pk, tess.pk]), data, **HX)


def replay(user, campaign, tess, saved, url="saved_roll"):
    return client_for(user).post(reverse(url, args=[campaign.pk, tess.pk]), {"saved": saved.pk}, **HX)


def test_a_button_pressed_with_a_name_is_saved_and_rolled(coin_table, player, script_dice):
    campaign, tess = coin_table
    script_dice(2, 2)
    response = press(player, campaign, tess, roll="coins:2", save_as="Double or nothing")
    assert response.status_code == 200
    kept = SavedRoll.objects.get()
    assert (kept.character, kept.name, kept.key, kept.options) == (tess, "Double or nothing", "coins:2", {})
    assert (Roll.objects.get().outcome["total"], Roll.objects.get().request["label"]) == (4, "Double or nothing")
    body = response.content.decode()
    assert ">Roll Double or nothing</button>" in body
    assert "Saved as “Roll Double or nothing”." in body
    table = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert ">Roll Double or nothing</button>" in table


def test_a_saved_button_replays_its_key(coin_table, player, script_dice):
    campaign, tess = coin_table
    kept = SavedRoll.objects.create(character=tess, name="Triple", key="coins:3")
    script_dice(1, 2, 1)
    response = replay(player, campaign, tess, kept)
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.character, roll.request["notation"], roll.outcome["total"]) == (tess, "3d2", 4)
    # The log names the roll as the player named the button; the card says which button rolled.
    assert roll.request["label"] == "Triple"
    body = response.content.decode()
    assert f'data-roll-id="{roll.pk}"' in body
    assert "Rolled “Triple” (3 coins)." in body


def test_a_saved_button_whose_key_left_the_card_rolls_nothing(coin_table, player):
    campaign, tess = coin_table
    kept = SavedRoll.objects.create(character=tess, name="Five", key="coins:5")  # the sheet has 3 coins
    response = replay(player, campaign, tess, kept)
    assert response.status_code == 422
    assert "Five: That roll is not on this character&#x27;s card any more" in response.content.decode()
    assert not Roll.objects.exists()


class Options(forms.Form):
    edge = forms.TypedChoiceField(choices=[("0", "none"), ("1", "+1")], coerce=int)


def with_options(monkeypatch, seen):
    """Coin's card with an options form, its cleaned options recorded as the roll gets them."""

    def card(character, *, data=None):
        return Card((CardRoll("coins:1", "1 coin"),), options=Options(data, prefix="coin"))

    def card_roll(character, key, options, *, actor, label=""):
        seen.append(options)
        return actions.roll_notation(character.campaign, actor, notation="1d2", character=character)

    monkeypatch.setattr(ADAPTER, "card", card)
    monkeypatch.setattr(ADAPTER, "card_roll", card_roll)


def test_a_saved_button_keeps_its_options_and_refuses_them_once_they_no_longer_hold(coin_table, player, monkeypatch):
    campaign, tess = coin_table
    seen = []
    with_options(monkeypatch, seen)
    assert press(player, campaign, tess, roll="coins:1", save_as="Edgy", **{"coin-edge": "1"}).status_code == 200
    kept = SavedRoll.objects.get()
    assert kept.options == {"coin-edge": ["1"]}
    assert replay(player, campaign, tess, kept).status_code == 200
    assert seen == [{"edge": 1}, {"edge": 1}]
    kept.options = {"coin-edge": ["7"]}  # the choices changed since it was saved
    kept.save()
    response = replay(player, campaign, tess, kept)
    assert response.status_code == 422
    assert "Edgy: Select a valid choice." in response.content.decode()
    assert Roll.objects.count() == 2


@pytest.mark.parametrize("name", ["triple", "  TRIPLE "])
def test_a_name_is_once_per_character_whatever_its_case(coin_table, player, name):
    campaign, tess = coin_table
    SavedRoll.objects.create(character=tess, name="Triple", key="coins:3")
    response = press(player, campaign, tess, roll="coins:1", save_as=name)
    assert response.status_code == 422
    assert "Tess already has a saved button named “triple”" in response.content.decode().replace("TRIPLE", "triple")
    assert not Roll.objects.exists()
    assert SavedRoll.objects.count() == 1


def test_a_character_keeps_at_most_twenty(coin_table, player):
    campaign, tess = coin_table
    SavedRoll.objects.bulk_create(SavedRoll(character=tess, name=f"R{n}", key="coins:1") for n in range(MAX_SAVED))
    response = press(player, campaign, tess, roll="coins:1", save_as="One more")
    assert response.status_code == 422
    assert f"Tess has {MAX_SAVED} saved buttons, the most it keeps: remove one first." in response.content.decode()
    assert not Roll.objects.exists()


def test_a_name_longer_than_sixty_is_refused(coin_table, player):
    campaign, tess = coin_table
    response = press(player, campaign, tess, roll="coins:1", save_as="x" * 61)
    assert response.status_code == 422
    assert "at most 60 characters" in response.content.decode()
    assert not Roll.objects.exists()
    assert not SavedRoll.objects.exists()


def test_a_saved_button_is_removed(coin_table, player):
    campaign, tess = coin_table
    kept = SavedRoll.objects.create(character=tess, name="Triple", key="coins:3")
    response = replay(player, campaign, tess, kept, url="saved_roll_remove")
    assert response.status_code == 200
    assert "Removed the saved button “Triple”." in response.content.decode()
    assert not SavedRoll.objects.exists()
    assert not Roll.objects.exists()


def test_others_saved_rolls_are_404(coin_table, player, other_player, gm, django_user_model):
    campaign, tess = coin_table
    kept = SavedRoll.objects.create(character=tess, name="Triple", key="coins:3")
    stranger = django_user_model.objects.create_user("stranger", password="x")
    for url in ("saved_roll", "saved_roll_remove"):
        for user in (other_player, gm, stranger):
            assert replay(user, campaign, tess, kept, url=url).status_code == 404
    # Another character's saved roll through one's own character's address: 404 too.
    mine = Character.objects.create(campaign=campaign, owner=other_player, name="Mo", sheet={"coins": 1})
    assert replay(other_player, campaign, mine, kept).status_code == 404
    assert SavedRoll.objects.count() == 1
    assert not Roll.objects.exists()


def roll_form(user, campaign, **data):
    return client_for(user).post(reverse("roll", args=[campaign.pk]), data, **HX)


def test_a_plain_roll_is_saved_from_the_roll_form_and_replayed(coin_table, player, script_dice):
    campaign, tess = coin_table
    script_dice(3, 4)
    response = roll_form(
        player,
        campaign,
        notation="2d6",
        target="7",
        comparison="at_least",
        character=tess.pk,
        label="Climb",
        save_as="Climb the wall",
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="card-' in body
    assert 'hx-swap-oob="true"' in body
    assert ">Roll Climb the wall</button>" in body
    kept = SavedRoll.objects.get()
    assert (kept.key, kept.options) == (
        "notation",
        {"notation": "2d6", "target": 7, "comparison": "at_least", "label": "Climb"},
    )
    script_dice(6, 6)
    assert replay(player, campaign, tess, kept).status_code == 200
    last = Roll.objects.first()
    assert (last.character, last.request["label"], last.outcome["total"], last.outcome["success"]) == (
        tess,
        "Climb",
        12,
        True,
    )


def test_a_saved_plain_roll_that_no_longer_parses_rolls_nothing(coin_table, player):
    campaign, tess = coin_table
    kept = SavedRoll.objects.create(
        character=tess,
        name="Huge",
        key="notation",
        options={"notation": "9999d6", "target": None, "comparison": "at_least", "label": ""},
    )
    response = replay(player, campaign, tess, kept)
    assert response.status_code == 422
    assert "Huge: this saved roll no longer works" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_plain_roll_saved_without_a_character_is_refused(coin_table, player):
    campaign, _tess = coin_table
    response = roll_form(player, campaign, notation="2d6", save_as="Nobody's")
    assert response.status_code == 422
    assert "Choose one of your characters: the button goes on its card." in response.content.decode()
    assert not Roll.objects.exists()
    assert not SavedRoll.objects.exists()


# The GM's saved calls.


def call(gm, campaign, tess, **more):
    data = {
        "character": tess.pk,
        "label": "Perception check",
        "notation": "1d20",
        "target": "424242",
        "comparison": "at_least",
        "reveal_dice": "on",
    } | more
    return client_for(gm).post(reverse("call_new", args=[campaign.pk]), data, **HX)


def test_the_gm_saves_a_call_and_calls_it_again_for_another_character(coin_table, gm, other_player):
    campaign, tess = coin_table
    mo = Character.objects.create(campaign=campaign, owner=other_player, name="Mo", sheet={"coins": 1})
    response = call(gm, campaign, tess, save_as="Perception check")
    assert response.status_code == 200
    assert ">Call: Perception check</button>" in response.content.decode()
    kept = SavedCall.objects.get()
    assert kept.request["target"] == 424242
    table = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    assert ">Call: Perception check</button>" in table
    used = client_for(gm).post(
        reverse("saved_call_use", args=[campaign.pk]), {"saved": kept.pk, "character": mo.pk}, **HX
    )
    assert used.status_code == 200
    assert "Called “Perception check” for Mo." in used.content.decode()
    again = RollCall.objects.get(character=mo)
    assert (again.label, again.request["notation"], again.request["target"], again.reveal["dice"]) == (
        "Perception check",
        "1d20",
        424242,
        True,
    )


def test_a_call_name_is_once_per_campaign(coin_table, gm):
    campaign, tess = coin_table
    call(gm, campaign, tess, save_as="Perception check")
    response = call(gm, campaign, tess, save_as="PERCEPTION CHECK")
    assert response.status_code == 422
    assert "already has a saved button named" in response.content.decode()
    assert RollCall.objects.count() == 1
    assert SavedCall.objects.count() == 1


def test_a_saved_call_for_a_character_not_at_the_table_calls_nothing(coin_table, gm):
    campaign, tess = coin_table
    call(gm, campaign, tess, save_as="Perception check")
    kept = SavedCall.objects.get()
    response = client_for(gm).post(
        reverse("saved_call_use", args=[campaign.pk]), {"saved": kept.pk, "character": "999999"}, **HX
    )
    assert response.status_code == 422
    assert "Perception check: Select a valid choice." in response.content.decode()
    assert RollCall.objects.count() == 1


def test_saved_calls_are_the_gms_alone(coin_table, gm, player, other_player):
    campaign, tess = coin_table
    call(gm, campaign, tess, save_as="Perception check")
    kept = SavedCall.objects.get()
    for user in (player, other_player):
        assert (
            "Call: Perception check" not in client_for(user).get(reverse("table", args=[campaign.pk])).content.decode()
        )
        for url in ("saved_call_use", "saved_call_remove"):
            response = client_for(user).post(
                reverse(url, args=[campaign.pk]), {"saved": kept.pk, "character": tess.pk}, **HX
            )
            assert response.status_code == 404
    assert SavedCall.objects.count() == 1
    assert RollCall.objects.count() == 1
    removed = client_for(gm).post(reverse("saved_call_remove", args=[campaign.pk]), {"saved": kept.pk}, **HX)
    assert removed.status_code == 200
    assert not SavedCall.objects.exists()


def test_the_called_player_sees_what_the_gm_asks_above_the_card(coin_table, gm, player):
    campaign, tess = coin_table
    call(gm, campaign, tess)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    asks = page.index("The GM asks <strong>Tess</strong>: Roll Perception check")
    # Under "Now", beside the card on a wide screen; a phone shows it first (its own view, or above the card).
    assert page.index('id="my-calls"') < asks
    assert f'id="card-{tess.pk}"' in page
    assert '<a href="#now" data-view="now">Now</a>' in page
    assert "424242" not in page


def test_a_refused_option_is_said_beside_its_field_and_the_card_says_where_to_look(coin_table, player, monkeypatch):
    campaign, tess = coin_table
    with_options(monkeypatch, [])
    response = press(player, campaign, tess, roll="coins:1", **{"coin-edge": "7"})
    assert response.status_code == 422
    body = response.content.decode()
    assert body.count("Select a valid choice.") == 1  # beside the field, not again under the buttons
    assert "Not rolled: see Edge in the options below." in body
    assert '<details class="card-options" open' in body
    assert not Roll.objects.exists()
