"""A play-test reloaded a player's table once the log had grown: a Karma re-roll's row, the tenth and last of
the first page, asked for the Karma menu of the check it changed, the eleventh row, which was not on the page,
and htmx logged a targetError in the console on every load. The re-roll's row now asks for that menu out of
band: where the row is on the page it is redrawn, where it is not the answer is dropped (static/fivefold/table.js,
present-targets)."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.systems.zener.tests.conftest import pilot
from campaigns.systems.zener.tests.test_table import check_data
from campaigns.table import actions

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    return pilot


def test_a_rerolls_row_names_no_menu_that_is_not_on_the_page(player_client, zg, kai, player, script_dice):
    script_dice(6, 6, 5, 6, 6, 6, *[1] * (FIRST_LOG_PAGE - 1))  # 17 against 11, the re-roll 18, then 1d6 rolls
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    player_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"})
    for _ in range(FIRST_LOG_PAGE - 1):  # the re-roll is the last row of the first page; its check is not on it
        actions.roll_notation(zg, player, notation="1d6", label="", character=kai)
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert f'id="karma-{first.pk}"' not in page
    for wanted in re.findall(r'hx-target="#(karma-\d+)"', page):
        assert f'id="{wanted}"' in page, wanted


def test_the_menu_asked_for_out_of_band_answers_out_of_band(player_client, zg, kai, script_dice):
    script_dice(6, 6, 5, 6, 6, 4)  # 17 against 11, and the re-roll 16: a failure by 5 still
    player_client.post(reverse("zener_check", args=[zg.pk]), check_data(kai))
    first = Roll.objects.get()
    player_client.post(reverse("zener_karma_on_roll", args=[zg.pk, first.pk]), {"use": "reroll"})
    page = player_client.get(reverse("table", args=[zg.pk])).content.decode()
    asked = re.search(rf'hx-get="([^"]*/rolls/{first.pk}/karma/options/[^"]*)"([^>]*)>', page)
    assert 'hx-swap="none"' in asked[2]
    answer = player_client.get(asked[1].replace("&amp;", "&"), HTTP_HX_REQUEST="true").content.decode()
    assert re.match(rf'\s*<div class="karma" id="karma-{first.pk}" hx-swap-oob="outerHTML"', answer)
    assert "Replaced" in answer  # the old row says the check changed since
