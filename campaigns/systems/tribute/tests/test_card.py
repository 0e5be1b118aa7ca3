"""Tribute Alpha's character card: a button per attribute and per effect of the demo
sheet, one click is one test through start_test against the published default (opposition 0, one
FOCUS and one BURDEN die), the options change it, bad keys and options change nothing; and a roll
row draws its dice as chips with the outcome and Profit as badges."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.tribute import actions as tribute_actions
from campaigns.systems.tribute.adapter import ADAPTER
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Tribute", system="tribute", settings={})
    for user in (player, other_player):
        actions.join_campaign(user, campaign)
    sheet = campaign.rules_system.validate_sheet({**ADAPTER.demo_sheet, "notes": ""}, campaign.settings)
    mara = Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet=sheet)
    return campaign, mara


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(user, campaign, character, data):
    return client_for(user).post(reverse("card_roll", args=[campaign.pk, character.pk]), data, HTTP_HX_REQUEST="true")


def test_the_demo_sheet_has_a_button_per_attribute_and_effect(table):
    _campaign, mara = table
    card = ADAPTER.card(mara)
    whats = [roll.what for roll in card.rolls]
    assert len(set(whats)) >= 6
    assert whats == [
        "Might",
        "Agility",
        "Vitality",
        "Intellect",
        "Perception",
        "Willpower",
        "Presence",
        "Punch",
        "Sprint",
    ]
    assert card.roll("attribute:Might").detail == "d6 +2"
    assert card.roll("attribute:Vitality").detail == "d6 +0"
    assert card.roll("effect:Punch").detail == "rank 2 · Might +2"  # the highest attribute by default
    assert {roll.group for roll in card.rolls} == {"Attributes", "Effects"}


def test_the_table_shows_the_card_with_its_sheet_at_a_glance(table, player):
    campaign, mara = table
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert f'id="card-{mara.pk}"' in page
    assert re.search(r">Roll Might <span class=\"detail\">d6 \+2</span></button>", page)
    assert ">Roll Punch <span" in page
    assert "<dt>Punch</dt><dd>2 (damage 2, range 1) · bonus: knockback</dd>" in page


def test_one_click_is_one_test_with_the_sheets_rank_against_the_default(table, player, script_dice):
    campaign, mara = table
    script_dice(4, 3)  # FOCUS 4, BURDEN 3: 4 - 3 + 2 = 3 against 0
    response = post(player, campaign, mara, {"roll": "attribute:Might"})
    assert response.status_code == 200
    roll = Roll.objects.get()
    test = roll.outcome["test"]
    assert (test["attribute"], test["rank"], test["focus"], test["burden"]) == ("Might", 2, 1, 1)
    assert (roll.outcome["opposition"], roll.outcome["outcome"]) == (0, "win")
    assert roll.author == player
    assert roll.character == mara
    body = response.content.decode()
    assert "Rolled Might." in body
    assert f'data-roll-id="{roll.pk}"' in body


def test_the_options_set_the_dice_and_the_opposition(table, player, script_dice):
    campaign, mara = table
    script_dice(1, 2, 6, 1, 1)  # FOCUS 1, 2, 6 (6 used); BURDEN 1, 1
    post(player, campaign, mara, {"roll": "attribute:Agility", "focus": "3", "burden": "2", "opposition": "6"})
    roll = Roll.objects.get()
    assert (roll.outcome["test"]["focus_faces"], roll.outcome["test"]["burden_faces"]) == ([1, 2, 6], [1, 1])
    assert (roll.outcome["test"]["rank"], roll.outcome["opposition"], roll.outcome["outcome"]) == (1, 6, "match")
    assert roll.outcome["profit"] == 2  # the 1 and 2 meet the BURDEN die's 1


def test_the_gm_sets_option_waits_for_the_gm(table, player):
    campaign, mara = table
    response = post(player, campaign, mara, {"roll": "attribute:Might", "gm_sets": "on"})
    assert response.status_code == 200
    assert "asked. The GM sets what it needs" in response.content.decode()
    assert not Roll.objects.exists()
    call = RollCall.objects.get()
    assert call.request["secret"]
    assert call.status == RollCall.Status.PENDING


def test_an_effect_with_profit_waits_for_the_players_assignment(table, player, script_dice):
    campaign, mara = table
    script_dice(6, 6, 1)  # FOCUS 6, 6; BURDEN 1: a Win with 1 Profit on Punch
    response = post(player, campaign, mara, {"roll": "effect:Punch", "focus": "2"})
    assert response.status_code == 200
    assert "Rolled Punch: Win with 1 Profit and 0 Waste to assign" in response.content.decode()
    call = RollCall.objects.get()
    assert (call.status, call.request["effect"], call.request["attribute"]) == (
        RollCall.Status.PLAYER_TURN,
        "Punch",
        "Might",
    )


def test_an_effect_without_profit_goes_to_the_log_with_the_chosen_attribute(table, player, script_dice):
    campaign, mara = table
    script_dice(5, 2)
    post(player, campaign, mara, {"roll": "effect:Sprint", "attribute": "Agility"})
    roll = Roll.objects.get()
    assert (roll.request["effect"], roll.request["attribute"], roll.outcome["test"]["rank"]) == ("Sprint", "Agility", 1)
    assert roll.outcome["delivered"] == [["Sprint", 1]]


@pytest.mark.parametrize(
    "data",
    [
        {"roll": "attribute:Luck"},
        {"roll": "effect:Kick"},
        {"roll": "Might"},
        {"roll": "attribute:Might", "focus": "7"},
        {"roll": "attribute:Might", "burden": "0"},
        {"roll": "attribute:Might", "opposition": "many"},
        {"roll": "attribute:Might", "opposition": "3", "gm_sets": "on"},
        {"roll": "effect:Punch", "attribute": "Luck"},
    ],
)
def test_a_bad_key_or_option_changes_nothing(table, player, data):
    campaign, mara = table
    response = post(player, campaign, mara, data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert not Roll.objects.exists()
    assert not RollCall.objects.exists()


def test_a_roll_row_draws_chips_and_badges(table, player, script_dice):
    campaign, mara = table
    script_dice(6, 5, 2)  # FOCUS 6, 5; BURDEN 2: 6 - 2 + 2 = 6, a Win with 1 Profit
    post(player, campaign, mara, {"roll": "attribute:Might", "focus": "2"})
    page = client_for(player).get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()
    row = page[page.index("data-roll-id=") :]
    assert '<span class="used"><span class="die die-kept" title="FOCUS die used">6' in row
    assert '<span class="die die-kept" title="FOCUS, Profit">5' in row
    assert '<span class="used"><span class="die die-hard" title="BURDEN die used">2' in row
    assert '<strong class="outcome outcome-ok">✔ Win</strong>' in row
    assert '<strong class="outcome outcome-ok">Profit 1</strong>' in row
    assert "· 0 Waste" in row


def test_the_rules_page_says_what_one_click_rolls(client):
    page = client.get(reverse("rules")).content.decode()
    assert 'id="tribute-card"' in page
    assert "against an opposition of <strong>0</strong>" in page


def test_the_players_own_waiting_tests_are_not_said_to_be_the_gms(table, player, script_dice):
    """Play-test: a card test waiting for the Profit assignment or for the GM's opposition is shown
    among the GM's calls, but it is the player's own: it must not read "The GM asks …"."""
    campaign, mara = table
    script_dice(6, 6, 1)  # a Win with 1 Profit on Punch: waits for the player's assignment
    post(player, campaign, mara, {"roll": "effect:Punch", "focus": "2"})
    post(player, campaign, mara, {"roll": "attribute:Perception", "gm_sets": "on"})
    page = client_for(player).get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()
    assert "The GM asks <strong>Mara Vell</strong>" not in page
    assert "Your roll for <strong>Mara Vell</strong>: Punch (Might) — choose below" in page
    # Not "waits for you" beside the card's "waiting for the GM to set…": it waits on the GM.
    assert "Your roll for <strong>Mara Vell</strong>: Perception</p>" in page


def test_the_attribute_button_answers_the_gms_opposed_call_for_it(table, gm, player, script_dice):
    """Play-test: with the GM's opposed Agility test waiting, the card's "Roll Agility" rolled a second,
    unopposed test against 0 and left the call open; it answers the call, as CGG's card does."""
    campaign, mara = table
    opponent = {"name": "Guard", "rank": 0, "attribute": "Might", "focus": 1, "burden": 1}
    made = tribute_actions.call_opposed(
        campaign, gm, character=mara, attribute="Agility", opponent=opponent, label="Slip past the guard"
    )
    script_dice(5, 1, 2, 3)  # Mara: 5 − 1 + 1 = 5; the guard: 2 − 3 = −1
    response = post(player, campaign, mara, {"roll": "attribute:Agility"})
    assert response.status_code == 200
    made.refresh_from_db()
    assert made.status == RollCall.Status.ANSWERED
    roll = Roll.objects.get()
    assert (roll.call, roll.outcome["outcome"]) == (made, "win")
    assert RollCall.objects.count() == 1  # no second, unopposed test


def test_another_attributes_button_leaves_the_opposed_call_open(table, gm, player, script_dice):
    campaign, mara = table
    opponent = {"name": "Guard", "rank": 0, "attribute": "Might", "focus": 1, "burden": 1}
    made = tribute_actions.call_opposed(campaign, gm, character=mara, attribute="Agility", opponent=opponent)
    script_dice(5, 1)
    post(player, campaign, mara, {"roll": "attribute:Might"})
    made.refresh_from_db()
    assert made.status == RollCall.Status.PENDING
    assert Roll.objects.get().call != made


def card_values(html: str, character) -> dict[str, str]:
    """The card's options as drawn: each field's value ("" when empty)."""
    found = {}
    for name in ("focus", "burden", "opposition"):
        field = re.search(rf'<input[^>]*name="{name}"[^>]*id="card{character.pk}-{name}"[^>]*>', html)
        assert field, name
        value = re.search(r'value="([^"]*)"', field.group(0))
        found[name] = value.group(1) if value else ""
    return found


def test_the_card_keeps_the_dice_of_the_last_test_for_the_next_click(table, player, script_dice):
    """Play-test: after a roll with 3 FOCUS dice, the card's options went back to 1, so the next one-click
    roll rolled 1 FOCUS die and could never earn Profit. The dice stay; the opposition is the test's own."""
    campaign, mara = table
    script_dice(1, 2, 6, 1, 1)
    answer = post(player, campaign, mara, {"roll": "attribute:Agility", "focus": "3", "burden": "2", "opposition": "6"})
    assert card_values(answer.content.decode(), mara) == {"focus": "3", "burden": "2", "opposition": ""}
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert card_values(page, mara) == {"focus": "3", "burden": "2", "opposition": ""}  # a reload keeps them too
    script_dice(2, 5, 4, 1, 3)
    post(player, campaign, mara, {"roll": "attribute:Might", **card_values(page, mara)})  # the next click
    latest = Roll.objects.latest("pk").outcome
    assert (latest["test"]["focus_faces"], latest["test"]["burden_faces"]) == ([2, 5, 4], [1, 3])
    assert latest["profit"] == 1  # the 4 beside the 5 kept meets the highest BURDEN die, 3: Profit at last


def test_the_glance_says_the_dice_the_next_click_rolls(table, player, script_dice):
    """Play-test: the glance said "one click: 1 FOCUS, 1 BURDEN" while the click rolled the dice kept from the
    last test."""
    campaign, mara = table
    table_page = reverse("table", args=[campaign.pk])
    assert "one click: 1 FOCUS, 1 BURDEN against 0" in client_for(player).get(table_page).content.decode()
    script_dice(1, 2, 6, 1, 1)
    answer = post(player, campaign, mara, {"roll": "attribute:Agility", "focus": "3", "burden": "2", "opposition": "6"})
    assert "one click: 3 FOCUS, 2 BURDEN against 0" in answer.content.decode()
    assert "one click: 3 FOCUS, 2 BURDEN against 0" in client_for(player).get(table_page).content.decode()


def test_a_first_click_rolls_the_seeds_test_with_no_modifiers(table, player):
    _campaign, mara = table
    html = str(ADAPTER.card(mara).options)
    assert card_values(html, mara) == {"focus": "", "burden": "", "opposition": ""}  # empty: one of each
