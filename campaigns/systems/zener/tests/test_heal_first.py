"""The player's order for stat recovery on their own sheet (seed: "Damage & Recovery": "the
character selects which stats experience this recovery"; medical care, "the player decides how this bonus is
to be distributed"): the GM's "a day passes" follows it, worst first for stats not listed."""

import pytest
from django.urls import reverse

from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db
STATS = ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")


@pytest.fixture
def kai(zg, player):
    damage = {"stats": {"RES": 3, "STR": 1, "DEX": 5}}
    sheet = zg.rules_system.validate_sheet({"stats": {}, "int_dice": [3, 3], "damage": damage})
    return Character.objects.create(campaign=zg, owner=player, name="Kai", sheet=sheet)


def _save(client, campaign, character, **more):
    data = {
        "name": "Kai",
        **{f"stat__{s}": "10" for s in STATS},
        "stat_damage": "RES 3, STR 1, DEX 5",
        "notes": "",
        **more,
    }
    return client.post(reverse("character_edit", args=[campaign.pk, character.pk]), zener_post(data))


def test_the_player_sets_heal_first_and_a_day_follows_it(gm_client, player_client, zg, kai):
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Heal first" in page
    assert _save(player_client, zg, kai, heal_first="str", care="stats").status_code == 302
    kai.refresh_from_db()
    assert (kai.sheet["heal_first"], kai.sheet["care"]) == (["STR"], "stats")
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert 'value="STR"' in page
    data = {"period": "day", "character": "", "ranks": "0", "sleep": "comfortable"}
    gm_client.post(reverse("zener_rest", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    kai.refresh_from_db()
    assert kai.sheet["damage"]["stats"] == {"RES": 3, "DEX": 5}  # STR healed, not the worst (DEX)
    assert "Kai: STR 1 healed" in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()


def test_without_a_choice_the_worst_heals_first(gm_client, zg, kai):
    data = {"period": "day", "character": "", "ranks": "0", "sleep": "comfortable"}
    gm_client.post(reverse("zener_rest", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    kai.refresh_from_db()
    assert kai.sheet["damage"]["stats"] == {"RES": 3, "STR": 1, "DEX": 2}


@pytest.mark.parametrize(
    ("heal_first", "message"),
    [("HP", "Heal first: HP is not a stat"), ("STR, STR", "Heal first names STR twice")],
)
def test_a_bad_order_is_refused_and_changes_nothing(player_client, zg, kai, heal_first, message):
    response = _save(player_client, zg, kai, heal_first=heal_first)
    assert response.status_code == 422
    assert message in response.content.decode()
    kai.refresh_from_db()
    assert "heal_first" not in kai.sheet
