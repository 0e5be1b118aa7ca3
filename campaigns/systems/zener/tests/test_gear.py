"""Equipment, loads, Campaign MacGuffins and delaying the next Zener Transition at the table
(seed: "Weapons", "Armor", "Loads", "Campaign MacGuffins", "Other Uses For Karma")."""

import re
from html import unescape

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener import actions as zener
from campaigns.systems.zener.tests.conftest import STATS, explorer, rules_page, sheet_form
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, **more):
    return explorer(campaign, owner, name, dict.fromkeys(STATS, 12), **more)


@pytest.fixture
def kai(zg, player):
    return _character(zg, player, "Kai", weapons=[{"name": "Grenade", "damage": "5d6", "skill": True}])


@pytest.fixture
def ren(zg, other_player):
    return _character(zg, other_player, "Ren")


def _post(client, campaign, step, data):
    return client.post(reverse(step, args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def _invest(client, campaign, character, amount, component):
    data = {"character": character.pk, "amount": amount, "component": component}
    return _post(client, campaign, "zener_macguffin_invest", data)


def _improve(client, campaign, name, scale, upgrade="", points=""):
    data = {"name": name, "scale": scale, "upgrade": upgrade, "points": points}
    return _post(client, campaign, "zener_macguffin_improve", data)


def test_karma_invested_in_named_macguffins_adds_up_for_everyone(gm_client, player_client, zg, kai, ren):
    assert _invest(gm_client, zg, kai, 3, "crystal radio set").status_code == 200
    assert _invest(gm_client, zg, ren, 1, "valve amplifier").status_code == 200
    assert (zener.karma_balance(kai).value, zener.karma_balance(ren).value) == (7, 9)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "<strong>MacGuffins</strong>: 4 points invested, 4 unspent" in page
    assert "Kai invests 3 Karma in the crystal radio set" in page


def test_the_gm_records_an_improvement_from_the_invested_total(gm_client, player_client, zg, kai, ren):
    _invest(gm_client, zg, kai, 6, "crystal radio set")
    _invest(gm_client, zg, ren, 5, "valve amplifier")
    response = _improve(gm_client, zg, "Limited comms home", "capability", upgrade="comms")
    assert response.status_code == 200
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "<strong>MacGuffins</strong>: 11 points invested, 1 unspent" in page
    assert "Limited comms home (Limited Comms to Zener Command): a new capability, 10 points" in page


def test_an_improvement_the_total_cannot_pay_is_refused_and_changes_nothing(gm_client, zg, kai):
    _invest(gm_client, zg, kai, 3, "crystal radio set")
    response = _improve(gm_client, zg, "Bigger fields", "minor")
    assert response.status_code == 422
    assert "The Campaign MacGuffins have 3 points; that needs 4." in response.content.decode()
    assert not Roll.objects.filter(request__event="improvement").exists()


def test_a_player_cannot_invest_or_improve(player_client, zg, kai):
    assert _invest(player_client, zg, kai, 1, "crystal radio set").status_code == 404
    assert player_client.get(reverse("zener_macguffin_invest", args=[zg.pk])).status_code in (404, 405)
    assert zener.karma_balance(kai).value == 10


def test_an_investment_needs_a_named_component_and_karma_to_pay(gm_client, zg, kai):
    assert _invest(gm_client, zg, kai, 1, "").status_code == 422
    response = _invest(gm_client, zg, kai, 11, "crystal radio set")
    assert response.status_code == 422
    assert "Kai has 10 Karma; that needs 11." in response.content.decode()
    assert not Roll.objects.exists()


def test_delaying_the_transition_is_refused_until_the_three_upgrades(gm_client, player_client, zg, kai):
    _invest(gm_client, zg, kai, 8, "crystal radio set")
    _improve(gm_client, zg, "Bigger fields", "minor", upgrade="meitner")
    refused = _post(gm_client, zg, "zener_delay_transition", {"character": kai.pk, "shift": 2})
    assert refused.status_code == 422
    assert (
        "still to buy: Limited Comms to Zener Command, Zener Transition Threshold Detection" in refused.content.decode()
    )
    assert zener.karma_balance(kai).value == 2


def test_delaying_the_transition_costs_the_time_shift(gm_client, player_client, zg, kai, ren):
    zener.change_karma(kai, 10, actor=zg.gm, reason="Experience")
    _invest(gm_client, zg, kai, 12, "crystal radio set")
    for upgrade in ("meitner", "comms", "detection"):
        assert _improve(gm_client, zg, f"The {upgrade}", "minor", upgrade=upgrade).status_code == 200
    assert _post(gm_client, zg, "zener_delay_transition", {"character": ren.pk, "shift": 2}).status_code == 200
    assert zener.karma_balance(ren).value == 8  # x2 time: a Time Shift of 2
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Ren spends 2 Karma to delay the next Zener Transition (x2 the time)" in page


def test_used_up_equipment_refunds_all_but_one_point(gm_client, player_client, zg, kai):
    assert kai.sheet["weapons"][0]["cost"] == 4  # 5d6: 7 + 1 single shot = 8, halved with a skill
    assert kai.sheet["equipment_points"] == 4
    response = _post(gm_client, zg, "zener_consume", {"character": kai.pk, "item": "Grenade"})
    assert response.status_code == 200
    kai.refresh_from_db()
    assert (kai.sheet["weapons"], kai.sheet["equipment_points"]) == ([], 1)
    log = unescape(player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode())
    assert "Kai's Grenade is used up: 3 of its 4 skill points come back" in log
    again = _post(gm_client, zg, "zener_consume", {"character": kai.pk, "item": "Grenade"})
    assert again.status_code == 422
    assert "Kai has no Grenade" in unescape(again.content.decode())


def test_the_sheet_form_prices_each_weapon_and_the_armour(player_client, zg, script_dice):
    data = sheet_form(
        profession="Pilot",
        skills="Pilot (narrow, PRAC) 3",
        armour="5",
        armour_coverage="3",
        weapons="Rifle 3d6; burst, skill\nKnife 1d3; melee, found",
    )
    script_dice(3, 3, 3, 3)  # INT's dice for Kai, then for the refused sheet
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    kai = Character.objects.get()
    assert [w["cost"] for w in kai.sheet["weapons"]] == [4, 0]
    assert kai.sheet["armour_design"]["cost"] == 6  # (5 x 3 + 1) / 3, up
    form = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert 'name="weapons-0-name" value="Rifle"' in form  # its row, as bought
    assert 'name="weapons-0-damage" value="3d6"' in form
    assert '<option value="burst" selected>burst</option>' in form
    assert re.search(r'<input[^>]*name="weapons-0-skill"[^>]*checked', form)
    assert "Rifle: 4 skill points" in form
    assert "Armour: 6 skill points" in form
    bad = player_client.post(
        reverse("character_new", args=[zg.pk]), zener_post(data | {"name": "X", "weapons": "Bow 1d8"})
    )
    assert bad.status_code == 422
    assert "priced in d6" in bad.content.decode()


def test_the_tables_page_reckons_a_load(player_client, zg):
    url = reverse("zener_tables", args=[zg.pk])
    page = player_client.get(url, {"load": "60", "load_kind": "balanced", "carriers": "1"}).content.decode()
    assert "Weight/Load: index 10 = 30 kg" in page
    shared = player_client.get(url, {"load": "240", "load_kind": "unbalanced", "carriers": "2"}).content.decode()
    assert "120 kg each" in shared
    assert "index 24" in shared
    bad = player_client.get(url, {"load": "heavy", "load_kind": "balanced", "carriers": "1"}).content.decode()
    assert "Give the load's weight in kg" in unescape(bad)


def test_the_rules_page_publishes_the_equipment_and_macguffin_readings(player_client):
    rules = unescape(rules_page(player_client))
    for reading in (
        "Weapon costs",
        "Armour costs",
        "Equipment and the budget",
        "Loads",
        "Campaign MacGuffins",
        "Delaying the next Zener Transition",
    ):
        assert f"<strong>{reading}</strong>" in rules
    assert "×2 2, ×5 3, ×10 4" in rules


def test_the_steps_answer_htmx_with_the_panel_and_a_plain_post_with_the_table(gm_client, zg, kai):
    fragment = _invest(gm_client, zg, kai, 1, "crystal radio set").content.decode()
    assert 'id="zener-panel"' in fragment
    assert "<!doctype" not in fragment
    plain = gm_client.post(reverse("zener_macguffin_improve", args=[zg.pk]), {"name": "Tuning", "scale": "minor"})
    assert plain.status_code == 302  # back to the table, where the refusal is said
    assert not Roll.objects.filter(request__event="improvement").exists()
    for step in ("zener_macguffin_invest", "zener_macguffin_improve", "zener_delay_transition", "zener_consume"):
        assert gm_client.get(reverse(step, args=[zg.pk])).status_code == 405
