"""Zener Gate's sheet editor as rows: skills, disadvantages, languages and weapons round-trip to the
sheet's own shape, a bad row is refused beside its field, and the edit page shows each list as rows."""

import pytest
from django.urls import reverse

from characters.models import Character
from tests.sheet_rows import rows

from .test_growth import STATS

pytestmark = pytest.mark.django_db

SKILLS = [
    {"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3},
    {"name": "Rifle", "breadth": "specific", "stat": "ACC", "ranks": 2},
]
WEAPON = {"name": "Rifle", "damage": "3d6", "fire": "burst", "skill": True}


def post(lists: dict, initial: int = 0) -> dict:
    data = {"name": "Kai", **{f"stat__{s}": "12" for s in STATS}, "profession": "", "notes": ""}
    for name in ("skills", "disadvantages", "languages", "weapons"):
        data |= rows(name, lists.get(name, []), initial if name in lists else 0)
    return data


def test_zener_rows_round_trip_to_the_sheet(player_client, zg, script_dice):
    script_dice(3, 3)
    url = reverse("character_new", args=[zg.pk])
    language = {"name": "English", "era": "2020s", "aspect": "native", "written": 2}
    data = post(
        {
            "skills": [*SKILLS, {"name": "Gone", "breadth": "narrow", "stat": "STR", "ranks": 1, "DELETE": True}],
            "disadvantages": [{"name": "Hunted", "points": 4, "ranks": 1}],
            "languages": [language],
            "weapons": [WEAPON],
        }
    )
    response = player_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    kai = Character.objects.get()
    assert kai.sheet["skills"] == SKILLS
    assert kai.sheet["disadvantages"] == [{"name": "Hunted", "points": 4, "ranks": 1}]
    assert kai.sheet["languages"] == [
        {
            "name": "English",
            "era": "2020s",
            "aspect": "native",
            "ranks": 3,
            "aspects": {"spoken": 3, "heard": 3, "written": 2, "read": 3},
        }
    ]
    assert {key: kai.sheet["weapons"][0][key] for key in WEAPON} == WEAPON
    edit = reverse("character_edit", args=[zg.pk, kai.pk])
    page = player_client.get(edit).content.decode()
    assert 'name="skills-1-name" value="Rifle"' in page
    assert 'name="weapons-0-damage" value="3d6"' in page
    assert 'name="languages-0-written" value="2"' in page
    again = post(
        {"skills": [SKILLS[0] | {"DELETE": True}, SKILLS[1]], "weapons": [WEAPON], "languages": [language]}, initial=1
    )
    again["profession"] = "Rifle"
    assert player_client.post(edit, again).status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["skills"] == SKILLS[1:]
    assert kai.sheet["disadvantages"] == []


@pytest.mark.parametrize(
    ("lists", "where", "message"),
    [
        ({"skills": [SKILLS[0] | {"stat": "LUCK"}]}, "skills-0-stat", "Select a valid choice. LUCK is not"),
        ({"skills": [SKILLS[0] | {"ranks": "21"}]}, "skills-0-ranks", "less than or equal to 20"),
        ({"weapons": [WEAPON | {"damage": "1d8"}]}, "weapons-0-damage", "priced in d6"),
        ({"weapons": [WEAPON | {"reach": "-1"}]}, "weapons-0-reach", "greater than or equal to 0"),
        (
            {"languages": [{"name": "Spanish", "era": "1920s", "aspect": "spoken", "ranks": "4"}]},
            "languages-0-ranks",
            "less than or equal to 3",
        ),
    ],
)
def test_a_bad_zener_row_is_refused_beside_its_field(player_client, zg, script_dice, lists, where, message):
    script_dice(3, 3)
    response = player_client.post(reverse("character_new", args=[zg.pk]), post({"skills": SKILLS[:1]} | lists))
    assert response.status_code == 422
    page = response.content.decode()
    start = page.index(f'id="id_{where}-live">')
    assert message in page[start : start + 300]
    assert not Character.objects.exists()


def test_a_skill_breadth_is_offered_in_words_and_stored_as_the_rules_key(player_client, zg, script_dice):
    """Play-test: the breadth list showed the rules' keys ("weapon_broad"); it now reads "Weapon (broad)"
    while the sheet keeps the key the rules price."""
    page = player_client.get(reverse("character_new", args=[zg.pk])).content.decode()
    assert '<option value="weapon_broad">Weapon (broad)</option>' in page
    assert '<option value="weapon_general">Weapon (general)</option>' in page
    assert ">weapon_broad<" not in page
    assert "weapon_broad or weapon_general" not in page
    script_dice(3, 3)
    rifle = {"name": "Rifle", "breadth": "weapon_broad", "stat": "ACC", "ranks": 2}
    response = player_client.post(reverse("character_new", args=[zg.pk]), post({"skills": [rifle]}))
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert Character.objects.get().sheet["skills"] == [rifle]
