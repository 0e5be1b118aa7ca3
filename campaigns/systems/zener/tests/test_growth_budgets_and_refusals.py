"""Character creation and growth: equipment counts in every budget check and
the budget line, setbacks are paid off by the name the panel shows, the GM's growth steps are in the log, the
trades of creation are fixed once the character has played, and a refusal shows beside its form."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.actions import change_karma, karma_balance
from campaigns.systems.zener.tests.conftest import STATS, explorer, growth_step, immerse, rules_page, sheet_form
from campaigns.systems.zener.tests.fights import HX
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db

SKILLS = [{"name": "Pilot", "breadth": "specific", "stat": "PRAC", "ranks": 20}]
RIFLE = {"name": "Rifle", "damage": "2d6"}  # seed, "Weapons": 2d6 4 points + a single shot 1 = 5


def _character(campaign, owner, **sheet):
    """Every stat 12, INT's dice [3, 3]: 24 skill points, starting Karma 10."""
    return explorer(campaign, owner, "Kai", dict.fromkeys(STATS, 12), **sheet)


def _form(**more):
    return sheet_form(
        **{"profession": "", "skills": "Pilot (specific, PRAC) 20", "languages": "", "weapons": "Rifle 2d6"} | more
    )


def test_a_rank_the_equipment_needs_is_not_bought_off_and_the_sheet_still_saves(gm_client, player_client, zg, player):
    kai = _character(
        zg, player, disadvantages=[{"name": "Hunted", "points": 4, "ranks": 1}], skills=SKILLS, weapons=[RIFLE]
    )  # 28 points; 20 + 5 spent
    refused = growth_step(gm_client, zg, kai, "remove", name="Hunted")
    assert refused.status_code == 422
    assert "These skills cost 20 skill points, 25 with equipment; INT × 2 (24) gives 24." in refused.content.decode()
    assert karma_balance(kai).value == 10
    edit = reverse("character_edit", args=[zg.pk, kai.pk])
    assert player_client.post(edit, zener_post(_form(disadvantages="Hunted (4) 1"))).status_code == 302


def test_the_budget_line_counts_the_equipment(player_client, zg, player):
    kai = _character(
        zg, player, disadvantages=[{"name": "Hunted", "points": 4, "ranks": 1}], skills=SKILLS, weapons=[RIFLE]
    )
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Skill points: INT × 2 (24) + disadvantages (4) = 28; the skills cost 20, equipment 5: 25." in page


def _in_debt(zg, gm, player):
    kai = _character(
        zg,
        player,
        disadvantages=[{"name": "Bad Temper", "points": 4, "ranks": 2}, {"name": "Lame", "points": 2, "ranks": 4}],
    )
    change_karma(kai, -9, actor=gm, reason="Spent")  # 1 Karma, 2 disadvantages: Karmic Debt
    return kai


def test_a_setback_pays_off_by_the_name_the_panel_shows(gm_client, player_client, zg, gm, player):
    kai = _in_debt(zg, gm, player)
    assert growth_step(gm_client, zg, kai, "complication", name="Bad Temper", stat="STR").status_code == 200
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Setback: Bad Temper nullified (2 ranks; STR −2), pays off for 2 Karma." in page
    change_karma(kai, 4, actor=gm, reason="Experience")
    refused = growth_step(gm_client, zg, kai, "pay_off", name="Temper")
    assert refused.status_code == 422
    assert "There is no setback called Temper to pay off; the setbacks unpaid: Bad Temper nullified." in (
        refused.content.decode()
    )
    assert growth_step(gm_client, zg, kai, "pay_off", name="Bad Temper").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["setbacks"] == []
    assert kai.sheet["stats"]["STR"] == 12


def test_the_growth_steps_are_public_rows_in_the_log(gm_client, player_client, zg, gm, player):
    kai = _in_debt(zg, gm, player)
    assert growth_step(gm_client, zg, kai, "remove", name="Lame").status_code == 200
    assert (
        growth_step(gm_client, zg, kai, "complication", name="Bad Temper", worsen="Lame", stat="STR").status_code == 200
    )
    change_karma(kai, 5, actor=gm, reason="Experience")
    assert growth_step(gm_client, zg, kai, "pay_off", name="Bad Temper nullified").status_code == 200
    assert Roll.objects.filter(kind="zener_growth").count() == 3
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai buys off a rank of Lame for 1 Karma: 3 ranks left." in page
    assert "Kai&#x27;s Complication: Bad Temper nullified (2 ranks): Lame +1 rank; STR −1." in page
    assert "Kai pays off the setback Bad Temper nullified for 2 Karma: STR +1 back." in page


def test_the_trades_of_creation_are_fixed_once_the_character_has_played(player_client, zg, player):
    kai = _character(zg, player, skills=SKILLS)
    edit = reverse("character_edit", args=[zg.pk, kai.pk])
    data = _form(weapons="", stat__STR="14", stat__PERS="11", rolled="STR 12, PERS 12", karma_trades="PERS>STR")
    assert player_client.post(edit, zener_post(data)).status_code == 302  # before its first roll: still being made
    Roll.objects.create(campaign=zg, author=player, character=kai, kind="zener", request={}, outcome={})
    refused = player_client.post(
        edit, zener_post({**data, "stat__STR": "16", "stat__PERS": "10", "karma_trades": "PERS>STR, PERS>STR"})
    )
    assert refused.status_code == 422
    assert "Trades are made when the character is made; ask the GM." in refused.content.decode()
    kai.refresh_from_db()
    assert kai.sheet["karma_trades"] == [["PERS", "STR"]]
    # STR 14 is the rolled 12 and the Karma trade's +2; 15 would be a new trade, +1 for 3 skill points.
    assert player_client.post(edit, zener_post({**data, "stat__STR": "15"})).status_code == 422
    assert (
        player_client.post(edit, zener_post({**data, "notes": "Played"})).status_code == 302
    )  # the same trades: saved


def test_a_refusal_shows_beside_the_form_that_was_posted(gm_client, zg, player):
    kai = _character(zg, player)
    refused = growth_step(gm_client, zg, kai, "remove", name="Hunted").content.decode()
    message = "There is no disadvantage called Hunted on the sheet."
    form = refused[refused.index('id="zener-growth-form"') :]
    assert message in form[: form.index("</form>")]
    assert message not in refused[: refused.index('id="zener-growth-form"')]


def test_a_refused_immersion_shows_beside_its_form(player_client, zg, player):
    kai = _character(zg, player)
    refused = immerse(player_client, zg, kai, HX, hours="-3")
    assert refused.status_code == 422
    page = refused.content.decode()
    form = page[page.index('id="zener-immersion-form"') :]
    assert 'role="alert"' in form[: form.index("</form>")]
    assert 'role="alert"' not in page[: page.index('id="zener-immersion-form"')]


def test_the_readings_are_published_on_the_rules_page(player_client):
    page = rules_page(player_client)
    for reading in ("What a sheet spends</strong>", "Trades at creation</strong>", "Paying off a setback</strong>"):
        assert reading in page


def _inside_form(page: str, action: str, message: str) -> bool:
    start = page.index(f'action="{action}"')
    return message in page[start : page.index("</form>", start)] and message not in page[:start]


def _just_before_form(page: str, action: str, message: str) -> bool:
    """A form-less step keeps what was typed in its form when refused (templatetags/panel_forms.py), so its
    message stands just before the form, not inside it."""
    start = page.rindex("<form", 0, page.index(f'action="{action}"'))
    return message in page[start - 400 : start] and message not in page[: start - 400]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("zener_fight_over", {}, "No attack since the last fight ended"),
        ("zener_radiation_move", {"character": "x", "stat": "STR"}, "Choose a character at this table."),
        ("zener_therapy", {"con_healed": "9"}, "A therapy heals 0 to 3 points"),
        ("zener_death_save", {"character": "x"}, ""),
    ],
)
def test_the_gms_formless_steps_refuse_beside_their_forms(gm_client, zg, player, name, data, message):
    kai = _character(zg, player)
    url = reverse(name, args=[zg.pk])
    refused = gm_client.post(url, {"character": kai.pk, **data}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    page = refused.content.decode()
    if name == "zener_death_save":  # no one is dying: no form to stand beside, the message is at the top
        assert "Choose a character at this table." in page[: page.index("</h2>") + 600]
    else:
        assert _just_before_form(page, url, message)
