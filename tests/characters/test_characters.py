import html

import pytest
from django.urls import reverse

from characters.models import Character
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(gm, player):
    """A system whose sheet is still free notes: these tests are about characters, not a system's sheet."""
    from campaigns.models import Membership
    from campaigns.table import actions

    campaign = actions.create_campaign(gm, name="Notes", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


def sheet_data(campaign, **data):
    """What the campaign's sheet form posts: its attributes at their defaults, plus `data`."""
    return {f"attribute__{name}": "40" for name in campaign.settings["attributes"]} | rows("skills", []) | data


@pytest.fixture
def character(campaign, player):
    return Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet={"notes": ""})


def test_player_creates_a_character(player_client, player, campaign):
    response = player_client.post(
        reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Mara Vell", notes="Pilot.")
    )
    assert response.status_code == 302
    character = Character.objects.get()
    assert (character.owner, character.campaign, character.sheet["notes"]) == (player, campaign, "Pilot.")


def test_the_sheet_is_validated_by_the_campaigns_system(player_client, campaign):
    response = player_client.post(
        reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Long", notes="x" * 10_001)
    )
    assert response.status_code == 422
    assert "at most 10,000" in response.content.decode()
    assert not Character.objects.exists()


def test_a_character_needs_a_name(player_client, campaign):
    assert player_client.post(reverse("character_new", args=[campaign.pk]), {"name": ""}).status_code == 422
    assert not Character.objects.exists()


def test_outsiders_cannot_create_characters_here(outsider_client, campaign):
    assert outsider_client.get(reverse("character_new", args=[campaign.pk])).status_code == 404
    assert outsider_client.post(reverse("character_new", args=[campaign.pk]), {"name": "X"}).status_code == 404
    assert not Character.objects.exists()


@pytest.mark.parametrize("who", ["player_client", "gm_client"])
def test_owner_and_gm_edit_the_sheet(request, who, campaign, character):
    url = reverse("character_edit", args=[campaign.pk, character.pk])
    client = request.getfixturevalue(who)
    assert client.get(url).status_code == 200
    assert client.post(url, sheet_data(campaign, name="Mara the Bold", notes="Scar.")).status_code == 302
    character.refresh_from_db()
    assert (character.name, character.sheet["notes"]) == ("Mara the Bold", "Scar.")


def test_other_players_cannot_edit(other_client, other_player, outsider_client, campaign, character):
    campaign.memberships.create(user=other_player)
    url = reverse("character_edit", args=[campaign.pk, character.pk])
    for client in (other_client, outsider_client):
        assert client.get(url).status_code == 404
        assert client.post(url, {"name": "Hacked"}).status_code == 404
    character.refresh_from_db()
    assert character.name == "Mara Vell"


def test_character_urls_refuse_other_methods(player_client, campaign, character):
    assert player_client.delete(reverse("character_edit", args=[campaign.pk, character.pk])).status_code == 405
    assert player_client.put(reverse("character_new", args=[campaign.pk])).status_code == 405


def upload(content: bytes | str, name="sheet.json"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content.encode() if isinstance(content, str) else content, "application/json")


def test_a_downloaded_sheet_imports_into_another_campaign_of_the_system(player_client, gm, player, campaign, character):
    """Download from one d100 campaign, import into another: the same sheet, a character of the importer's own."""
    import json

    from campaigns.models import Membership
    from campaigns.table import actions

    character.sheet = campaign.rules_system.validate_sheet(
        {"attributes": {"Agility": 55}, "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 2}]},
        campaign.settings,
    )
    character.save()
    downloaded = player_client.get(reverse("character_download", args=[campaign.pk, character.pk]))
    assert downloaded.status_code == 200
    assert "attachment" in downloaded["Content-Disposition"]
    other = actions.create_campaign(gm, name="Second", system="d100", settings={})
    Membership.objects.create(campaign=other, user=player)
    response = player_client.post(reverse("character_import", args=[other.pk]), {"file": upload(downloaded.content)})
    assert response.status_code == 302
    imported = Character.objects.get(campaign=other)
    assert (imported.name, imported.owner, imported.sheet) == ("Mara Vell", player, character.sheet)
    assert json.loads(downloaded.content)["system"] == "d100"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json {", "This file is not JSON."),
        ('["a list"]', 'needs a "sheet" object'),
        ('{"sheet": {}}', 'the character\'s "name"'),
        ('{"name": "Mara", "sheet": {"attributes": {"Agility": 500}}}', "Sheet:"),
        (b"\xff\xfe\x00", "This file is not JSON."),
        ("x" * 200_001, "larger than 200 kB"),
    ],
)
def test_a_bad_file_is_refused_with_a_message_and_imports_nothing(player_client, campaign, content, message):
    response = player_client.post(reverse("character_import", args=[campaign.pk]), {"file": upload(content)})
    assert response.status_code == 422
    assert message in html.unescape(response.content.decode())
    assert not Character.objects.exists()


def test_no_file_and_strangers_import_nothing(player_client, outsider_client, campaign):
    assert player_client.post(reverse("character_import", args=[campaign.pk]), {}).status_code == 422
    assert (
        outsider_client.post(reverse("character_import", args=[campaign.pk]), {"file": upload("{}")}).status_code == 404
    )
    assert not Character.objects.exists()


def test_only_the_owner_and_the_gm_download_a_sheet(
    player_client, gm_client, other_client, other_player, campaign, character
):
    campaign.memberships.create(user=other_player)
    url = reverse("character_download", args=[campaign.pk, character.pk])
    assert player_client.get(url).status_code == 200
    assert gm_client.get(url).status_code == 200
    assert other_client.get(url).status_code == 404


def test_a_player_cannot_have_two_characters_of_one_name_in_a_campaign(player_client, campaign, character):
    """Play-test: a Back then Save made a second "Vex"."""
    response = player_client.post(reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="mara vell"))
    assert response.status_code == 422
    assert response.context["form"].errors["name"] == [
        "You already have a character called mara vell in this campaign: choose another name."
    ]
    assert Character.objects.count() == 1
    edit = reverse("character_edit", args=[campaign.pk, character.pk])
    assert player_client.post(edit, sheet_data(campaign, name="Mara Vell", notes="Still me.")).status_code == 302


def test_a_sheet_post_without_a_lists_rows_is_refused_and_changes_nothing(player_client, campaign, character):
    """A list's rows come with their management form; without it nothing is guessed (the list would
    be emptied), the page says what happened beside the list, and the sheet stays as it was."""
    before = Character.objects.get(pk=character.pk).sheet
    data = {k: v for k, v in sheet_data(campaign, name="Mara Vell", notes="New").items() if not k.startswith("skills")}
    response = player_client.post(reverse("character_edit", args=[campaign.pk, character.pk]), data)
    assert response.status_code == 422
    assert "This list&#x27;s rows were not sent with the sheet" in response.content.decode()
    assert Character.objects.get(pk=character.pk).sheet == before


def test_the_sheet_check_as_typed_saves_nothing(player_client, campaign, character):
    data = sheet_data(campaign, name="Mara Vell", notes="Changed") | {"validate": "1"}
    url = reverse("character_edit", args=[campaign.pk, character.pk])
    response = player_client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Looks good; nothing is saved until you press Save." in response.content.decode()
    assert Character.objects.get(pk=character.pk).sheet["notes"] == ""
    assert player_client.post(url, data).status_code == 302  # without htmx, the flag is no check: a save


def test_a_new_character_reaches_the_gms_open_screen(
    player_client, gm_client, campaign, monkeypatch, django_capture_on_commit_callbacks
):
    # Play-test: a player who joined mid-evening made a character, and the GM's Characters
    # tab did not show it until a reload.
    from campaigns.table import live

    told = []
    monkeypatch.setattr(live, "_send_all", told.extend)
    with django_capture_on_commit_callbacks(execute=True):
        player_client.post(reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Nova Quill"))
    character = Character.objects.get(name="Nova Quill")
    to_gm = [html for group, html in told if group == live.gm_group(campaign.pk)]
    assert any(f'id="sheet-{character.pk}"' in html and 'hx-swap-oob="beforeend:#gm-sheets"' in html for html in to_gm)
    page = gm_client.get(reverse("table", args=[campaign.pk]) + "?tab=characters").content.decode()
    assert 'id="gm-sheets"' in page
