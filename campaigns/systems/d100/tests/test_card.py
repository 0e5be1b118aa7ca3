"""d100's character card: a button per skill, per attribute and per special die; one
click rolls a test at Standard now, with the sheet's values; the "⋯" options set the difficulty (or
leave it to the GM), a flip, the time taken and synergy. And the log row draws the dice as chips."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.d100 import actions as d100
from campaigns.systems.d100.adapter import ADAPTER
from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, sheet):
    sheet = campaign.rules_system.validate_sheet(sheet, campaign.settings)
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def mara(table, player):
    """The demo's character, as `manage.py demo` makes her."""
    return _character(table, player, "Mara Vell", ADAPTER.demo_sheet)


@pytest.fixture
def ulf(table, player):
    stealth = {"name": "Stealth", "attribute": "Agility", "ranks": 1}
    surgery = {"name": "Surgery", "attribute": "Intelligence", "ranks": 0, "special": True}
    return _character(
        table,
        player,
        "Ulf",
        {"attributes": {"Agility": 45, "Intelligence": 35}, "skills": [stealth, surgery], "modifiers": 5},
    )


def _click(client, campaign, character, key, **options):
    url = reverse("card_roll", args=[campaign.pk, character.pk])
    return client.post(url, {"roll": key, **options}, HTTP_HX_REQUEST="true")


def test_the_demo_character_has_a_button_per_skill_attribute_and_die(mara):
    card = ADAPTER.card(mara)
    names = [button.what for button in card.rolls]
    assert len(set(names)) == len(names) >= 6
    assert len({button.key for button in card.rolls}) == len(names)
    details = {button.what: button.detail for button in card.rolls}
    # Stealth: Agility 45 + 1 rank = 55; the other attributes are the sheet's default 40.
    assert details["Stealth"] == "55%"
    assert (details["Agility"], details["Brawn"], details["Fellowship"]) == ("45%", "40%", "40%")
    assert details["Fury die"] == details["Chaos die"] == "d6"
    groups = [group for group, _rolls in card.groups()]
    assert groups == ["Skills", "Attributes", "Dice"]


def test_the_details_count_modifiers_peril_and_a_special_skill_untrained(table, player):
    kit = {
        "attributes": {"Agility": 45, "Intelligence": 35},
        "modifiers": 5,
        "peril": 2,  # ignore 1 skill rank
        "skills": [
            {"name": "Stealth", "attribute": "Agility", "ranks": 2},
            {"name": "Surgery", "attribute": "Intelligence", "ranks": 0, "special": True},
        ],
    }
    ida = _character(table, player, "Ida", kit)
    details = {button.what: button.detail for button in ADAPTER.card(ida).rolls}
    assert details["Stealth"] == "60%"  # 45 + 10 (1 rank counts under peril) + 5
    assert details["Surgery"] == "40%, flips to fail"
    assert details["Agility"] == "50%"  # attributes take the talent and trait modifiers too


def test_the_card_shows_the_sheet_at_a_glance(player_client, table, ulf):
    page = player_client.get(reverse("table", args=[table.pk])).content.decode()
    assert f'id="card-{ulf.pk}"' in page
    for label in ("Roll Stealth", "Roll Surgery", "Roll Agility", "Roll Intelligence", "Roll Fury die"):
        assert f">{label} <span" in page
    assert "<dt>Peril</dt>" in page
    assert "Unhindered" in page
    assert "<dt>Surgery</dt>" in page
    assert "special" in page


def test_one_click_rolls_a_standard_test_now_with_the_sheet(player_client, table, ulf, script_dice):
    script_dice(3, 5)  # 24 against 45 + 10 + 5 = 60: a success, 2 + 4 degrees
    response = _click(player_client, table, ulf, "skill:Stealth")
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.character, roll.kind, roll.request["difficulty"], roll.request["secret"]) == (
        ulf,
        "d100",
        "standard",
        False,
    )
    assert roll.request["side"]["what"] == "Stealth (Agility 45, 1 rank)"
    assert (roll.outcome["chance"], roll.outcome["value"], roll.outcome["degrees"]) == (60, 24, 6)
    body = response.content.decode()
    assert "Rolled Stealth." in body
    assert f'data-roll-id="{roll.pk}"' in body
    assert not RollCall.objects.filter(status=RollCall.Status.PENDING).exists()


def test_an_attribute_button_tests_the_attribute_alone(player_client, table, ulf, script_dice):
    script_dice(5, 1)  # 40 against 35 + 5
    assert _click(player_client, table, ulf, "attribute:Intelligence").status_code == 200
    roll = Roll.objects.get()
    assert (roll.request["side"]["what"], roll.outcome["chance"], roll.outcome["success"]) == (
        "Intelligence 35",  # the attribute named once
        40,
        True,
    )


def test_the_options_set_difficulty_flip_time_and_synergy(player_client, table, ulf, script_dice):
    script_dice(8, 3)  # 72 flipped to succeed: 27
    response = _click(
        player_client, table, ulf, "skill:Stealth", difficulty="hard", flip="succeed", time="triple", synergy="on"
    )
    assert response.status_code == 200
    roll = Roll.objects.get()
    # Base 45 + (10 + 5 + 10 synergy) = 70; Hard a step easier with triple time: Challenging, 60.
    assert (roll.request["side"]["base"], roll.outcome["rated"], roll.outcome["chance"]) == (70, "challenging", 60)
    assert (roll.request["flip"], roll.outcome["value"], roll.outcome["success"]) == ("succeed", 27, True)


def test_leaving_the_difficulty_to_the_gm_asks_and_rolls_nothing_yet(player_client, table, ulf):
    response = _click(player_client, table, ulf, "skill:Stealth", difficulty="gm")
    assert response.status_code == 200
    assert "Stealth: asked." in response.content.decode()
    assert not Roll.objects.exists()
    call = RollCall.objects.get()
    assert (call.status, call.request["secret"], call.request["difficulty"]) == (RollCall.Status.PENDING, True, None)


def test_a_fury_die_button_rolls_the_die(player_client, table, ulf, script_dice):
    script_dice(6, 2)
    assert _click(player_client, table, ulf, "die:fury").status_code == 200
    roll = Roll.objects.get()
    assert (roll.kind, roll.character, roll.outcome) == ("d100_die", ulf, {"faces": [6, 2], "total": 8})


@pytest.mark.parametrize(
    "options",
    [{"difficulty": "impossible"}, {"flip": "sideways"}, {"time": "forever"}, {"difficulty": "x" * 5000}],
)
def test_a_bad_option_changes_nothing(player_client, table, ulf, options):
    response = _click(player_client, table, ulf, "skill:Stealth", **options)
    assert response.status_code == 422
    assert not Roll.objects.exists()
    assert not RollCall.objects.exists()


@pytest.mark.parametrize("key", ["skill:Lockpicking", "attribute:Luck", "die:doom", "skill:", "stealth"])
def test_a_button_the_card_does_not_have_changes_nothing(player_client, table, ulf, key):
    response = _click(player_client, table, ulf, key)
    assert response.status_code == 422
    assert not Roll.objects.exists()
    assert not RollCall.objects.exists()


def test_the_rules_refusal_reads_as_a_sentence_and_changes_nothing(player_client, table, ulf):
    response = _click(player_client, table, ulf, "skill:Surgery", flip="succeed")
    assert response.status_code == 422
    assert "A special skill tested untrained must flip to fail." in response.content.decode()
    assert not Roll.objects.exists()
    assert not RollCall.objects.exists()


def test_a_skill_whose_attribute_left_the_campaign_has_no_button(table, ulf):
    table.settings = {**table.settings, "attributes": ["Agility", "Brawn"]}
    table.save()
    ulf.refresh_from_db()
    whats = [button.what for button in ADAPTER.card(ulf).rolls]
    assert "Surgery" not in whats
    assert "Intelligence" not in whats
    assert {"Stealth", "Agility"} <= set(whats)


# The log row: each die a chip, the outcome a badge, the reading that stands marked.


def _row(client, campaign, roll) -> str:
    page = client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()
    start = page.index(f'data-roll-id="{roll.pk}"')
    return page[start : page.index("</article>", start)]


def test_a_test_row_shows_its_dice_as_chips_and_its_outcome_as_a_badge(player_client, table, ulf, script_dice):
    script_dice(3, 5)  # 24: a success
    _click(player_client, table, ulf, "skill:Stealth")
    row = _row(player_client, table, Roll.objects.get())
    assert '<span class="die die-kept" title="tens">2' in row
    assert '<span class="die die-kept" title="ones">4' in row
    assert '<strong class="outcome outcome-ok">✔ Success</strong>' in row
    assert "6 degrees" in row


def test_a_flip_marks_the_result_that_stands_and_the_one_it_replaced(player_client, table, ulf, script_dice):
    script_dice(8, 3)  # 72 flipped to succeed: 27
    _click(player_client, table, ulf, "skill:Stealth", flip="succeed")
    row = _row(player_client, table, Roll.objects.get())
    assert '<span class="die die-replaced" title="as rolled">72' in row
    assert '<span class="die die-stands" title="the result that stands">27' in row
    assert "(flip to succeed)" in row


def test_a_flip_that_would_not_help_says_so(player_client, table, ulf, script_dice):
    """Play-test: "57 (flip to succeed)" showed no swap and no reason; a flip is only taken when it helps
    (seed: "swap the tens and ones on the result rolled for a more favorable outcome")."""
    script_dice(3, 8)  # 27: the swap, 72, would read no better
    _click(player_client, table, ulf, "skill:Stealth", flip="succeed")
    row = _row(player_client, table, Roll.objects.get())
    assert "(flip to succeed; swapped, 72 would read no better)" in row
    assert "die-replaced" not in row


def test_a_critical_is_marked_on_its_chip_and_badge(player_client, table, ulf, script_dice):
    script_dice(4, 4)  # 33: a match under 60, a critical success
    _click(player_client, table, ulf, "skill:Stealth")
    row = _row(player_client, table, Roll.objects.get())
    assert '<span class="die die-critical" title="critical">33' in row
    assert '<strong class="outcome outcome-crit">✔ Critical success</strong>' in row


def test_a_fortune_reroll_marks_the_result_that_stands(player_client, table, ulf, gm, player, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(8, 3, 3, 5)  # 72 fails; the re-roll 24 stands
    _click(player_client, table, ulf, "skill:Stealth")
    d100.fortune_reroll(Roll.objects.get().pk, player)
    again = Roll.objects.latest("id")
    row = _row(player_client, table, again)
    assert '<span class="die die-stands" title="the result that stands">24' in row
    assert "Fortune re-roll of Ulf&#x27;s Stealth" in row


def test_a_die_row_draws_its_faces(player_client, table, ulf, script_dice):
    script_dice(6, 6, 3)
    _click(player_client, table, ulf, "die:fury")
    row = _row(player_client, table, Roll.objects.get())
    assert row.count('<span class="die die-exploded"') == 2
    assert '<span class="die die-kept">3' in row
    assert '<strong class="outcome outcome-neutral">15</strong>' in row
