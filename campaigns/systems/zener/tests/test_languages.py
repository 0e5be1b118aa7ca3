"""Zener Gate languages at the table: on the sheet, and a language roll from the panel."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import explorer, sheet_form
from characters.models import Character
from tests.zener_rows import zener_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def kai(zg, player):
    linguist = {"name": "Linguist", "breadth": "narrow", "stat": "LAN", "ranks": 2}  # 2 language points
    languages = [
        {"name": "English", "era": "2020s", "aspect": "native", "ranks": 3},
        {"name": "Spanish", "era": "1920s", "aspect": "spoken", "ranks": 3},
    ]
    return explorer(zg, player, "Kai", {"LAN": 12}, skills=[linguist], languages=languages)


def test_languages_on_the_sheet_form(player_client, zg, script_dice):
    script_dice(3, 3, 3, 3)  # INT's dice for Kai, then for the refused Lio
    # INT 12: two free languages at 1 rank; Spanish spoken 3 costs 4, 2 more paid by a native rank given up.
    data = sheet_form(languages="English, 2020s (native) written 2\nSpanish, 1920s (spoken) 3")
    assert player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data)).status_code == 302
    kai = Character.objects.get()
    assert kai.sheet["languages"][1] == {"name": "Spanish", "era": "1920s", "aspect": "spoken", "ranks": 3}
    assert kai.sheet["languages"][0]["aspects"] == {"spoken": 3, "heard": 3, "written": 2, "read": 3}
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert 'name="languages-1-name" value="Spanish"' in page  # each language a row
    assert '<option value="spoken" selected>spoken</option>' in page
    assert 'name="languages-0-written" value="2"' in page  # the native rank given up
    assert 'name="languages-0-read" value=' not in page  # kept at 3: left blank
    assert "2 points (1 native rank given up × 2 + no skill on LAN); 2 spent beyond the free ones, 0 left." in page
    bad = player_client.post(
        reverse("character_new", args=[zg.pk]),
        zener_post(data | {"name": "Lio", "languages": "Spanish, 1920s (sung) 3"}),
    )
    assert bad.status_code == 422
    assert "spoken, heard, written or read" in bad.content.decode()


def test_a_language_roll_in_wwii_spain(player_client, zg, kai, script_dice):
    """Seed: 1920s Spanish in WWII Spain (1 era, -0.25) is heard at 1 rank: by default a skill check, 3d6 at or
    under 1 + LAN 12's foundation 8 = 9 (rules page, #zener-language-roll)."""
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert 'id="zener-language-form"' in page
    script_dice(4, 3, 3)
    data = {
        "character": kai.pk,
        "language": "Spanish",
        "aspect": "heard",
        "eras": "1",
        "era_loss": "0.25",
        "related": "0",
        "label": "Listen at the door",
    }
    assert player_client.post(reverse("zener_language", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["target"], roll.outcome["success"]) == (10, 9, False)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Spanish (1920s) heard 1, conversational, 1 era step away (−0.25) + LAN foundation 8" in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"language": "French"}, "Kai has no language called French"),
        ({"era_loss": "0.75"}, "0 to 0.5 ranks an era step"),
    ],
)
def test_bad_language_rolls_are_explained_and_roll_nothing(player_client, zg, kai, changes, message):
    data = {
        "character": kai.pk,
        "language": "Spanish",
        "aspect": "heard",
        "eras": "1",
        "era_loss": "0",
        "related": "0",
        "label": "",
    } | changes
    response = player_client.post(reverse("zener_language", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roll.objects.exists()


def test_an_overspent_sheet_is_refused_with_what_pays(player_client, zg, script_dice):
    """Seed, "Starting Languages": without a native rank given up or a LAN skill, Spanish spoken 3 is 2 points
    over INT 12's two free languages; the sheet says so and nothing is saved."""
    script_dice(3, 3)
    data = sheet_form(languages="English, 2020s (native)\nSpanish, 1920s (spoken) 3")
    response = player_client.post(reverse("character_new", args=[zg.pk]), zener_post(data))
    assert response.status_code == 422
    assert "cost 2 points beyond your 2 free languages" in response.content.decode()
    assert not Character.objects.exists()
    bad = player_client.post(
        reverse("character_new", args=[zg.pk]), zener_post(data | {"languages": "English, 2020s (native) written 4"})
    )
    assert 'id="id_languages-0-written-live">Ensure this value is less than or equal to 3.' in bad.content.decode()


def test_ranks_learned_in_play_stay_outside_the_budget_through_an_edit(player_client, zg, kai):
    sheet = dict(kai.sheet)
    sheet["languages"] = [
        *sheet["languages"],
        {"name": "French", "era": "16th century", "aspect": "read", "ranks": 1, "learned": 2},
    ]
    kai.sheet = zg.rules_system.validate_sheet(sheet)
    kai.save()
    page = player_client.get(reverse("character_edit", args=[zg.pk, kai.pk])).content.decode()
    assert "Learned in play, not counted: French (16th century)." in page
    data = sheet_form(
        skills="Linguist (narrow, LAN) 2",
        languages="English, 2020s (native)\nSpanish, 1920s (spoken) 3\nFrench, 16th century (read) 1",
    )
    assert player_client.post(reverse("character_edit", args=[zg.pk, kai.pk]), zener_post(data)).status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["languages"][2]["learned"] == 2
