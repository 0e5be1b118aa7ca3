"""d100's GM forms: the opposed test's second side starts on another character, a refusal is
shown once and beside the form posted, and the opposed test and the GM's dice take a label."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.d100.tests.conftest import d100_character, post_opposed, test_form
from tests.factories import post_step

pytestmark = pytest.mark.django_db


@pytest.fixture
def ida(table, other_player):
    return d100_character(table, other_player, "Ida")


def _page(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()


def _selected(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    chosen = re.search(r'<option value="(\d*)"[^>]*selected', select)  # none: the browser shows the first
    return (chosen or re.search(r'<option value="(\d*)"', select)).group(1)


def _form(page: str, form_id: str) -> str:
    start = page.index(f'id="{form_id}"')
    return page[start : page.index("</form>", start)]


def test_the_opposed_tests_sides_start_on_two_characters(gm_client, table, ulf, ida):
    form = _form(_page(gm_client, table), "d100-opposed-form")
    assert {_selected(form, "first"), _selected(form, "second")} == {str(ulf.pk), str(ida.pk)}


def test_an_opposed_test_against_itself_says_so_once_beside_the_form(gm_client, table, ulf, ida):
    response = post_opposed(gm_client, table, ulf, ulf)
    assert response.status_code == 422
    page = response.content.decode()
    message = "Ulf cannot oppose themself: choose two different characters."
    assert page.count(message) == 1
    assert page.index(message) > page.index("d100-opposed-form")
    assert not Roll.objects.exists()


def test_an_opposed_test_the_action_refuses_is_said_beside_its_form(gm_client, table, ulf, ida):
    response = post_opposed(gm_client, table, ulf, ida, first_skill="Juggling")
    assert response.status_code == 422
    page = response.content.decode()
    message = re.search(r'<p class="error" role="alert">([^<]+)</p>', page).group(1)
    assert page.count(message) == 1
    assert page.index(message) > page.index("d100-opposed-form")
    assert not Roll.objects.exists()


def test_a_refused_test_and_gm_die_are_said_beside_their_forms(player_client, gm_client, table, ulf):
    refused = post_step(player_client, "d100_test", table, test_form(ulf, skill="Juggling"), htmx=True)
    assert refused.status_code == 422
    page = refused.content.decode()
    assert page.count('role="alert"') == 1
    assert page.index('role="alert"') > page.index("d100-test-form")

    die = player_client.post(reverse("d100_die", args=[table.pk]), {"die": "fury"}, HTTP_HX_REQUEST="true")
    page = die.content.decode()
    assert page.count("Roll for one of your characters.") == 1
    assert page.index("Roll for one of your characters.") > page.index("d100-test-form")

    gm_die = gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "doom"}, HTTP_HX_REQUEST="true")
    page = gm_die.content.decode()
    assert page.count("Roll a Fury die or a Chaos die.") == 1
    assert page.index("Roll a Fury die or a Chaos die.") > page.index("d100-gm-die-form")
    assert not Roll.objects.exists()


def test_an_opposed_test_and_the_gms_dice_say_what_they_are_for(gm_client, player_client, table, ulf, ida, script_dice):
    gm_page = _page(gm_client, table)
    assert 'name="label"' in _form(gm_page, "d100-opposed-form")
    assert 'name="label"' in _form(gm_page, "d100-gm-die-form")
    script_dice(3, 2, 2, 2)
    assert post_opposed(gm_client, table, ulf, ida, label="The chase").status_code == 200
    script_dice(4)
    gm_client.post(
        reverse("d100_gm_die", args=[table.pk]), {"die": "chaos", "label": "The bridge"}, HTTP_HX_REQUEST="true"
    )
    page = _page(player_client, table)
    assert "Ulf against Ida (The chase)" in page
    assert "Chaos die (The bridge)" in page
    long = gm_client.post(
        reverse("d100_gm_die", args=[table.pk]), {"die": "fury", "label": "x" * 101}, HTTP_HX_REQUEST="true"
    )
    assert long.status_code == 422
    assert Roll.objects.count() == 2
