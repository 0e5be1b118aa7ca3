"""Tribute Alpha's panel on the GM's screen: the opposed test's sides in their own
boxes, the die-size events folded under a summary that names the action (open when refused), and
a call made says where it now waits (the Table tab)."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.tribute.tests.conftest import post_opposed

pytestmark = pytest.mark.django_db


def test_the_die_size_events_are_folded_and_open_when_refused(gm_client, tribute, hero, htmx):
    page = gm_client.get(reverse("table", args=[tribute.pk]) + "?tab=system").content.decode()
    assert '<details class="tribute-event-add"><summary>Key an event to a die size</summary>' in page
    assert "<legend>The opponent's dice</legend>" in page
    refused = gm_client.post(reverse("tribute_events", args=[tribute.pk]), {"die_size": "7", "event": "x"}, **htmx)
    assert refused.status_code == 422
    assert '<details class="tribute-event-add" open>' in refused.content.decode()


def test_a_called_opposed_test_says_it_waits_on_the_table_tab(gm_client, tribute, hero):
    answer = post_opposed(gm_client, tribute, hero, htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "The opposed test is called: it waits for the player on the Table tab" in html
    assert '<details class="tribute-event-add">' in html  # folded again
    assert RollCall.objects.get().request["attribute"] == "Might"


def test_an_opposed_call_without_a_label_says_what_it_asks(gm_client, player_client, tribute, hero, htmx):
    """The player's card read "The GM asks Mara Vell: a roll" and the GM's "Mara Vell: a roll"."""
    gm_client.post(
        reverse("tribute_opposed", args=[tribute.pk]),
        {
            "character": hero.pk,
            "attribute": "Agility",
            "opponent_name": "Ogre",
            "opponent_rank": "2",
            "opponent_attribute": "Might",
            "opponent_focus": "1",
            "opponent_burden": "1",
        },
        **htmx,
    )
    player = player_client.get(reverse("table", args=[tribute.pk])).content.decode()
    assert f"The GM asks <strong>{hero.name}</strong>: Roll Agility against Ogre" in player
    gm = gm_client.get(reverse("table", args=[tribute.pk])).content.decode()
    assert f"<strong>{hero.name}</strong>: Agility against Ogre" in gm
