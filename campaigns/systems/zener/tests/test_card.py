"""Zener Gate's character card: a button per skill, weapon and stat on the sheet, one click
one check in the log, and the check's row drawn as dice chips with an outcome badge."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener import actions as zener
from campaigns.systems.zener.adapter import ADAPTER
from campaigns.systems.zener.tests.conftest import PILOT_FAILS_BY_6
from characters.models import Character
from rules.zener.checks import Check
from rules.zener.stats import ROLLED_STATS

pytestmark = pytest.mark.django_db


def card_post(client, character, key, **options):
    data = {"roll": key, **{f"card{character.pk}-{name}": value for name, value in options.items()}}
    url = reverse("card_roll", args=[character.campaign_id, character.pk])
    return client.post(url, data, HTTP_HX_REQUEST="true")


def test_the_demo_sheet_has_a_button_per_skill_weapon_and_stat(mara):
    card = ADAPTER.card(mara)
    buttons = {roll.key: roll for roll in card.rolls}
    assert len({roll.what for roll in card.rolls}) >= 6
    # Pilot 3 + PRAC 12's foundation 8 = 11 on 3d6: 135 of 216.
    assert (buttons["skill:Pilot"].what, buttons["skill:Pilot"].detail) == ("Pilot", "≤ 11 · 62%")
    # ACC 10's foundation 7 + Pistol 2 − Defense 0 = 9 on 3d6: 81 of 216.
    assert (buttons["weapon:Pistol"].what, buttons["weapon:Pistol"].detail) == ("Pistol attack", "≤ 9 · 38%")
    assert "skill:Pistol" not in buttons  # the weapon skill is rolled as the weapon's attack
    assert buttons["stat:PRAC"].detail.startswith("≤ 12 · ")
    assert {f"stat:{stat}" for stat in ROLLED_STATS} <= set(buttons)
    assert [group for group, _ in card.groups()] == ["Skills, 3d6", "Weapon attacks, 3d6", "Stat checks, 4d6"]


def test_an_impossible_chance_names_its_dice(zg, player):
    knife = {"name": "Knife", "damage": "1d6", "melee": True}
    sheet = zg.rules_system.validate_sheet({"stats": {"ACC": 1}, "int_dice": [3, 3], "weapons": [knife]})
    kit = Character.objects.create(campaign=zg, owner=player, name="Kit", sheet=sheet)
    buttons = {roll.key: roll for roll in ADAPTER.card(kit).rolls}
    assert buttons["stat:ACC"].detail == "7d6 ≤ 7 · 0%"  # ACC 1 on 4d6: 3 more dice, +2 each (1 + 6)
    assert buttons["weapon:Knife"].detail == "≤ 7 · 16%"  # MEL 10's foundation 7, a melee weapon


def test_the_table_shows_the_card_with_its_glance_and_buttons(player_client, zg, mara):
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert f'id="card-{mara.pk}"' in page
    for label in ("Roll Pilot", "Roll Pistol attack", "Roll PRAC", "Roll AWA"):
        assert f'>{label} <span class="detail">' in page
    assert "<dt>HP</dt><dd>40/40</dd>" in page  # 2 × CON 10 + RES 10 + NIM 10
    assert "<dt>Pistol</dt><dd>2d6" in page
    assert '<dt>RES</dt><dd>6 <span class="muted">(10)</span>' in page  # as its check reads it: no armour is −4


def test_the_card_shows_the_karma_left_to_spend(player_client, zg, mara):
    """Play-test: the card showed no Karma, the currency its re-rolls spend; it now says what is left."""
    zener.change_karma(mara, -3, actor=mara.owner, reason="test")
    left = zener.karma_balance(mara).value
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    card = page[page.index(f'id="card-{mara.pk}"') :]
    assert f"<dt>Karma</dt><dd>{left}</dd>" in card[: card.index("</section>")]


def test_one_click_rolls_a_skill_check_from_the_sheet(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5)
    response = card_post(player_client, mara, "skill:Pilot")
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.character, roll.author, roll.visibility) == (mara, mara.owner, "table")
    assert roll.request["what"] == "Pilot 3 + PRAC foundation 8"
    assert roll.outcome | {} == PILOT_FAILS_BY_6
    body = response.content.decode()
    assert "Rolled Pilot." in body
    assert f'data-roll-id="{roll.pk}"' in body


def test_one_click_rolls_a_stat_check_and_a_weapons_attack(player_client, zg, mara, script_dice):
    script_dice(1, 2, 3, 4)
    assert card_post(player_client, mara, "stat:PRAC").status_code == 200
    script_dice(2, 2, 2)
    assert card_post(player_client, mara, "weapon:Pistol", defense="3").status_code == 200
    stat, attack = Roll.objects.order_by("pk")
    assert (stat.request["dice"], stat.outcome["target"], stat.outcome["total"]) == (4, 12, 10)
    assert stat.request["what"] == "PRAC 12 (stat check)"
    assert attack.request["what"] == "Pistol attack: ACC foundation 7 + Pistol 2 − Defense 3"
    assert (attack.request["dice"], attack.outcome["target"], attack.outcome["success"]) == (3, 6, True)
    assert mara.__class__.objects.get(pk=mara.pk).sheet["damage"]["end_spent"] == 0  # the GM's attack pays END


def test_the_options_add_a_modifier_and_extra_time(player_client, zg, mara, script_dice):
    script_dice(3, 3, 3)
    # x10 time is +4 on the time chart: 11 + 2 + 4.
    assert card_post(player_client, mara, "skill:Pilot", modifier="2", time="4").status_code == 200
    roll = Roll.objects.get()
    assert (roll.outcome["target"], roll.request["what"]) == (17, "Pilot 3 + PRAC foundation 8 + 6")


@pytest.mark.parametrize(
    ("key", "options", "said"),
    [
        ("skill:Sneak", {}, "not on this character"),
        ("stat:CHA", {}, "not on this character"),
        ("weapon:Rifle", {}, "not on this character"),
        ("skill:Pilot", {"modifier": "99"}, "less than or equal to 50"),
        ("skill:Pilot", {"time": "77"}, "Select a valid choice"),
        ("weapon:Pistol", {"defense": "x"}, "whole number"),
    ],
)
def test_a_bad_button_or_option_changes_nothing(player_client, zg, mara, key, options, said):
    response = card_post(player_client, mara, key, **options)
    assert response.status_code == 422
    assert said in response.content.decode()
    assert not Roll.objects.exists()


def test_a_check_row_shows_dice_chips_and_a_badge(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5)
    card_post(player_client, mara, "skill:Pilot")
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    row = page[page.index("data-roll-id=") :]
    assert re.search(r'<span class="die die-kept">6</span>\s*<span class="die die-kept">6</span>', row)
    assert '<strong class="outcome outcome-fail">✘ failure by 6</strong>' in row
    assert "checked Pilot 3 + PRAC foundation 8: 17 against 11, failure by 6." in row  # the sentence stays


def test_dice_past_the_lowest_that_count_are_dropped_chips(player_client, zg, mara, script_dice):
    check = Check(3, 22, benefit=5)  # 5d6, the lowest 3 at or under 13 (rules.zener.checks.extra_benefits)
    script_dice(6, 6, 6, 5, 1)
    zener.make_check(zg, mara.owner, character=mara, what="Pilot", check=check)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    chips = re.findall(r'<span class="die die-(\w+)"[^>]*>(\d)', page)
    assert chips == [("kept", "6"), ("dropped", "6"), ("dropped", "6"), ("kept", "5"), ("kept", "1")]  # 1 + 5 + 6
    assert '<strong class="outcome outcome-ok">✔ success by 1</strong>' in page


def test_a_karma_reroll_shows_what_it_replaces_and_marks_the_result_that_stands(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5)
    card_post(player_client, mara, "skill:Pilot")
    first = Roll.objects.get()
    script_dice(2, 3, 4)
    again = zener.spend_on_roll(first.pk, mara.owner, use="reroll")
    assert again.request["replaced"] == {"faces": [6, 6, 5], "total": 17, "target": 11}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    row = page[page.index(f'data-roll-id="{again.pk}"') : page.index(f'data-roll-id="{first.pk}"')]
    assert re.findall(r'die-replaced"[^>]*>(\d)', row) == ["6", "6", "5"]
    assert re.search(r'<strong class="total"><span class="die die-stands"[^>]*>9<', row)
    older = player_client.get(reverse("zener_karma_options", args=[zg.pk, first.pk]), HTTP_HX_REQUEST="true")
    assert '<strong class="outcome outcome-neutral">Replaced</strong>' in older.content.decode()


def test_a_karma_spend_redraws_the_players_card_with_the_karma_left(player_client, zg, mara, script_dice):
    """Play-test: after a re-roll the card still said the Karma before it; the spend's answer now brings the card."""
    script_dice(6, 6, 5)
    card_post(player_client, mara, "skill:Pilot")
    before = zener.karma_balance(mara).value
    script_dice(2, 3, 4)
    url = reverse("zener_karma_on_roll", args=[zg.pk, Roll.objects.get().pk])
    body = player_client.post(url, {"use": "reroll"}, HTTP_HX_REQUEST="true").content.decode()
    card = body[body.index(f'id="card-{mara.pk}"') :]
    assert card.index('hx-swap-oob="true"') < card.index(">")
    assert f"<dt>Karma</dt><dd>{before - 1}</dd>" in card


def test_a_check_rows_dice_read_apart_as_text(player_client, zg, mara, script_dice):
    """Play-test: plain chips ran together as text ("3d6 → 665 = 17"), which a screen reader reads as one number."""
    script_dice(6, 6, 5)
    card_post(player_client, mara, "skill:Pilot")
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    row = page[page.index('<p class="dice">Pilot') :]
    text = re.sub(r"<[^>]+>", "", row[: row.index("</p>")])
    assert "3d6 → 6 6 5 = 17" in text


def test_a_karma_spend_reaches_the_gms_characters_tab_live(
    player_client, zg, mara, script_dice, monkeypatch, django_capture_on_commit_callbacks
):
    """Play-test: after a player's re-roll the GM's Characters tab kept the Karma before it until a reload."""
    from campaigns.table import live
    from tests.fixtures import RecordingLayer

    script_dice(6, 6, 5)
    card_post(player_client, mara, "skill:Pilot")
    first = Roll.objects.get()
    left = zener.karma_balance(mara).value - 1
    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    script_dice(2, 3, 4)
    with django_capture_on_commit_callbacks(execute=True):
        zener.spend_on_roll(first.pk, mara.owner, use="reroll")
    sheet = layer.take(live.gm_group(zg.pk)).partition(f'id="sheet-{mara.pk}"')[2]
    assert re.search(rf"Karma\D*{left}\b", sheet)
