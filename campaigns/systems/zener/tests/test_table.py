"""Zener Gate at the table: checks, secret GM checks, Karma re-rolls and +5s, GM awards."""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.models import Balance, LedgerEntry, Roll
from campaigns.secrets.visibility import roll_view
from campaigns.systems.zener import actions as zener
from campaigns.systems.zener.tests.conftest import PILOT_FAILS_BY_6, rules_page, sheet_form
from campaigns.systems.zener.tests.conftest import pilot as _character
from campaigns.systems.zener.tests.fights import attack
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    return _character


def check_data(character, **changes):
    data = {
        "character": character.pk,
        "skill": "Pilot",
        "stat": "PRAC",
        "modifier": "0",
        "extra": "0",
        "indirect": "0",
        "label": "Land it",
    }
    return data | changes


def karma_options(client, roll, **headers) -> str:
    return client.get(reverse("zener_karma_options", args=[roll.campaign_id, roll.pk]), **headers).content.decode()


def test_a_skill_check(player_client, zg, kai, script_dice):
    script_dice(6, 6, 5)  # 17 against 3 + 8 = 11
    assert player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai)).status_code == 302
    roll = Roll.objects.get()
    assert roll.outcome | {} == PILOT_FAILS_BY_6
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "✘ failure by 6" in page
    assert reverse("zener_karma_options", args=[zg.pk, roll.pk]) in page  # the roller's own spends load from here
    assert "Re-roll (1 of Kai's Karma)" in karma_options(player_client, roll)


def test_live_odds_and_impossible_chances(player_client, zg, kai):
    page = player_client.get(reverse("zener_odds", args=[zg.pk]), check_data(kai)).content.decode()
    assert "3d6 at or under 11" in page
    assert "62.50%" in page
    assert "Chance of success 62.50%" in page  # the chart's words
    impossible = check_data(kai, skill="*", modifier="-8")  # foundation 8 - 8 = 0: 6d6 needing 6
    page = player_client.get(reverse("zener_odds", args=[zg.pk]), impossible).content.decode()
    assert "6d6 at or under 6" in page
    assert "1 in 46,656" in page


def test_a_karma_reroll(player_client, zg, kai, player, script_dice):
    script_dice(6, 6, 5)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    karma = zener.karma_balance(kai).value
    script_dice(1, 2, 3)
    player_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"})
    again = Roll.objects.exclude(pk=first.pk).get()
    assert (again.request["reroll_of"], again.outcome["success"]) == (first.pk, True)
    assert zener.karma_balance(kai).value == karma - 1
    assert LedgerEntry.objects.get().roll == again
    twice = player_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"}, HTTP_HX_REQUEST="true"
    )
    assert twice.status_code == 422
    assert "already succeeded" in twice.content.decode()  # the re-roll's success is the check's result
    assert zener.karma_balance(kai).value == karma - 1
    # Said at once where the click was, not again on the next page, out of place.
    assert "already spent" not in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()


def test_only_the_roller_rerolls_and_others_give_plus_five(other_client, zg, kai, ren, script_dice, player_client):
    script_dice(6, 6, 1)  # 13 against 11: +5 makes it
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    refused = other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"}, HTTP_HX_REQUEST="true"
    )
    assert "Only the roller" in refused.content.decode()
    before = zener.karma_balance(ren).value
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": ren.pk})
    boost = Roll.objects.exclude(pk=first.pk).get()
    assert (boost.outcome["target"], boost.outcome["success"], boost.request["boosted_by"]) == (16, True, "Ren")
    assert zener.karma_balance(ren).value == before - 1


def test_karma_only_on_failed_rolls_and_never_below_zero(player_client, zg, kai, player, script_dice):
    script_dice(1, 1, 1)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    success = Roll.objects.get()
    response = player_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, success.pk]), {"use": "reroll"}, HTTP_HX_REQUEST="true"
    )
    assert "already succeeded" in response.content.decode()
    zener.change_karma(kai, -zener.karma_balance(kai).value, actor=player, reason="spent")
    script_dice(6, 6, 6)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    failed = Roll.objects.latest("id")
    response = player_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, failed.pk]), {"use": "reroll"}, HTTP_HX_REQUEST="true"
    )
    assert "has 0 Karma" in response.content.decode()
    assert Roll.objects.count() == 2


def test_a_gm_secret_check_reaches_only_the_gm(gm_client, player_client, zg, kai, script_dice):
    script_dice(3, 3, 3, 3)  # a stat check rolls 4d6
    gm_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, skill="", stat="AWA", label="ambush-check"))
    roll = Roll.objects.get()
    assert roll.visibility == Roll.Visibility.GM
    assert "ambush-check" not in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "ambush-check" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()


def test_gm_awards_and_approved_spends(gm_client, player_client, zg, kai):
    start = zener.karma_balance(kai).value
    gm_client.post(reverse("zener_karma", args=[zg.pk]), {"character": kai.pk, "kind": "complication"})
    gm_client.post(reverse("zener_karma", args=[zg.pk]), {"character": kai.pk, "kind": "experience", "amount": "3"})
    gm_client.post(reverse("zener_karma", args=[zg.pk]), {"character": kai.pk, "kind": "stat", "stat": "STR"})
    gm_client.post(reverse("zener_karma", args=[zg.pk]), {"character": kai.pk, "kind": "skill_points", "amount": "1"})
    kai.refresh_from_db()
    assert zener.karma_balance(kai).value == start + 2 + 3 - 2 - 1
    assert kai.sheet["stats"]["STR"] == 11
    assert kai.sheet["bonus_skill_points"] == 2
    fortune = {"character": kai.pk, "kind": "fortune", "amount": "50"}
    too_much = gm_client.post(reverse("zener_karma", args=[zg.pk]), fortune, HTTP_HX_REQUEST="true")
    assert too_much.status_code == 422
    assert player_client.post(reverse("zener_karma", args=[zg.pk]), {"character": kai.pk}).status_code == 404


def test_the_gm_pays_an_adventures_experience(gm_client, zg, kai):
    # Seed ("XP Balance"): 3 base XP and two setbacks "gets us to 7", a permanent solution "multiplied by 4, to 28".
    start = zener.karma_balance(kai).value
    adventure = {"character": kai.pk, "kind": "adventure", "amount": "3", "setbacks": "2", "solution": "pcs_permanent"}
    panel = gm_client.post(reverse("zener_karma", args=[zg.pk]), adventure, HTTP_HX_REQUEST="true")
    assert panel.status_code == 200
    assert zener.karma_balance(kai).value == start + 28
    entry = LedgerEntry.objects.get()
    assert entry.reason == "Adventure: (3 base + 2 setbacks × 2) × 4 (the PCs' permanent solution) = 28"
    refused = gm_client.post(
        reverse("zener_karma", args=[zg.pk]), {**adventure, "solution": ""}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 422
    assert "how the locals&#x27; problem was solved" in refused.content.decode()
    assert zener.karma_balance(kai).value == start + 28


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skill": "Juggling"}, "no skill called Juggling"),
        ({"modifier": "99"}, "less than or equal to 50"),
        ({"stat": "LUCK"}, "Select a valid choice"),
    ],
)
def test_bad_checks_are_explained_and_roll_nothing(player_client, zg, kai, changes, message):
    response = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(kai, **changes), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roll.objects.exists()


def test_the_zener_sheet_form_rolls_int_once(player_client, zg, script_dice):
    data = sheet_form(profession="Pilot", skills="Pilot (narrow, PRAC) 3")
    script_dice(5, 2, 1, 1)  # INT's dice for Kai, then for the refused sheet below
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    kai = Character.objects.get()
    assert kai.sheet["int_dice"] == [5, 2]
    player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data | {"stat__STR": "14"}))
    kai.refresh_from_db()
    assert (kai.sheet["int_dice"], kai.sheet["stats"]["STR"]) == ([5, 2], 14)
    bad = player_client.post(
        reverse("character_new", args=[zg.pk]), zener_post(data | {"name": "X", "skills": "Pilot (vast, PRAC) 3"})
    )
    assert bad.status_code == 422


def test_reading_karma_writes_nothing(gm_client, player_client, zg, kai, ren, script_dice):
    """The panel and a row's spends showed Karma by making its row; a read now writes nothing."""
    script_dice(6, 6, 5)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    roll = Roll.objects.get()
    for client in (gm_client, player_client):
        assert client.get(reverse("table", args=[zg.pk]) + "?tab=panel").status_code == 200
    assert "Re-roll (1 of Kai's Karma)" in karma_options(player_client, roll)
    assert zener.karma_balance(kai).value == 10
    assert Balance.objects.count() == 0


def test_a_stats_edit_leaves_the_karma_the_table_showed(player_client, zg, script_dice):
    """Karma starts from the stats, and stays what the table showed when the stats change
    afterwards, even before anyone has spent or given any."""
    data = sheet_form(profession="Pilot", skills="Pilot (narrow, PRAC) 3")
    script_dice(5, 2)
    player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data))
    kai = Character.objects.get()
    assert zener.karma_balance(kai).value == 10
    player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data | {"stat__STR": "17"}))
    kai.refresh_from_db()
    assert kai.sheet["stats"]["STR"] == 17  # a new character with it would start with 9
    assert zener.karma_balance(kai).value == 10
    assert not LedgerEntry.objects.exists()


def test_index_tables_page_and_lookups(player_client, outsider_client, zg):
    url = reverse("zener_tables", args=[zg.pk])
    page = player_client.get(url).content.decode()
    assert "Weight/Load" in page
    assert "Distance/Range" in page
    assert "index 20" in player_client.get(url, {"table": "distance", "value": "100"}).content.decode()
    assert "= 30 kg" in player_client.get(url, {"table": "weight", "way": "index", "value": "10"}).content.decode()
    assert "off the table" in player_client.get(url, {"table": "time", "way": "index", "value": "40"}).content.decode()
    assert "Give a number" in player_client.get(url, {"table": "time", "value": "lots"}).content.decode()
    assert outsider_client.get(url).status_code == 404


def test_extra_time_and_assistants_raise_the_target(player_client, zg, kai, script_dice):
    script_dice(6, 6, 3)  # 15 against 11 + 4 (x10 time) + 2 (three assistants) = 17
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, time="4", assistants="3"))
    roll = Roll.objects.get()
    assert (roll.outcome["target"], roll.outcome["success"]) == (17, True)


def test_extra_time_makes_a_stat_check_easier_at_the_table(player_client, zg, player, script_dice):
    # STR 10 with x10 time was 4d6 <= 6 (1.16%), harder than without; rushing x0.1 on CON was
    # 4d6 <= 15 (66%), easier. A bonus makes success likelier on a stat check as on a skill check.
    kira = _character(zg, player, "Kira", STR=10, CON=10)
    odds_url = reverse("zener_odds", args=[zg.pk])
    plain = player_client.get(odds_url, check_data(kira, skill="", stat="STR")).content.decode()
    assert "STR 10 (stat check): 4d6 at or under 10 " in plain
    assert "15.90%" in plain  # 206 in 1,296
    slow = player_client.get(odds_url, check_data(kira, skill="", stat="STR", time="4")).content.decode()
    assert "STR 10 (stat check) + 4: 4d6 at or under 14 " in slow
    assert "55.63%" in slow  # 721 in 1,296
    rushed = player_client.get(odds_url, check_data(kira, skill="", stat="CON", time="-5")).content.decode()
    assert "CON 10 (stat check) − 5: 4d6 at or under 5 " in rushed
    assert "0.3858%" in rushed  # 5 in 1,296
    helped = player_client.get(odds_url, check_data(kira, skill="", stat="STR", assistants="3")).content.decode()
    assert "STR 10 (stat check) + 2, 3 assistants at skill −1 (+2): 4d6 at or under 12 " in helped
    script_dice(3, 3, 3, 3)  # 12: a failure without the time, a success with it
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kira, skill="", stat="STR", time="4"))
    assert (Roll.objects.get().outcome["target"], Roll.objects.get().outcome["success"]) == (14, True)


def test_the_check_form_says_which_way_each_modifier_pushes(player_client, zg, kai):
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "+ makes success likelier, − harder, on any check" in page
    assert "Extra time makes success likelier; rushing makes it harder." in page
    assert "Assistants make success likelier" in page
    rules = rules_page(player_client)
    assert "<strong>Modifiers</strong> are bonuses on every check" in rules


def test_the_gm_resolves_an_attack(gm_client, player_client, zg, kai, ren, script_dice):
    # Kai: ACC 12 (foundation 8) + 2 ranks - Defense -9 (RES 10, -4 for no armour, -15) = 19 on 3d6.
    # to hit 9; d% 20 = left chest (d12 12: not critical); 2d6 = 8; shock d6 = 2; the chest's d8 1 (STR); shock 9
    # over SHK 8: the CON save (10 - 1) fails on 24; d10 5
    script_dice(2, 3, 4, 20, 12, 4, 4, 2, 1, 6, 6, 6, 6, 5)
    response = attack(gm_client, zg, kai, ren)
    assert response.status_code == 302
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["success"], roll.outcome["location"], roll.outcome["trauma"]) == (True, "Left chest", 9)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Left chest" in page
    assert "9 trauma" in page
    assert player_client.post(reverse("zener_attack", args=[zg.pk]), {}).status_code == 404


def test_a_critical_hit_on_the_hand_rolls_its_stat_die_twice(gm_client, player_client, zg, kai, ren, script_dice):
    # Seed ("Hit Location Effects"): "Hand (d10, 2 rolls): 1=STR, 2-4=DEX, 5-6=ACC ...". It rolled once.
    script_dice(1, 1, 1, 45, 6, 4, 4, 2, 2, 5)  # critical hit; d% 45, d6 6 = left hand; 2d6 = 8; shock 2; d10 2, 5
    attack(gm_client, zg, kai, ren)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["critical"], roll.outcome["location"]) == (True, "Left hand")
    ren.refresh_from_db()
    assert ren.sheet["damage"]["stats"] == {"DEX": 1, "ACC": 1}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "−1 DEX · −1 ACC" in page


def test_an_attack_logged_with_one_stat_damaged_still_reads(gm_client, player_client, zg, kai, ren, script_dice):
    # Before the hand's two rolls, the log kept one stat as text ("PERS"), not a list.
    # critical hit on the skull; d8 8 = PERS, its d3 1 (a critical hit on a critical location); a made save
    script_dice(1, 1, 1, 2, 4, 4, 2, 8, 1, 1, 1, 1, 1)
    attack(gm_client, zg, kai, ren)
    old = {key: value for key, value in Roll.objects.get().outcome.items() if key != "stat_points"}  # nor d3s then
    Roll.objects.filter(kind="zener_attack").update(outcome={**old, "stat_damage": "PERS"})
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "shock</strong> · −1 PERS</p>" in page


def test_attacks_damage_the_sheets_and_initiative_orders_the_table(gm_client, zg, kai, ren, script_dice):
    script_dice(2, 3, 4, 20, 12, 4, 4, 2, 1, 6, 6, 6, 6, 5)  # as above: the CON save fails, 9 shock stands
    attack(gm_client, zg, kai, ren, stat="MEL")
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert kai.sheet["damage"]["end_spent"] == 2  # a physical attack
    assert (ren.sheet["damage"]["trauma"], ren.sheet["damage"]["shock"]) == (9, 9)
    script_dice(4, 4)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), {"prone": ["Ren"]})
    order = Roll.objects.get(kind="zener_initiative").outcome["order"]
    assert {name for name, _, _ in order} == {"Kai", "Ren"}
    assert dict((name, die) for name, die, _ in order)["Ren"] == 3  # prone: capped at 3


def test_a_hopeless_attack_misses_by_far(gm_client, zg, kai, ren, seeded_dice):
    # Aimed at the head (size -2), aiming -5, circumstance -20: target 19 - 2 - 5 - 20 = -8: 14d6 needing 14
    attack(gm_client, zg, kai, ren, size="-2", aiming="-5", circumstance="-20")
    roll = Roll.objects.get(kind="zener_attack")
    assert roll.outcome["success"] is False
    assert "location" not in roll.outcome  # missed by far more than 10


def test_weapons_and_armour_come_from_the_sheets(gm_client, zg, kai, ren, script_dice):
    kai.sheet = {**kai.sheet, "weapons": [{"name": "Rifle", "damage": "1d6+3"}]}
    kai.save()
    ren.sheet = {**ren.sheet, "armour": 4}
    ren.save()
    script_dice(1, 2, 3, 20, 12, 5, 1, 1)  # hit; chest (d12 12); rifle 5 + 3 = 8; shock d6 1; the chest's d8
    attack(gm_client, zg, kai, ren, weapon="Rifle", armour="")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.request["weapon"], roll.request["armour"], roll.outcome["trauma"]) == ("1d6+3", 4, 8 + 1 - 4)


def test_worn_armour_changes_checks(player_client, zg, kai, script_dice):
    kai.sheet = {**kai.sheet, "armour": 10}
    kai.save()
    page = player_client.get(
        reverse("zener_odds", args=[zg.pk]), check_data(kai, skill="", stat="NIM")
    ).content.decode()
    assert "4d6 at or under 6" in page  # NIM 10, -4 in armour 10


def test_a_skill_check_uses_the_skills_own_stat_by_default(player_client, zg, kai, script_dice):
    # Pilot belongs to PRAC (12: foundation 8); the stat left on "the skill's own" must use it.
    script_dice(3, 3, 3)
    response = player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, stat=""))
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert (roll.request["what"], roll.outcome["target"]) == ("Pilot 3 + PRAC foundation 8", 11)
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), check_data(kai, stat="")).content.decode()
    assert "Pilot 3 + PRAC foundation 8: 3d6 at or under 11" in odds


def test_the_gm_may_name_another_stat_basis_and_the_log_says_so(player_client, zg, kai, script_dice):
    # Seed: "The GM selects a stat basis that he thinks is most relevant": another stat is allowed, and shown.
    script_dice(3, 3, 3)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, stat="AWA"))
    roll = Roll.objects.get()
    assert roll.request["what"] == "Pilot 3 + AWA foundation 7 (stat basis chosen; the sheet's is PRAC)"
    assert roll.outcome["target"] == 3 + 7
    stat_check = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(kai, skill="", stat=""), HTTP_HX_REQUEST="true"
    )
    assert stat_check.status_code == 422
    assert "Choose the stat for a stat check" in stat_check.content.decode()
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert '<option value="" selected>The skill&#x27;s own</option>' in page
    assert '<option data-stat="PRAC">Pilot</option>' in page


def test_int_is_rolled_once_shown_first_and_kept_across_refused_sheets(player_client, zg, script_dice):
    # INT's dice were rolled again on each refused submit, so the skill budget moved (18, then 16).
    stats = {
        f"stat__{s}": "12"
        for s in ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
    }
    data = {
        "name": "Kai",
        **stats,
        "profession": "Pilot",
        "skills": "Pilot (broad, PRAC) 20\nShoot (broad, ACC) 20",
        "notes": "",
    }
    script_dice(5, 2, 1, 6)  # INT's dice for Kai (12 + 5 - 2 = 15: 30 skill points), then for the next character
    url = reverse("character_new", args=[zg.pk])
    assert "INT&#x27;s dice: +5 −2" in player_client.get(url).content.decode()  # shown before any point is spent
    for _ in range(2):
        refused = player_client.post(url, zener_post(data | {"int_dice": "6,1"}))  # a forged roll is not read
        assert refused.status_code == 422
        assert "These skills cost 46 skill points; INT × 2 (30) gives 30." in refused.content.decode()
    assert "INT&#x27;s dice: +5 −2" in player_client.get(url).content.decode()  # a reload does not roll again
    assert player_client.post(url, zener_post(data | {"skills": "Pilot (broad, PRAC) 20"})).status_code == 302
    assert Character.objects.get().sheet["int_dice"] == [5, 2]
    assert "INT&#x27;s dice: +1 −6" in player_client.get(url).content.decode()  # the next character rolls its own


def test_a_check_has_one_standing_result(player_client, other_client, zg, kai, ren, script_dice):
    # After Ren's +5 turned Kai's failure into a success, Kai could still buy a re-roll,
    # and the log then held a success and a failure for the same roll.
    script_dice(6, 6, 1)  # 13 against 11: a failure; +5 makes it a success
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": ren.pk})
    boost = Roll.objects.latest("id")
    assert boost.outcome["success"] is True
    karma = zener.karma_balance(kai).value
    assert "Re-roll" not in karma_options(player_client, first)  # no longer offered
    assert "Re-roll" not in karma_options(player_client, boost)
    refused = player_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 422
    assert "already succeeded" in refused.content.decode()
    assert (Roll.objects.count(), zener.karma_balance(kai).value) == (2, karma)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "+5 from Ren to Kai&#x27;s Pilot 3 + PRAC foundation 8 check (Land it)" in page  # named as players see it
    assert "roll #" not in page


def test_a_reroll_after_a_failed_boost_keeps_the_boost(
    player_client, other_client, zg, kai, ren, script_dice, monkeypatch
):
    # A +5 that left the check failing could be bought before the play-test's fix; such a check's
    # re-roll still stands on the +5 it was given.
    monkeypatch.setattr(zener, "boost_helps", lambda standing: True)
    script_dice(6, 6, 6)  # 18 against 11; +5: 16, still a failure
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": ren.pk})
    monkeypatch.undo()
    assert "+5 from Ren" not in karma_options(other_client, first)  # once per check
    boost = Roll.objects.latest("id")
    assert "Re-roll (1 of Kai's Karma)" in karma_options(player_client, boost)  # on the standing result's row
    older = karma_options(player_client, first)
    assert "Re-roll" not in older
    assert "Changed since" in older
    script_dice(6, 6, 3)  # 15 against 16: the +5 stands on the new dice
    player_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"})
    again = Roll.objects.latest("id")
    assert (again.outcome["total"], again.outcome["target"], again.outcome["success"]) == (15, 16, True)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Karma re-roll of Kai&#x27;s Pilot 3 + PRAC foundation 8 check (Land it), with +5 from Ren" in page


def test_the_payer_chooses_which_character_pays_and_sees_only_spends_they_can_make(
    player_client, other_client, zg, kai, ren, other_player, player, script_dice
):
    sol = _character(zg, other_player, "Sol")
    script_dice(6, 6, 4)  # 16 against 11: a +5 makes it
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    theirs = karma_options(other_client, first)
    assert "+5 from Ren (1 Karma)" in theirs
    assert "+5 from Sol (1 Karma)" in theirs
    assert "Re-roll" not in theirs  # the roller's alone
    unsaid = other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost"}, HTTP_HX_REQUEST="true"
    )
    assert unsaid.status_code == 422
    assert "Choose which of your characters gives the +5" in unsaid.content.decode()
    not_theirs = other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]),
        {"use": "boost", "payer": kai.pk},
        HTTP_HX_REQUEST="true",
    )
    assert not_theirs.status_code == 422
    for hostile in ("²", "9" * 40, "x"):
        odd = other_client.post(
            reverse("zener_karma_on_roll", args=[zg.pk, first.pk]),
            {"use": "boost", "payer": hostile},
            HTTP_HX_REQUEST="true",
        )
        assert odd.status_code == 422
    assert Roll.objects.count() == 1
    zener.change_karma(ren, -zener.karma_balance(ren).value, actor=other_player, reason="spent")
    assert "+5 from Ren" not in karma_options(other_client, first)  # no Karma: not offered
    broke = other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]),
        {"use": "boost", "payer": ren.pk},
        HTTP_HX_REQUEST="true",
    )
    assert "Ren has 0 Karma" in broke.content.decode()  # and refused if posted
    before = zener.karma_balance(sol).value
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": sol.pk})
    assert zener.karma_balance(sol).value == before - 1
    assert Roll.objects.latest("id").request["boosted_by"] == "Sol"
    zener.change_karma(kai, -zener.karma_balance(kai).value, actor=player, reason="spent")
    assert "Re-roll" not in karma_options(player_client, first)


def test_karma_options_page_works_without_javascript_and_only_for_members(
    player_client, outsider_client, zg, kai, script_dice
):
    script_dice(6, 6, 6)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    page = karma_options(player_client, first)
    assert "<html" in page
    assert "Re-roll (1 of Kai's Karma)" in page
    assert "<html" not in karma_options(player_client, first, HTTP_HX_REQUEST="true")
    url = reverse("zener_karma_options", args=[zg.pk, first.pk])
    assert outsider_client.get(url).status_code == 404
    assert player_client.post(url).status_code == 405


def test_an_attack_takes_the_weapon_skills_ranks_from_the_sheet(gm_client, player_client, zg, kai, ren, script_dice):
    # The ranks were once typed, 0 by default, whatever the attacker's sheet said.
    kai.sheet = {
        **kai.sheet,
        "weapons": [{"name": "Rifle", "damage": "2d6"}],
        "skills": [*kai.sheet["skills"], {"name": "Rifle", "breadth": "weapon_broad", "stat": "ACC", "ranks": 2}],
    }
    kai.save()
    script_dice(
        6, 6, 6, 20, 12, 4, 4, 2, 1, 1, 1, 1, 1
    )  # 18 against 18: a hit; d% 20, d12 12; 2d6; shock d6; d8; a made save
    response = gm_client.post(
        reverse("zener_attack", args=[zg.pk]),
        {
            "attacker": kai.pk,
            "target": ren.pk,
            "stat": "ACC",
            "ranks": "",
            "weapon": "Rifle",
            "armour": "0",
            "size": "0",
            "range_": "0",
            "aiming": "0",
            "circumstance": "0",
        },
    )
    assert response.status_code == 302
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.request["ranks"], roll.outcome["target"]) == (2, 7 + 2 + 9)  # foundation (ACC 10) + ranks - Defense
    assert (
        "ACC + Rifle 2 attack on Ren"
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )


def test_a_plus_five_is_offered_and_taken_only_when_it_turns_the_failure_into_a_success(
    player_client, other_client, zg, kai, ren, script_dice
):
    # Play-test: a check failed by 11 still offered "+5 from Kira"; it took the Karma and still failed.
    script_dice(6, 6, 6)  # 18 against 11: failure by 7, beyond a +5
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    assert "+5 from Ren" not in karma_options(other_client, first)
    karma = zener.karma_balance(ren).value
    refused = other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, first.pk]),
        {"use": "boost", "payer": ren.pk},
        HTTP_HX_REQUEST="true",
    )
    assert refused.status_code == 422
    assert "+5 cannot make Kai&#x27;s Pilot 3 + PRAC foundation 8 check (Land it) succeed: it failed by 7" in (
        refused.content.decode()
    )
    assert (Roll.objects.count(), zener.karma_balance(ren).value) == (1, karma)
    assert "Re-roll (1 of Kai's Karma)" in karma_options(player_client, first)  # the re-roll can still change it
    script_dice(6, 6, 4)  # 16 against 11: failure by 5, which a +5 turns round
    player_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"})
    again = Roll.objects.latest("id")
    assert "+5 from Ren (1 Karma)" in karma_options(other_client, again)
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": ren.pk})
    boost = Roll.objects.latest("id")
    assert (boost.outcome["target"], boost.outcome["success"]) == (16, True)
    assert zener.karma_balance(ren).value == karma - 1


def test_a_change_to_a_check_refreshes_the_spends_on_the_row_it_changed(
    player_client, other_client, gm_client, zg, kai, ren, script_dice
):
    # Play-test: after Tobin's +5, Kira's player still saw "Re-roll" on the old row until a reload.
    script_dice(6, 6, 1)  # 13 against 11
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    other_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "boost", "payer": ren.pk})
    boost = Roll.objects.latest("id")
    options = reverse("zener_karma_options", args=[zg.pk, first.pk])
    refresh = f'hx-get="{options}?oob=1" hx-trigger="load" hx-swap="none"'
    live = render_to_string("campaigns/table.html#roll_oob", {"roll": roll_view(boost, Audience.TABLE)})
    assert refresh in live  # the live event reloads the changed row's spends where it is on the page
    assert (
        refresh in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )  # and a catch-up
    assert (
        refresh not in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )  # the GM has none
    assert "Re-roll" not in karma_options(player_client, first, HTTP_HX_REQUEST="true")


def test_a_miracles_odds_read_in_words(player_client, zg, kai):
    # Play-test: "47d6 at or under 47 — 2.672e-35%".
    hopeless = check_data(kai, skill="*", modifier="-50")  # 8 - 50 = -42: 48d6 needing 48
    page = player_client.get(reverse("zener_odds", args=[zg.pk]), hopeless).content.decode()
    assert "48d6 at or under 48 (−42 + 2 × 45 more dice, an impossible chance) — " in page
    assert "<strong>less than 0.0001%</strong> (about 1 in 2 × 10^37)" in page
    assert "e-" not in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # A skill is a row; the bad field says what is wrong beside it.
        ({"skills": "Gunnery (narrow, ACC) ²"}, 'id="id_skills-0-ranks-live">Enter a whole number from 1 to 20.'),
        ({"skills": "Gunnery (narrow, ACC) --1"}, 'id="id_skills-0-ranks-live">Enter a whole number from 1 to 20.'),
        ({"skills": "Gunnery (narrow, ACC) 99999"}, "Ensure this value is less than or equal to 20."),
        ({"skills": "Gunnery (narrow, ACC) 0"}, "Ensure this value is greater than or equal to 1."),
        ({"skills": "Gunnery (vast, ACC) 2"}, 'id="id_skills-0-breadth-live">Select a valid choice. vast is not'),
        ({"skills": "Gunnery (narrow, ZZZ) 2"}, 'id="id_skills-0-stat-live">Select a valid choice. ZZZ is not'),
        ({"stat_damage": "STR 1000"}, "Stat damage: STR 1000 is more than 999."),
        ({"stat_damage": "STR"}, "Stat damage: give STR a number, e.g. &#x27;STR 1&#x27;."),
        ({"stat_damage": "STR ²"}, "Stat damage: STR takes a whole number, e.g. &#x27;STR 1&#x27;; ² is not one."),
        ({"stat_damage": "STR -1"}, "Stat damage: STR -1: damage is never negative."),
        ({"stat_damage": "STR 1, str 2"}, "Stat damage names STR twice; give it once, with the whole damage."),
    ],
)
def test_a_refused_zener_sheet_names_the_real_problem(player_client, zg, changes, message):
    # Play-test: a bad rank said "its stat basis is one of …" (ACC was fine); STR 1000 said "Damage is never
    # negative"; STR 1, STR 2 silently kept STR 2.
    data = sheet_form(stat_damage="") | changes
    data["profession"] = "Gunnery" if data["skills"] else ""  # the profession is the first skill listed
    response = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert "stat basis is one of" not in response.content.decode()
    assert not Character.objects.exists()


@pytest.mark.parametrize(
    ("changes", "what", "target"),
    [
        ({"modifier": "-6"}, "Pilot 3 + PRAC foundation 8 − 6", 5),
        ({"extra": "1", "modifier": "2"}, "Pilot 3 + PRAC foundation 8 + 2 (1 further skill) + 2", 15),
        ({"stat": "AWA"}, "Pilot 3 + AWA foundation 7 (stat basis chosen; the sheet&#x27;s is PRAC)", 10),
        (
            {"skill": "*", "indirect": "2", "modifier": "1"},
            "PRAC foundation 8 (unproficient) + 2 (2 indirectly related skills) + 1",
            11,
        ),
        ({"skill": "", "modifier": "3"}, "PRAC 12 (stat check) + 3", 15),
        ({"skill": "", "modifier": "-3"}, "PRAC 12 (stat check) − 3", 9),
        ({"skill": "", "time": "2", "assistants": "1"}, "PRAC 12 (stat check) + 3, 1 assistant at skill −1 (+1)", 15),
        ({"time": "2", "assistants": "1"}, "Pilot 3 + PRAC foundation 8 + 3, 1 assistant at skill −1 (+1)", 14),
    ],
)
def test_the_check_line_adds_up(player_client, zg, kai, script_dice, changes, what, target):
    # Play-test: "Pilot 3 + PRAC 10 … against 10" (the foundation, 7, was not shown) and a modifier of −6 not at all.
    script_dice(1, 1, 1, 1)
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), check_data(kai, **changes)).content.decode()
    assert f"{what}: " in odds
    assert f"at or under {target} " in odds
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, **changes))
    assert Roll.objects.get().outcome["target"] == target
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert f"{what}: " in page
    assert f"against {target}\n" in page


def test_an_impossible_chance_and_a_plus_five_say_how_the_target_rose(
    player_client, other_client, zg, kai, ren, script_dice
):
    script_dice(*[6] * 9)  # foundation 8 − 11 = −3: 9d6 needing 9 (impossible chances: +2 for each of 6 dice)
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai, skill="*", modifier="-11"))
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "PRAC foundation 8 (unproficient) − 11: 9d6" in page
    assert "against 9 (−3 + 2 × 6 more dice, an impossible chance)" in page
    script_dice(6, 6, 1)  # 13 against 11
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    other_client.post(
        reverse("zener_karma_on_roll", args=[zg.pk, Roll.objects.latest("id").pk]), {"use": "boost", "payer": ren.pk}
    )
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "against 16 (11 + 5 from Ren)" in page


def test_the_skill_list_follows_the_character_chosen(player_client, gm_client, zg, kai, ren, player, script_dice):
    # Play-test: the GM chose Tobin and Kira's skills were listed too; a player with two characters chose
    # Lio while "Pilot" was selected and read "Lio has no skill called Pilot."
    sheet = zg.rules_system.validate_sheet(
        {
            "stats": {"NIM": 12},
            "int_dice": [3, 3],
            "skills": [{"name": "Sneak", "breadth": "narrow", "stat": "NIM", "ranks": 2}],
        }
    )
    lio = Character.objects.create(campaign=zg, owner=player, name="Lio", sheet=sheet)
    mine = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert f'<optgroup label="Kai" data-character="{kai.pk}"><option data-stat="PRAC">Pilot</option></optgroup>' in mine
    assert f'<optgroup label="Lio" data-character="{lio.pk}"><option data-stat="NIM">Sneak</option></optgroup>' in mine
    assert 'label="Ren"' not in mine.split('id="zener-check-form"')[1].split("</form>")[0]
    gms = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert f'<optgroup label="Ren" data-character="{ren.pk}"><option data-stat="PRAC">Pilot</option></optgroup>' in gms
    refused = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(lio, skill="Pilot", stat=""), HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 422
    assert "Lio has no skill called Pilot: Lio&#x27;s skills are Sneak." in refused.content.decode()
    assert not Roll.objects.exists()


def test_nothing_is_red_before_the_player_chooses(player_client, zg, kai):
    # Play-test: the check form opened with "Choose the stat…" in red in the odds box.
    fresh = {"character": kai.pk, "skill": "", "stat": "", "modifier": "0", "extra": "0", "indirect": "0"}
    odds = player_client.get(reverse("zener_odds", args=[zg.pk]), fresh).content.decode()
    assert "error" not in odds
    assert "Choose a skill, or a stat for a stat check, to see the odds." in odds
    refused = player_client.post(reverse("zener_check", args=[zg.pk]), fresh, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422  # rolling it still says what is missing, in red
    assert "Choose the stat for a stat check" in refused.content.decode()


def test_a_step_elsewhere_on_the_panel_keeps_the_check_form_as_it_is(gm_client, zg, kai, script_dice):
    # Play-test: every Karma, attack or initiative step re-rendered the check form, losing the skill and label.
    award = gm_client.post(
        reverse("zener_karma", args=[zg.pk]), {"character": kai.pk, "kind": "complication"}, HTTP_HX_REQUEST="true"
    )
    assert '<form id="zener-check-form" hx-preserve="true"' in award.content.decode()  # the page keeps its own
    script_dice(3, 3, 3)
    rolled = gm_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai), HTTP_HX_REQUEST="true")
    # Its own answer leaves it as the GM left it too: only the row and the secret rolls come back.
    assert rolled["HX-Reswap"] == "none"
    assert "zener-check-form" not in rolled.content.decode()


def test_the_camp_site_eventual_success_on_the_log(player_client, zg, kai, script_dice):
    """Seed, "Eventual Success": success by 5 wanted, so the margin less 5 is read on the extra time chart."""
    assert (
        "Eventual success: the roll says how long it takes"
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    script_dice(3, 3, 3)  # 9 against 11: success by 2, short of the 5 wanted by 3 -> x5 time (+3)
    data = check_data(kai, eventual="on", desired="5", label="Set up camp")
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get()
    assert roll.outcome["margin"] == 2
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Eventual success (by 5 wanted): it takes x5 normal time (index +3)." in page


def test_eventual_success_takes_no_extra_time_as_a_bonus(player_client, zg, kai):
    """Seed: "instead of applying 'Extra Time' as a modifier" -- both at once is refused, nothing rolled."""
    data = check_data(kai, eventual="on", desired="5", time="4")
    response = player_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert "Eventual success reads the time from the roll" in response.content.decode()
    assert not Roll.objects.exists()
    data = check_data(kai, desired="5")
    response = player_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert "A wanted margin is for an eventual success" in response.content.decode()
    assert not Roll.objects.exists()


def test_extra_benefits_on_a_check_that_cannot_fail(player_client, zg, kai, script_dice):
    """Seed, "Impossible Chances": on a check that can't fail, each 2 over 18 is one more die (the lowest 3
    count) and 2 off the target; the benefit's difficulty then comes off it."""
    data = check_data(kai, modifier="11", benefit="5")  # 11 + 11 = 22: 5d6, the lowest 3 at or under 18 - 5 = 13
    page = player_client.get(reverse("zener_odds", args=[zg.pk]), data).content.decode()
    assert "5d6, the lowest 3, at or under 13" in page
    script_dice(6, 6, 6, 5, 1)
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    assert Roll.objects.get().outcome | {} == {
        "faces": [6, 6, 6, 5, 1],
        "total": 12,
        "target": 13,
        "success": True,
        "margin": 1,
        "bonus": 0,
    }
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "the lowest 3 count" in page
    assert "22 − 2 × 2 more dice − 5 for extra benefits" in page
    refused = player_client.post(
        reverse("zener_check", args=[zg.pk]), check_data(kai, benefit="2"), HTTP_HX_REQUEST="true"
    )
    assert "Extra benefits are for a check that can&#x27;t fail" in refused.content.decode()
    assert Roll.objects.count() == 1


def test_the_sheet_form_lists_the_profession_first(player_client, zg, script_dice):
    """Seed, "Skill Definitions": "Their profession must be the first such skill listed". A profession
    that is not the first skill is refused with what to do, and no character made; left blank, the
    profession is the first skill listed (a player writes it once)."""
    data = {
        "name": "Kai",
        "skills": "Sneak (narrow, NIM) 1\nPilot (narrow, PRAC) 3",
        "notes": "",
        **{
            f"stat__{s}": "12"
            for s in ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
        },
    }
    script_dice(5, 2, 4, 3)  # INT's two d6, once for each character made
    second = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data | {"profession": "Pilot"}))
    assert second.status_code == 422
    assert "Your profession, Pilot, is the first skill listed; Sneak is first now" in second.content.decode()
    assert not Character.objects.exists()
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    assert Character.objects.get().sheet["profession"] == "Sneak"
    Character.objects.all().delete()
    data |= {"name": "Kai", "profession": "Pilot", "skills": "Pilot (narrow, PRAC) 3\nSneak (narrow, NIM) 1"}
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    assert Character.objects.get().sheet["profession"] == "Pilot"
