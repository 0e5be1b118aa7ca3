"""The One-Roll Engine sheet's skill lines: each fault named as it is."""

import html

import pytest
from django.urls import reverse

from characters.models import Character
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db


def sheet_data(skills: list[dict], initial: int = 0) -> dict:
    stats = {f"stat__{name}": "2" for name in ("Body", "Coordination", "Sense", "Brains", "Command", "Cool")}
    return {"name": "Jet", **stats, **rows("skills", skills, initial), "notes": ""}


PILOTING = {"name": "Piloting", "stat": "Coordination", "normal": 2, "hard": 0, "wiggle": 1}


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"wiggle": "2²"}, "wiggle", "Enter a whole number from 0 to 5."),
        ({"hard": "--1"}, "hard", "Enter a whole number from 0 to 5."),
        ({"normal": "6"}, "normal", "Ensure this value is less than or equal to 5."),
        ({"stat": "Agility"}, "stat", "Select a valid choice. Agility is not one of the available choices."),
    ],
)
def test_a_bad_skill_row_is_refused_beside_its_field(player_client, ore, change, field, message):
    """Play-test: `Piloting (Coordination) 2d+1xd` said "its stat is one of Body, Coordination…"; a row
    of bounded fields says what is wrong beside the field, and saves nothing."""
    data = sheet_data([{"name": "Running", "stat": "Body", "normal": 1}, PILOTING | change])
    response = player_client.post(reverse("character_new", args=[ore.pk]), data)
    assert response.status_code == 422
    page = response.content.decode()
    assert f'id="id_skills-1-{field}-live">{html.escape(message)}' in page
    assert 'id="id_skills-0-normal-live"></span>' in page  # the good row says nothing
    assert not Character.objects.exists()


def test_more_than_five_dice_in_all_are_refused_beside_the_row(player_client, ore):
    response = player_client.post(reverse("character_new", args=[ore.pk]), sheet_data([PILOTING | {"hard": 3}]))
    assert response.status_code == 422
    assert 'id="skills-0-row-errors">Piloting has 0 to 5 dice in all, not 6.' in response.content.decode()


def test_ore_skill_rows_round_trip(player_client, ore):
    hiding = {"name": "Hiding", "stat": "Cool", "normal": 0, "hard": 1, "wiggle": 0}
    data = sheet_data([PILOTING, hiding | {"DELETE": True}, {"name": "", "stat": "", "normal": 0}])
    assert player_client.post(reverse("character_new", args=[ore.pk]), data).status_code == 302
    jet = Character.objects.get()
    assert jet.sheet["skills"] == [PILOTING]
    edit = reverse("character_edit", args=[ore.pk, jet.pk])
    page = player_client.get(edit).content.decode()
    assert '<option value="Coordination" selected>' in page
    assert 'name="skills-0-wiggle" value="1"' in page
    assert player_client.post(edit, sheet_data([PILOTING, hiding], initial=1)).status_code == 302
    jet.refresh_from_db()
    assert jet.sheet["skills"] == [PILOTING, hiding]


def test_skill_names_differing_only_in_case_are_refused(player_client, ore):
    response = player_client.post(
        reverse("character_new", args=[ore.pk]),
        sheet_data([PILOTING, {"name": "piloting", "stat": "Body", "normal": 1}]),
    )
    assert response.status_code == 422
    assert "Skill names must differ" in response.content.decode()
    assert not Character.objects.exists()


def test_a_saved_sheet_sends_its_card_to_its_owners_open_table_only(
    player_client, ore, gm, monkeypatch, django_capture_on_commit_callbacks
):
    """Play-test: the card on a table left open kept the old skills until a reload."""
    from campaigns.table import live
    from tests.fixtures import RecordingLayer

    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    assert player_client.post(reverse("character_new", args=[ore.pk]), sheet_data([PILOTING])).status_code == 302
    jet = Character.objects.get()
    layer.sent.clear()
    hiding = {"name": "Hiding", "stat": "Cool", "normal": 0, "hard": 1, "wiggle": 0}
    edit = reverse("character_edit", args=[ore.pk, jet.pk])
    with django_capture_on_commit_callbacks(execute=True):
        assert player_client.post(edit, sheet_data([PILOTING, hiding], initial=1)).status_code == 302
    cards = [h for h in layer.received_by(ore, jet.owner) if f'id="card-{jet.pk}"' in h]
    assert len(cards) == 1
    assert 'hx-swap-oob="true"' in cards[0]
    assert ">Roll Hiding <" in cards[0]
    assert not [h for h in layer.received_by(ore, gm) if f'id="card-{jet.pk}"' in h]
