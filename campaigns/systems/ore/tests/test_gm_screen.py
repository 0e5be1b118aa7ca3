"""The One-Roll Engine's panel on the GM's screen: the contest's sides in their own
boxes, and a call made says where it now waits (the Table tab), since the panel is on another tab."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.ore.tests.conftest import contest_form, post_contest

pytestmark = pytest.mark.django_db


def test_a_called_contest_says_it_waits_on_the_table_tab(gm_client, ore, pilot):
    page = gm_client.get(reverse("table", args=[ore.pk]) + "?tab=system").content.decode()
    assert "<legend>The player's side</legend>" in page
    assert "<legend>Or an NPC's pool</legend>" in page
    assert "The contest is called" not in page
    answer = post_contest(gm_client, ore, contest_form(pilot, stat="Coordination"), htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<section id="ore-panel"')
    assert "The contest is called: it waits for the player on the Table tab" in html
    assert 'href="?tab=table#waiting-title"' in html
    assert RollCall.objects.get().request["opponent"]["who"] == "Drone"


def test_a_refused_contest_does_not_say_it_is_called(gm_client, ore, pilot):
    answer = post_contest(gm_client, ore, contest_form(pilot, npc_name="", npc_normal="0"), htmx=True)
    assert answer.status_code == 422
    assert "The contest is called" not in answer.content.decode()
    assert not RollCall.objects.exists()
