"""Radiation at the table (seed: "Radiation Damage"): the GM's Zener transition for the party
or chosen characters, the log's line for each, radiation on the sheet, its recovery over the days the GM
lets pass, and anti-radiation therapies; the GM's choice of comfortable sleep or camping."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.table import actions
from characters.models import Character
from rules.zener.stats import in_play
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db
FAIL, PASS = (6, 6, 6, 6), (1, 1, 1, 1)  # 4d6 against CON 20 - 15 = 5


def _character(campaign, owner, name, **damage):
    """CON 20, RES 10, NIM 10: HP 60, SHK 12."""
    stats = {"CON": 20, "RES": 10, "NIM": 10}
    sheet = campaign.rules_system.validate_sheet({"stats": stats, "int_dice": [3, 3], "damage": damage})
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def character_maker():
    return _character


def _transit(client, campaign, category, *characters):
    data = {"category": category, "characters": [c.pk for c in characters]}
    return client.post(reverse("zener_transition", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_transitions_the_party_and_everyone_reads_each_result(
    gm_client, player_client, zg, kai, ren, script_dice
):
    assert "Zener transition" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    script_dice(*FAIL, 4, *PASS, 2)  # Kai, then Ren (by name): Kai fails a Category 2 (d6 4), Ren succeeds (d3 2)
    assert _transit(gm_client, zg, "2").status_code == 200
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 4
    assert (kai.sheet["damage"]["trauma"], kai.sheet["damage"]["shock"]) == (10, 10)  # d6 + 6
    values = in_play(kai.sheet)
    assert (values["CON"], values["HP"], values["SHK"]) == (16, 60, 12)  # no effect on calculated stats
    assert ren.sheet["damage"]["radiation"]["con"] == 1
    assert ren.sheet["damage"]["trauma"] == 2
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Zener transition, Category 2" in log
    assert "Kai (transition 1): CON roll 4d6: 24 against 5, failed: 4 long-term CON damage, 10 trauma and shock" in log
    assert "Ren (transition 1): CON roll 4d6: 4 against 5, made: 1 long-term CON damage, 2 trauma and shock" in log
    assert "CON 16 (20), radiation −4 CON (1 transition)" in log  # the panel's line for Kai


def test_the_seeds_fourth_and_fifth_category_1_transitions(gm_client, zg, kai, script_dice):
    # "1/2 d6 +3 temporary CON damage and 1d6+3 shock and trauma", then "+4"
    kai.sheet["damage"]["radiation"] = {"con": 0, "transitions": 3, "extra": 3, "step": 0, "waited": 0}
    kai.save()
    script_dice(*FAIL, 4)
    _transit(gm_client, zg, "1", kai)
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 2 + 3
    assert kai.sheet["damage"]["trauma"] == 4 + 3
    script_dice(*(6,) * 8, 4)  # CON 15 - 15 = 0: 8d6 needing 8 (impossible chances)
    _transit(gm_client, zg, "1", kai)
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"] == {"con": 11, "transitions": 5, "extra": 5, "step": 0, "waited": 0}
    assert kai.sheet["damage"]["trauma"] == 7 + 4 + 4


def test_chosen_characters_transition_alone(gm_client, zg, kai, ren, script_dice):
    script_dice(*PASS, 3)
    _transit(gm_client, zg, "3A", ren)
    kai.refresh_from_db()
    assert "radiation" not in kai.sheet["damage"]
    assert Roll.objects.get(kind="zener_transition").outcome["results"][0]["name"] == "Ren"


def test_a_bad_transition_is_refused_and_changes_nothing(gm_client, player_client, zg, kai, outsider, make_user):
    response = _transit(gm_client, zg, "4")
    assert response.status_code == 422
    assert "Category 1, 2, 3A or 3B" in response.content.decode()
    stranger = _character(
        actions.create_campaign(make_user("g2"), name="Else", system="zener", settings={}), outsider, "Stranger"
    )
    response = _transit(gm_client, zg, "1", stranger)
    assert response.status_code == 422
    assert "Choose characters at this table." in response.content.decode()
    assert _transit(player_client, zg, "1").status_code in (403, 404)
    kai.refresh_from_db()
    assert "radiation" not in kai.sheet["damage"]
    assert not Roll.objects.filter(kind="zener_transition").exists()


def test_days_of_rest_heal_radiation_and_the_gm_chooses_the_sleep(gm_client, player_client, zg, kai, ren):
    kai.sheet["damage"] |= {"radiation": {"con": 8, "transitions": 1, "extra": 1, "step": 0, "waited": 0}}
    kai.save()
    ren.sheet["damage"]["stats"] = {"DEX": 8}
    ren.save()
    rest = reverse("zener_rest", args=[zg.pk])
    gm_client.post(rest, {"period": "day", "character": "", "ranks": "0", "sleep": "camping"}, HTTP_HX_REQUEST="true")
    kai.refresh_from_db()
    ren.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 2
    assert ren.sheet["damage"]["stats"] == {"DEX": 6}  # a quarter, camping
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai: CON 6 (radiation) healed" in log
    assert "camping" in log
    response = gm_client.post(rest, {"period": "day", "ranks": "0", "sleep": "sofa"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "comfortable sleep or camping" in response.content.decode()


# The therapy form's amounts: each 0 unless the test gives it.
THERAPY = ("con_healed", "extra_off", "steps_back", "shock", "trauma", "as_end")


def _treat(client, campaign, character, **data):
    data = {"character": character.pk, **dict.fromkeys(THERAPY, "0"), **data}
    return client.post(reverse("zener_therapy", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_gives_a_therapy(gm_client, player_client, zg, kai, script_dice):
    kai.sheet["damage"] |= {"radiation": {"con": 9, "transitions": 4, "extra": 4, "step": 5, "waited": 1}}
    kai.save()
    script_dice(3, 1, 1, 1, 1)  # the d3 off the extra, then 4d6 hours before the END returns
    response = _treat(
        gm_client, zg, kai, con_healed="2", extra_off="d3", steps_back="2", shock="8", trauma="6", as_end="3"
    )
    assert response.status_code == 200
    kai.refresh_from_db()
    damage = kai.sheet["damage"]
    assert (damage["radiation"]["con"], damage["radiation"]["extra"], damage["radiation"]["step"]) == (7, 1, 3)
    assert (damage["shock"], damage["trauma"], damage["end_spent"]) == (5, 3, 6)
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Kai takes an anti-radiation therapy: 2 long-term CON healed" in log


def test_a_bad_therapy_is_refused_and_changes_nothing(gm_client, zg, kai):
    response = _treat(gm_client, zg, kai, trauma="3d6")
    assert response.status_code == 422
    assert "additional trauma is 0 to 12" in response.content.decode()
    response = _treat(gm_client, zg, kai, shock="4", trauma="4", as_end="3")
    assert "0 to 2, not 3" in response.content.decode()
    response = _treat(gm_client, zg, kai, con_healed="x")
    assert "0 to 3 points" in response.content.decode()
    kai.refresh_from_db()
    assert kai.sheet["damage"]["shock"] == 0
    assert not Roll.objects.filter(kind="zener_therapy").exists()


def test_the_sheet_shows_radiation_and_keeps_it_when_the_player_saves(player_client, zg, kai):
    kai.sheet["damage"] |= {
        "radiation": {"con": 5, "transitions": 2, "extra": 2, "step": 1, "waited": 0},
        "stats": {"DEX": 4},
        "stat_pace": {"DEX": 2},
        "stat_late": {"DEX": 1},
    }
    kai.save()
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "In play: CON 15 (20), after 5 long-term CON damage from radiation (2 transitions)." in page
    data = {
        "name": "Kai",
        **{
            f"stat__{s}": "12"
            for s in ("STR", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
        },
        "stat__CON": "20",
        "stat__RES": "10",
        "stat__NIM": "10",
        "stat_damage": "DEX 4",
        "notes": "",
    }
    assert player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data)).status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["damage"]["radiation"]["con"] == 5
    assert (kai.sheet["damage"]["stat_pace"], kai.sheet["damage"]["stat_late"]) == ({"DEX": 2}, {"DEX": 1})


def test_a_transition_over_the_shock_threshold_can_knock_a_character_out(
    gm_client, player_client, zg, kai, script_dice
):
    kai.sheet["damage"]["radiation"] = {"con": 0, "transitions": 3, "extra": 3, "step": 0, "waited": 0}
    kai.save()
    # 3B: d6 2 (+3: CON 15 in play), 2d6 6 + 6 + 3 + 3 = 18 shock, 6 over SHK 12: the save at CON 15 - 6, failed; d10 7
    script_dice(*FAIL, 2, 6, 6, *FAIL, 7)
    _transit(gm_client, zg, "3B")
    kai.refresh_from_db()
    assert kai.sheet["state"] == "unconscious"
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "shock save 4d6: 24 against 9, failed; unconscious for" in log
    assert "UNCONSCIOUS" in log
