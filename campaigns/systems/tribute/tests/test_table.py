"""Tribute Alpha at the table: tests against known, secret and opposed opposition,
Profit and Waste assignment, and what each audience sees."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.common.inputs import WholeNumberField
from campaigns.models import Roll, RollCall
from campaigns.systems.tribute.tests.conftest import post_opposed, post_test, test_form
from characters.models import Character
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db
SECRET_OPPOSITION = 137  # a marker no player page may show


def test_a_win_with_profit_is_assigned_and_posted(player_client, tribute, hero, player, script_dice):
    script_dice(6, 5, 3)  # FOCUS 6, 5; BURDEN 3: 6 - 3 + 1 = 4 against 2, one Profit (the 5)
    assert post_test(player_client, tribute, hero).status_code == 302
    call = RollCall.objects.get()
    assert call.status == RollCall.Status.PLAYER_TURN
    assert (call.state["outcome"], call.state["profit"], call.state["waste"]) == ("win", 1, 0)

    too_much = player_client.post(
        reverse("tribute_assign", args=[tribute.pk, call.pk]), {"profit__damage": "2"}, HTTP_HX_REQUEST="true"
    )
    assert too_much.status_code == 422
    assert "assigns 2 Profit" in too_much.content.decode()
    response = player_client.post(reverse("tribute_assign", args=[tribute.pk, call.pk]), {"profit__damage": "1"})
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert roll.outcome["resolution"]["ranks"] == [["damage", 3], ["range", 1]]
    page = player_client.get(reverse("table", args=[tribute.pk]) + "?tab=panel").content.decode()
    assert "Final ranks: damage 3, range 1" in page
    assert "✔ Win" in page
    again = player_client.post(
        reverse("tribute_assign", args=[tribute.pk, call.pk]), {"profit__damage": "1"}, HTTP_HX_REQUEST="true"
    )
    assert again.status_code == 422
    assert Roll.objects.count() == 1


def test_a_fail_is_posted_at_once(player_client, tribute, hero, script_dice):
    script_dice(1, 1, 6)
    post_test(player_client, tribute, hero)
    roll = Roll.objects.get()
    assert (roll.outcome["outcome"], roll.outcome["profit"]) == ("fail", 0)
    assert RollCall.objects.get().status == RollCall.Status.ANSWERED


def test_the_gm_sets_a_secret_opposition(player_client, gm_client, other_client, tribute, hero, script_dice):
    post_test(player_client, tribute, hero, known="0", opposition="", effect="")
    call = RollCall.objects.get()
    assert "waiting for the GM" in player_client.get(reverse("table", args=[tribute.pk])).content.decode()
    assert (
        player_client.post(reverse("tribute_opposition", args=[tribute.pk, call.pk]), {"opposition": "1"}).status_code
        == 404
    )
    script_dice(4, 2, 2)
    gm_client.post(reverse("tribute_opposition", args=[tribute.pk, call.pk]), {"opposition": SECRET_OPPOSITION})
    roll = Roll.objects.get()
    assert roll.outcome["outcome"] == "fail"
    for client in (player_client, other_client):
        page = client.get(reverse("table", args=[tribute.pk])).content.decode()
        assert "✘ Fail" in page
        assert f"against {SECRET_OPPOSITION}" not in page
    assert str(SECRET_OPPOSITION) in gm_client.get(reverse("table", args=[tribute.pk])).content.decode()


def test_an_opposed_test_rolls_both_sides_once(gm_client, player_client, tribute, hero, script_dice):
    response = post_opposed(gm_client, tribute, hero)
    assert response.status_code == 302
    call = RollCall.objects.get()
    script_dice(6, 2, 5, 1)  # Vera: FOCUS 6, BURDEN 2 (+1) = 5; Ogre: FOCUS 5, BURDEN 1 (+2) = 6
    player_client.post(reverse("tribute_roll", args=[tribute.pk, call.pk]), {"focus": "1", "burden": "1"})
    roll = Roll.objects.get()
    assert (roll.outcome["test"]["focus_faces"], roll.outcome["opponent"]["focus_faces"]) == ([6], [5])
    assert (roll.outcome["opposition"], roll.outcome["outcome"]) == (6, "fail")
    page = player_client.get(reverse("table", args=[tribute.pk]) + "?tab=panel").content.decode()
    assert "Ogre" in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"focus": "7"}, "less than or equal to 6"),
        ({"burden": "0"}, "greater than or equal to 1"),
        ({"attribute": "Charm"}, "Select a valid choice"),
        ({"effect": "Fireball"}, "no effect called Fireball"),
        ({"opposition": ""}, "Give the opposition"),
    ],
)
def test_bad_tests_are_explained_and_roll_nothing(player_client, tribute, hero, changes, message):
    response = post_test(player_client, tribute, hero, htmx=True, **changes)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not RollCall.objects.exists()


def test_a_player_cannot_test_with_anothers_character(other_client, tribute, hero):
    response = post_test(other_client, tribute, hero, htmx=True)
    assert response.status_code == 422
    assert not RollCall.objects.exists()


def test_another_player_cannot_assign(other_client, player_client, tribute, hero, script_dice):
    script_dice(6, 5, 3)
    post_test(player_client, tribute, hero)
    call = RollCall.objects.get()
    assert other_client.post(reverse("tribute_assign", args=[tribute.pk, call.pk]), {}).status_code == 404


def test_live_odds_for_a_known_opposition(player_client, tribute, hero):
    query = test_form(hero, focus="1", burden="1", opposition="1")  # rank +1 against 1: win if FOCUS > BURDEN
    page = player_client.get(reverse("tribute_odds", args=[tribute.pk]), query).content.decode()
    assert "Win <strong>41.67%</strong>" in page
    assert "Chance of success 58.33%" in page  # the chart's words: a Win or a Match delivers the effect
    secret = player_client.get(reverse("tribute_odds", args=[tribute.pk]), query | {"known": "0"}).content.decode()
    assert "Win" not in secret


def test_the_tribute_sheet_form(player_client, tribute):
    response = player_client.post(
        reverse("character_new", args=[tribute.pk]),
        {
            "name": "Vera",
            "attribute__Might": "2",
            "attribute__Agility": "-1",
            "notes": "",
            **rows(
                "effects",
                [
                    {"name": "Punch", "rank": 2, "features": "damage 2, range 1", "bonuses": "knockback"},
                    {"name": "Shove", "rank": 1},
                ],
            ),
        },
    )
    assert response.status_code == 302
    vera = Character.objects.get(name="Vera")
    assert vera.sheet["attributes"]["Might"] == 2
    assert vera.sheet["effects"][0] == {
        "name": "Punch",
        "rank": 2,
        "features": [{"name": "damage", "rank": 2}, {"name": "range", "rank": 1}],
        "bonuses": ["knockback"],
    }
    assert vera.sheet["effects"][1] == {"name": "Shove", "rank": 1, "features": [], "bonuses": []}
    edit = reverse("character_edit", args=[tribute.pk, vera.pk])
    page = player_client.get(edit).content.decode()
    assert 'name="effects-0-features" value="damage 2, range 1"' in page
    kept = {"name": "Vera", "attribute__Might": "2", "attribute__Agility": "-1", "notes": ""}
    posted = rows(
        "effects",
        [
            {"name": "Punch", "rank": 2, "features": "damage 2, range 1", "bonuses": "knockback", "DELETE": True},
            {"name": "Shove", "rank": 1},
        ],
        initial=2,
    )
    assert player_client.post(edit, kept | posted).status_code == 302
    vera.refresh_from_db()
    assert vera.sheet["effects"] == [{"name": "Shove", "rank": 1, "features": [], "bonuses": []}]


@pytest.mark.parametrize(
    ("effect", "field", "message"),
    [
        ({"rank": "9"}, "rank", "Ensure this value is less than or equal to 5."),
        ({"rank": "²"}, "rank", "Enter a whole number from 1 to 5."),
        ({"features": "damage; 2"}, "features", "has &#x27;;&#x27;"),
        ({"features": "damage 9"}, "features", "a feature&#x27;s rank is 0 to 5"),
        ({"bonuses": "knock:back"}, "bonuses", "has &#x27;:&#x27;"),
    ],
)
def test_a_bad_effect_row_is_refused_beside_its_field(player_client, tribute, effect, field, message):
    row = {"name": "Doom", "rank": 2, "features": "damage 2", "bonuses": ""} | effect
    bad = player_client.post(reverse("character_new", args=[tribute.pk]), {"name": "X", **rows("effects", [row])})
    assert bad.status_code == 422
    assert re.search(f'id="id_effects-0-{field}-live">[^<]*{re.escape(message)}', bad.content.decode())
    assert not Character.objects.exists()


@pytest.mark.parametrize("count", ["²", "--1", "٣"])
def test_odd_digits_in_profit_get_a_message(player_client, tribute, hero, script_dice, count):
    script_dice(6, 5, 3)
    post_test(player_client, tribute, hero)
    call = RollCall.objects.get()
    url = reverse("tribute_assign", args=[tribute.pk, call.pk])
    response = player_client.post(url, {"profit__damage": count}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Profit on damage: give a whole number from 0 to 20." in response.content.decode()
    assert RollCall.objects.get().status == RollCall.Status.PLAYER_TURN


def test_an_npc_without_a_rank_is_asked_for_one(gm_client, tribute, hero):
    """Play-test: an empty NPC rank silently became 0."""
    response = post_opposed(gm_client, tribute, hero, htmx=True, opponent_rank="")
    assert response.status_code == 422
    assert "Give the NPC&#x27;s rank, -99 to 99." in response.content.decode()
    assert not RollCall.objects.exists()


def test_a_whole_number_field_says_its_own_range():
    """Play-test: "e.g. 3 or -2" on a field whose minimum is 0."""
    field = WholeNumberField(min_value=0, max_value=20)
    with pytest.raises(ValidationError) as refused:
        field.clean("two")
    assert refused.value.messages == ["Enter a whole number from 0 to 20."]
