"""The GM's "Call for a roll" section follows the characters live (campaigns/calls/call_section.py): a play-test
found that it left a new campaign's GM with "When your players have made characters…" after the first
player had made one, until a reload."""

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.life import lifecycle
from campaigns.plugins import registry
from campaigns.table import actions, live
from characters.models import Character
from tests.characters.test_characters import sheet_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(gm, player):
    """A d100 campaign, whose sheet form tests.characters.test_characters.sheet_data fills."""
    campaign = actions.create_campaign(gm, name="Calls", system="d100", settings={})
    actions.join_campaign(player, campaign)
    return campaign


def test_a_new_character_brings_the_call_forms_to_the_gms_open_screens_and_no_one_elses(
    campaign, player, player_client, layer, django_capture_on_commit_callbacks
):
    gm_table = Client()
    gm_table.force_login(campaign.gm)
    assert (
        "When your players have made characters" in gm_table.get(reverse("table", args=[campaign.pk])).content.decode()
    )

    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(reverse("character_new", args=[campaign.pk]), sheet_data(campaign, name="Newt"))
    assert response.status_code == 302

    to_gm = layer.take(live.gm_group(campaign.pk))
    section = to_gm[to_gm.index('<section id="call-section"') :]
    assert section.startswith('<section id="call-section" aria-labelledby="call-title" hx-swap-oob="true">')
    assert 'id="call-form"' in section
    assert ">Newt</option>" in section
    assert "When your players have made characters" not in section
    assert 'id="call-section"' not in layer.take(live.table_group(campaign.pk))  # the GM's alone


def test_a_deleted_character_leaves_the_call_forms(campaign, player, gm, layer, django_capture_on_commit_callbacks):
    newt = Character.objects.create(campaign=campaign, owner=player, name="Newt", sheet={"notes": ""})
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.delete_character(newt, actor=gm)
    to_gm = layer.take(live.gm_group(campaign.pk))
    assert 'id="call-section"' in to_gm
    assert "Newt</option>" not in to_gm
    assert "When your players have made characters" in to_gm


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_a_new_character_joins_the_lists_of_the_gms_system_forms(world, player, system, layer):
    campaign = world["campaigns"][system][0]
    if registry.panel_for(campaign, Audience.GM) is None:
        pytest.skip(f"{system} has no panel")
    sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
    newt = Character.objects.create(campaign=campaign, owner=player, name="Newt Sable", sheet=sheet)
    live.send_character_new(newt)
    to_gm = layer.take(live.gm_group(campaign.pk))
    panel = to_gm[to_gm.index(f'<section id="{system}-panel"') :]
    assert ">Newt Sable</option>" in panel, f"{system}: the GM's forms do not offer the new character"
