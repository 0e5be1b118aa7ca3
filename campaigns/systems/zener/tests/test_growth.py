"""Character creation and growth at the table (seed: "Improving Stats", "Disadvantages", "Karma
Limits", "Removing/Reducing Disadvantages", "Karmic Debt", "Karmic Starvation", "Other Uses For Karma"):
the player writes disadvantages and trades on the sheet, the GM buys off ranks, records Complications
and takes setbacks' payment from the panel; Karma moves through the ledger with the sheet."""

import pytest
from django.urls import reverse

from campaigns.models import LedgerEntry
from campaigns.systems.zener.actions import change_karma, gm_karma, karma_balance
from campaigns.systems.zener.tests.conftest import STATS, explorer, growth_step, rules_page, sheet_form
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name="Kai", **sheet):
    """Every stat 12, INT's dice [3, 3]: INT 12, 24 skill points, starting Karma 10 (4 ranks at most)."""
    return explorer(campaign, owner, name, dict.fromkeys(STATS, 12), **sheet)


def _form(**more):
    return sheet_form(**{"profession": "", "skills": "Pilot (narrow, PRAC) 3", "languages": "", "weapons": ""} | more)


def test_disadvantages_on_the_sheet_pay_for_skills_and_the_budget_says_so(player_client, zg, script_dice):
    script_dice(3, 3)  # INT's dice: INT 12, 24 skill points
    url = reverse("character_new", args=[zg.pk])
    skills = "Pilot (broad, PRAC) 20\nShoot (specific, ACC) 10"  # 23 + 10 = 33
    refused = player_client.post(url, zener_post(_form(skills=skills)))
    assert refused.status_code == 422
    assert "These skills cost 33 skill points; INT × 2 (24) gives 24." in refused.content.decode()
    # Seed: "Each additional rank reduces in value by 1 point": Hunted, 4 points at 3 ranks, is 4 + 3 + 2 = 9.
    assert player_client.post(url, zener_post(_form(skills=skills, disadvantages="Hunted (4) 3"))).status_code == 302
    kai = Character.objects.get()
    assert kai.sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 3}]
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Skill points: INT × 2 (24) + disadvantages (9) = 33; the skills cost 33." in page
    assert 'name="disadvantages-0-name" value="Hunted"' in page  # its row
    assert 'name="disadvantages-0-ranks" value="3"' in page


def test_bad_disadvantage_lines_and_ranks_over_the_karma_limit_are_refused(player_client, zg, script_dice):
    script_dice(3, 3)
    url = reverse("character_new", args=[zg.pk])
    refused = player_client.post(url, zener_post(_form(disadvantages="Hunted (3) 1")))  # points, a choice
    assert refused.status_code == 422
    assert 'id="id_disadvantages-0-points-live">Select a valid choice. 3 is not' in refused.content.decode()
    refused = player_client.post(url, zener_post(_form(disadvantages="Hunted (4) 5")))
    assert "Hunted: at most 4 ranks in one disadvantage (starting Karma 10 / 3, rounded up); 5 is not." in (
        refused.content.decode()
    )
    assert not Character.objects.exists()


def test_no_more_disadvantages_earn_points_than_the_current_karma(player_client, zg, player):
    kai = _character(zg, player, disadvantages=[{"name": "A", "points": 1, "ranks": 1}])
    change_karma(kai, -8, actor=player, reason="Spent")  # 2 Karma left
    url = reverse("character_edit", args=[zg.pk, kai.pk])
    assert player_client.post(url, zener_post(_form(disadvantages="A (1) 1\nB (1) 1"))).status_code == 302
    refused = player_client.post(url, zener_post(_form(disadvantages="A (1) 1\nB (1) 1\nC (2) 1")))
    assert refused.status_code == 422
    assert "Kai can earn points from at most 2 disadvantages (the current Karma); 3 are listed." in (
        refused.content.decode()
    )
    kai.refresh_from_db()
    assert [d["name"] for d in kai.sheet["disadvantages"]] == ["A", "B"]


def test_stat_trades_at_creation_keep_the_rolled_stats_and_the_karma_adds_up(player_client, zg, script_dice):
    script_dice(3, 3, 3, 3)  # INT's dice for Kai, then for Ren
    url = reverse("character_new", args=[zg.pk])
    # Rolled STR 12, AWA 12, PERS 12. STR +1 for 3 skill points, AWA -1 for 2; 1 Karma: PERS -1, STR +2.
    data = _form(
        stat__STR="15",
        stat__AWA="11",
        stat__PERS="11",
        rolled="STR 12, AWA 12, PERS 12",
        karma_trades="PERS>STR",
        skills="Pilot (narrow, PRAC) 3",
    )
    assert player_client.post(url, zener_post(data)).status_code == 302
    kai = Character.objects.get()
    assert kai.sheet["rolled"] == {"STR": 12, "AWA": 12, "PERS": 12}
    assert kai.sheet["karma_trades"] == [["PERS", "STR"]]
    assert karma_balance(kai).value == 9  # starting Karma 10, less the trade
    assert LedgerEntry.objects.get().reason == "Stat trade at creation: PERS −1, STR +2"
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Skill points: INT × 2 (24) + stat trades (−1) = 23" in page
    assert player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data)).status_code == 302
    assert karma_balance(kai).value == 9  # saved again: paid once
    refused = player_client.post(url, zener_post(_form(name="Ren", karma_trades="PERS-STR")))
    assert "Write each Karma trade as &#x27;LOWERED&gt;RAISED&#x27;" in refused.content.decode()


def test_a_stat_bought_with_karma_in_play_is_not_a_creation_trade(gm, zg, player):
    skills = [
        {"name": "Pilot", "breadth": "specific", "stat": "PRAC", "ranks": 20},
        {"name": "Shoot", "breadth": "specific", "stat": "ACC", "ranks": 4},
    ]  # 24 of 24 skill points
    kai = _character(zg, player, rolled={"STR": 12}, skills=skills)
    gm_karma(kai, gm, kind="stat", stat="STR")
    kai.refresh_from_db()
    assert kai.sheet["stats"]["STR"] == 13
    assert kai.sheet["karma_changes"] == {"STR": 1}  # not -3 skill points: the sheet stays valid


def test_the_gm_buys_off_a_rank_for_1_karma_then_the_disadvantage(gm_client, zg, player):
    kai = _character(zg, player, disadvantages=[{"name": "Hunted", "points": 4, "ranks": 2}])
    assert growth_step(gm_client, zg, kai, "remove", name="Hunted").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 1}]
    assert karma_balance(kai).value == 9
    assert LedgerEntry.objects.get().reason == "Bought off a rank of Hunted"
    assert growth_step(gm_client, zg, kai, "remove", name="Hunted").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["disadvantages"] == []
    refused = growth_step(gm_client, zg, kai, "remove", name="Hunted")
    assert refused.status_code == 422
    assert "There is no disadvantage called Hunted on the sheet." in refused.content.decode()
    assert karma_balance(kai).value == 8


def test_a_rank_the_skills_need_is_not_bought_off(gm_client, zg, player):
    kai = _character(
        zg,
        player,
        disadvantages=[{"name": "Hunted", "points": 4, "ranks": 1}],
        skills=[
            {"name": "Pilot", "breadth": "specific", "stat": "PRAC", "ranks": 20},
            {"name": "Shoot", "breadth": "specific", "stat": "ACC", "ranks": 8},
        ],
    )
    refused = growth_step(gm_client, zg, kai, "remove", name="Hunted")
    assert refused.status_code == 422
    assert "These skills cost 28 skill points; INT × 2 (24) gives 24." in refused.content.decode()
    kai.refresh_from_db()
    assert kai.sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 1}]
    assert karma_balance(kai).value == 10


def test_karmic_debt_shows_on_the_panel_and_the_gm_records_the_complication(gm_client, player_client, zg, gm, player):
    kai = _character(
        zg,
        player,
        disadvantages=[{"name": "Hunted", "points": 4, "ranks": 2}, {"name": "Lame", "points": 2, "ranks": 4}],
    )
    assert "Karmic Debt" not in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    change_karma(kai, -9, actor=gm, reason="Strokes of good fortune")  # 1 Karma, 2 disadvantages
    for client in (gm_client, player_client):
        page = client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
        assert (
            'Kai</strong>: <strong class="fail">Karmic Debt</strong>: 2 disadvantages earn points on 1 Karma, '
            "1 over the limit: the GM records a Complication."
        ) in page
    assert "Record a Complication" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    # Lame is at its limit (4): Hunted's 2 ranks cost 2 points of STR.
    refused = growth_step(gm_client, zg, kai, "complication", name="Hunted", worsen="Lame", stat="STR")
    assert refused.status_code == 422
    assert "Lame is at its maximum of 4 ranks." in refused.content.decode()
    assert growth_step(gm_client, zg, kai, "complication", name="Hunted", stat="STR").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["stats"]["STR"] == 10
    assert kai.sheet["disadvantages"] == [{"name": "Lame", "points": 2, "ranks": 4}]
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Karmic Debt" not in page
    assert "Setback: Hunted nullified (2 ranks; STR −2)" in page
    change_karma(kai, 4, actor=gm, reason="Experience")
    assert growth_step(gm_client, zg, kai, "pay_off", name="Hunted nullified").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["stats"]["STR"] == 12
    assert kai.sheet["setbacks"] == []
    assert karma_balance(kai).value == 3


def test_karmic_starvation_keeps_the_sheet_valid_and_shows_it(gm_client, player_client, zg, gm, player):
    skills = [
        {"name": "Pilot", "breadth": "specific", "stat": "PRAC", "ranks": 20},
        {"name": "Shoot", "breadth": "specific", "stat": "ACC", "ranks": 12},
    ]
    kai = _character(
        zg,
        player,
        skills=skills,
        disadvantages=[{"name": "Hunted", "points": 4, "ranks": 3}, {"name": "Lame", "points": 1, "ranks": 4}],
    )
    change_karma(kai, -9, actor=gm, reason="Spent")
    assert growth_step(gm_client, zg, kai, "complication", name="Hunted", stat="STR").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["setbacks"][0]["starvation"] == 2  # 28 points for 32 spent
    assert "Karmic Starvation 2" in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Karmic Starvation: the skills cost 4 less (32 − 4 = 28)." in page
    skills = "Pilot (specific, PRAC) 20\nShoot (specific, ACC) 12"
    posted = zener_post(_form(stat__STR="9", skills=skills, disadvantages="Lame (1) 4"))
    assert player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), posted).status_code == 302


def test_growth_steps_refuse_bad_input_and_are_the_gms(gm_client, player_client, zg, player):
    kai = _character(zg, player, disadvantages=[{"name": "Hunted", "points": 4, "ranks": 2}])
    refused = growth_step(gm_client, zg, kai, "complication", name="Hunted", stat="STR")
    assert refused.status_code == 422
    assert "1 disadvantage and 10 Karma: no Karmic Debt." in refused.content.decode()
    assert growth_step(gm_client, zg, kai, "teleport", name="Hunted").status_code == 422
    assert growth_step(player_client, zg, kai, "remove", name="Hunted").status_code == 404
    assert gm_client.get(reverse("zener_growth", args=[zg.pk])).status_code == 405
    kai.refresh_from_db()
    assert kai.sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 2}]
    assert karma_balance(kai).value == 10


def test_the_readings_are_published_on_the_rules_page(player_client):
    page = rules_page(player_client)
    for reading in (
        "Disadvantages and Karma limits",
        "Stat trades at creation",
        "Buying off a disadvantage",
        "Karmic Debt and Complications",
        "Karmic Starvation</strong>",
    ):
        assert reading in page
