"""The Centaurus Gate explorer sheet, edited through its own form."""

import pytest
from django.urls import reverse

from campaigns.systems.cgg.clock import crisis_clock
from characters.models import Character
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db


TEXT_LISTS = ("roles", "aspects", "endeavors")


def sheet_data(**changes):
    """What the explorer form posts (each list as rows); a text list as its texts."""
    data = {
        "name": "Mara Vell",
        "dexterity": "3d+1",
        "strength": "2d",
        "perception": "2d+2",
        "knowledge": "2d",
        "technical": "3d",
        "mechanical": "4d",
        "harm_dots": "10",
        "persuasion_dots": "7",
        "alteration_dots": "7",
        "harm_marked": "1",
        "persuasion_marked": "0",
        "alteration_marked": "0",
        "notes": "Owes Dax.",
    }
    lists = {
        "roles": ["Pilot"],
        "aspects": ["Born in the Expanse"],
        "endeavors": [],
        "abilities": [{"name": "Weapon (Blaster)", "mastery": 2}, {"name": "Piloting", "mastery": 1}],
        "gear": [{"name": "Blaster"}, {"name": "Flight suit"}],
        "leverage": [{"purpose": "Starship repair", "code": "2d+2"}],
    }
    for key, value in changes.items():
        (lists if key in lists else data)[key] = value
    for key, items in lists.items():
        data |= rows(key, [{"text": item} for item in items] if key in TEXT_LISTS else items)
    return data


def test_player_makes_an_explorer(player_client, cgg_campaign, player):
    response = player_client.post(reverse("character_new", args=[cgg_campaign.pk]), sheet_data())
    assert response.status_code == 302
    explorer = Character.objects.get()
    assert explorer.sheet["attributes"]["dexterity"] == "3d+1"
    assert explorer.sheet["abilities"] == [
        {"name": "Weapon (Blaster)", "mastery": 2},
        {"name": "Piloting", "mastery": 1},
    ]
    assert explorer.sheet["tracks"] == {"harm": 10, "persuasion": 7, "alteration": 7}
    assert explorer.sheet["leverage"] == [{"purpose": "Starship repair", "code": "2d+2"}]
    assert crisis_clock(explorer).maximum == 12


def test_the_form_shows_the_sheet_back(player_client, cgg_campaign):
    player_client.post(reverse("character_new", args=[cgg_campaign.pk]), sheet_data())
    explorer = Character.objects.get()
    page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    assert 'name="abilities-0-name" value="Weapon (Blaster)"' in page
    assert '<option value="2" selected>x2</option>' in page
    assert 'name="leverage-0-purpose" value="Starship repair"' in page
    assert 'name="leverage-0-code" value="2d+2"' in page


def test_the_sheet_starts_with_the_attributes_and_ends_with_the_notes(player_client, cgg_campaign):
    """Play-test: the free notes and the Exec's conditions came before the attributes (the notes'
    place in the generic form): the page reads attributes, lists, tracks, and the notes last."""
    player_client.post(reverse("character_new", args=[cgg_campaign.pk]), sheet_data())
    explorer = Character.objects.get()
    page = player_client.get(reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])).content.decode()
    order = [
        'name="name"',
        'name="dexterity"',
        'name="abilities-0-name"',
        'name="harm_dots"',
        "<legend>Conditions",
        'name="leverage-0-purpose"',
        'name="notes"',
    ]
    assert [page.index(mark) for mark in order] == sorted(page.index(mark) for mark in order)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dexterity": "3d+3"}, "3 pips make a die"),
        ({"roles": ["A", "B", "C"]}, "Roles"),
        ({"harm_dots": "3"}, "exactly 15"),
        ({"abilities": [{"name": "Blaster", "mastery": 4}]}, "Select a valid choice. 4 is not one"),
        ({"leverage": [{"purpose": "", "code": "2d+2"}]}, "This field is required."),
        ({"leverage": [{"purpose": "Repair", "code": "2x"}]}, "&#x27;2x&#x27; is not a die code"),
        ({"gear": [{"name": "Scanner"}, {"name": "Armour jacket", "code": "3d+3"}]}, "A die code has 0 to 2 pips"),
    ],
)
def test_bad_sheets_are_explained_and_not_saved(player_client, cgg_campaign, change, message):
    response = player_client.post(reverse("character_new", args=[cgg_campaign.pk]), sheet_data(**change))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Character.objects.exists()


def test_a_second_role_shortens_the_clock(player_client, cgg_campaign):
    player_client.post(reverse("character_new", args=[cgg_campaign.pk]), sheet_data())
    explorer = Character.objects.get()
    url = reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])
    assert player_client.post(url, sheet_data(roles=["Pilot", "Engineer"])).status_code == 302
    explorer.refresh_from_db()
    clock = crisis_clock(explorer)
    assert (clock.hours, clock.maximum) == (9, 9)


def test_every_mistake_on_a_new_explorer_is_reported_at_once_beside_its_field(player_client, cgg_campaign):
    """Play-test: ten mistakes took eleven saves, each error at the top of the form."""
    data = sheet_data(
        dexterity="nonsense",
        strength="12d",
        roles=["Pilot", "Medic", "Cook"],
        harm_dots="18",
        harm_marked="1",
        abilities=[{"name": "Piloting", "mastery": 4}],
        leverage=[{"purpose": "Starship repair", "code": "nonsense"}],
    )
    # The marks follow the Exec's conditions: no longer the player's to type, so not a mistake here.
    response = player_client.post(reverse("character_new", args=[cgg_campaign.pk]), data)
    assert response.status_code == 422
    form = response.context["form"]
    assert form.non_field_errors() == []
    errors = {name: " ".join(messages) for name, messages in form.errors.items()}
    assert set(errors) == {"dexterity", "strength", "roles", "abilities", "harm_dots", "leverage"}
    assert "not a die code" in errors["dexterity"]
    assert "1d to 10d" in errors["strength"]
    assert "1 to 2 entries" in errors["roles"]
    assert "A row needs a fix" in errors["abilities"]  # the row says what, beside the mastery
    assert 'id="id_abilities-0-mastery-live">Select a valid choice. 4 is not one' in response.content.decode()
    assert "15" in errors["harm_dots"]  # the dots spent between the tracks
    assert 'id="id_leverage-0-code-live">&#x27;nonsense&#x27; is not a die code' in response.content.decode()
    assert not Character.objects.exists()


def test_gear_and_leverage_rows_take_die_codes_as_typed_and_round_trip(player_client, cgg_campaign):
    """A die code field reads "3D+2" as the rules write it; a gear row with a code is the sheet's
    "Armour jacket 3d+2" line, shown back as its name and code; a removed row leaves the list."""
    gear = [{"name": "Scanner"}, {"name": "Armour jacket", "code": "3D+2"}, {"name": "Old radio", "DELETE": True}]
    data = sheet_data(gear=gear, leverage=[{"purpose": "Starship repair", "code": "2D + 1"}])
    assert player_client.post(reverse("character_new", args=[cgg_campaign.pk]), data).status_code == 302
    explorer = Character.objects.get()
    assert explorer.sheet["gear"] == ["Scanner", "Armour jacket 3d+2"]
    assert explorer.sheet["leverage"] == [{"purpose": "Starship repair", "code": "2d+1"}]
    edit = reverse("character_edit", args=[cgg_campaign.pk, explorer.pk])
    page = player_client.get(edit).content.decode()
    assert 'name="gear-1-name" value="Armour jacket"' in page
    assert 'name="gear-1-code" value="3d+2"' in page
    assert 'pattern="' in page  # the browser checks a code as it is typed
    again = sheet_data(gear=[{"name": "Scanner", "DELETE": True}, {"name": "Armour jacket", "code": "3d+2"}])
    assert player_client.post(edit, again).status_code == 302
    explorer.refresh_from_db()
    assert explorer.sheet["gear"] == ["Armour jacket 3d+2"]
