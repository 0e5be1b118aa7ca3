"""The explorer's card: six attribute buttons showing their codes, the sheet at a
glance, and one click that rolls the code now as a plain risk roll (sixes are Venture), with the
card's options (gear combined, bonus pips); refusals change nothing. The log row draws its dice."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.cgg.adapter import ADAPTER
from campaigns.systems.cgg.tests.fixtures import table_log
from campaigns.systems.cgg.tests.test_table import call
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def mara(cgg_campaign, player):
    sheet = ADAPTER.rules.validate_sheet(dict(ADAPTER.demo_sheet))
    return Character.objects.create(campaign=cgg_campaign, owner=player, name="Mara Vell", sheet=sheet)


def post(client, campaign, character, data):
    return client.post(reverse("card_roll", args=[campaign.pk, character.pk]), data, HTTP_HX_REQUEST="true")


def test_the_demo_explorer_has_six_attribute_buttons_with_their_codes(mara):
    card = ADAPTER.card(mara)
    buttons = {(roll.what, roll.detail) for roll in card.rolls}
    assert buttons == {
        ("Dexterity", "4d+1"),
        ("Strength", "2d+2"),
        ("Perception", "3d+2"),
        ("Knowledge", "2d"),
        ("Technical", "3d"),
        ("Mechanical", "2d+1"),
    }
    assert len({roll.key for roll in card.rolls}) == 6
    assert list(card.options.fields) == ["gear", "bonus_pips"]
    assert dict(card.options.fields["gear"].choices) == {"": "(none)", 0: "Armour jacket 2d"}


def test_the_card_on_the_table_shows_the_sheet_at_a_glance(player_client, cgg_campaign, mara):
    page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert '>Roll Dexterity <span class="detail">4d+1</span></button>' in page
    for shown in ("Piloting x2", "Armour jacket 2d", "<dt>Harm</dt><dd>0/8</dd>"):
        assert shown in page


def test_one_click_rolls_the_code_now(player_client, cgg_campaign, mara, player, script_dice):
    script_dice(6, 3, 4, 5)  # Dexterity 4d+1: one Venture, 3 + 4 + 5 + 1 = 13
    response = post(player_client, cgg_campaign, mara, {"roll": "attribute:dexterity"})
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.kind, roll.character, roll.author) == ("cgg_risk", mara, player)
    assert roll.outcome == {"code": "4d+1", "faces": [6, 3, 4, 5], "total": 13, "venture": 1}
    assert not RollCall.objects.exists()  # no action: no call, no Exec dice
    body = response.content.decode()
    assert f'data-roll-id="{roll.pk}"' in body
    assert "Rolled Dexterity." in body
    assert "Mara Vell rolled Dexterity 4d+1 (a plain risk roll): total 13, 1 Venture." in body


def test_the_options_combine_gear_and_bonus_pips(player_client, cgg_campaign, mara, script_dice):
    script_dice(1, 2, 3, 4)  # Strength 2d+2 with the 2d jacket: 2d+4 pips = 3d+1, +2 BP = 4d
    response = post(player_client, cgg_campaign, mara, {"roll": "attribute:strength", "gear": "0", "bonus_pips": "2"})
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert roll.outcome["code"] == "4d"
    assert roll.request["assists"] == [["Armour jacket", "2d"]]
    assert "Strength 2d+2 with Armour jacket 2d, +2 BP = 4d" in response.content.decode()


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"roll": "attribute:luck"}, "not on this character"),
        ({"roll": "attribute:dexterity", "gear": "1"}, "Choose gear from the explorer"),  # Comlink: no code
        ({"roll": "attribute:dexterity", "bonus_pips": "31"}, "from 0 to 30"),
        ({"roll": "attribute:dexterity", "bonus_pips": "x"}, "Bonus pips: a whole number from 0 to 30"),
    ],
)
def test_a_bad_key_or_option_changes_nothing(player_client, cgg_campaign, mara, data, said):
    response = post(player_client, cgg_campaign, mara, data)
    assert response.status_code == 422
    assert said in response.content.decode().replace("&#x27;", "'")
    assert not Roll.objects.exists()


def test_a_code_past_the_biggest_is_refused_with_the_rules_sentence(player_client, cgg_campaign, mara):
    mara.sheet["attributes"]["dexterity"] = "10d"
    mara.sheet["gear"] = ["Power armour 10d"]
    mara.save()  # 10d with 10d of gear and 30 BP: 30 + 10 + 30 pips = 23d, past the biggest code
    response = post(player_client, cgg_campaign, mara, {"roll": "attribute:dexterity", "gear": "0", "bonus_pips": "30"})
    assert response.status_code == 422
    assert "at most 20 dice" in response.content.decode()
    assert not Roll.objects.exists()


def test_the_exec_call_for_that_attribute_is_answered_in_one_click(player_client, cgg_campaign, mara, script_dice):
    made = call(cgg_campaign, mara)  # Dexterity, base 5d: 4d+1 leaves one Exec die
    script_dice(1, 2, 3, 4, 9)  # no Venture; the Exec's die 9: no Failure
    response = post(player_client, cgg_campaign, mara, {"roll": "attribute:dexterity"})
    assert response.status_code == 200
    made.refresh_from_db()
    assert made.status == RollCall.Status.ANSWERED
    roll = Roll.objects.get()
    assert (roll.kind, roll.call, roll.outcome["risk_faces"], roll.outcome["wrench"]) == ("cgg", made, [1, 2, 3, 4], [])
    body = response.content.decode()
    assert f'data-roll-id="{roll.pk}"' in body
    for secret in ("risk target", "base 5d", "die-secret"):  # the player's own row: nothing of the Exec's
        assert secret not in body


def test_an_answered_call_with_venture_waits_for_the_wrench(player_client, cgg_campaign, mara, script_dice):
    made = call(cgg_campaign, mara)
    script_dice(6, 2, 3, 4, 9)
    response = post(player_client, cgg_campaign, mara, {"roll": "attribute:dexterity"})
    assert response.status_code == 200
    said = "Jump the gap: rolled for the Exec&#x27;s call, 1 Venture: choose your Wrench uses on the call below."
    assert said in response.content.decode()
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN
    assert not Roll.objects.exists()


def test_a_call_for_another_attribute_stays_open(player_client, cgg_campaign, mara, script_dice):
    made = call(cgg_campaign, mara)  # Dexterity
    script_dice(1, 1, 1)
    assert post(player_client, cgg_campaign, mara, {"roll": "attribute:technical"}).status_code == 200
    made.refresh_from_db()
    assert made.status == RollCall.Status.PENDING
    assert Roll.objects.get().kind == "cgg_risk"


def test_the_plain_roll_row_draws_chips_and_a_badge(player_client, cgg_campaign, mara, script_dice):
    script_dice(6, 6, 2, 5)
    post(player_client, cgg_campaign, mara, {"roll": "attribute:dexterity"})
    page = table_log(player_client, cgg_campaign)
    assert page.count('class="die die-wrench" title="Venture"') == 2
    assert '<span class="die die-kept">2</span>' in page
    assert '<strong class="outcome outcome-neutral">Total 8, 2 Venture</strong>' in page


def test_the_calls_own_roll_without_venture_is_published_at_once(player_client, cgg_campaign, mara, script_dice):
    """Play-test: answered from the highlighted call's "Roll … for risk" (not the card) with no
    Venture, the player was left a lone "Done" and the Exec read "The player is choosing Wrench
    uses": with nothing to choose it is published at once, as the card's button does."""
    made = call(cgg_campaign, mara)  # Dexterity, base 5d: 4d+1 leaves one Exec die
    script_dice(1, 2, 3, 4, 9)  # no Venture; the Exec's die 9: no Failure
    url = reverse("cgg_roll", args=[cgg_campaign.pk, made.pk])
    response = player_client.post(url, {}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    made.refresh_from_db()
    assert made.status == RollCall.Status.ANSWERED
    assert Roll.objects.get().outcome["wrench"] == []


def test_the_calls_own_roll_with_venture_waits_for_the_wrench(player_client, cgg_campaign, mara, script_dice):
    made = call(cgg_campaign, mara)
    script_dice(6, 2, 3, 4, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]), {}, HTTP_HX_REQUEST="true")
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN
    assert not Roll.objects.exists()
