"""A play-test (Zener Gate and One-Roll Engine evenings): the session button that ends the
running session asks first, like "End session"; and the "At the table" list is its own fragment,
which every open table fetches again when someone comes or goes (static/fivefold/presence.js), so
the GM sees a new player, and their character, without a reload."""

import pytest
from django.urls import reverse

from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


def test_starting_the_next_session_asks_first_because_it_ends_this_one(gm_client, campaign, gm):
    actions.start_session(campaign, gm)
    html = gm_client.get(reverse("table", args=[campaign.pk]) + "?tab=session").content.decode()
    start = html[html.index(f'action="{reverse("session_start", args=[campaign.pk])}"') :]
    form_tag = start[: start.index(">")]
    assert "data-confirm=" in form_tag
    assert "End session 1" in form_tag


def test_the_first_session_starts_without_a_question(gm_client, campaign):
    html = gm_client.get(reverse("table", args=[campaign.pk]) + "?tab=session").content.decode()
    start = html[html.index(f'action="{reverse("session_start", args=[campaign.pk])}"') :]
    assert "data-confirm=" not in start[: start.index(">")]


def test_the_people_list_comes_alone_with_a_late_joiner_and_their_character(gm_client, campaign, other_player):
    actions.join_campaign(other_player, campaign)
    Character.objects.create(campaign=campaign, owner=other_player, name="Newt", sheet={"notes": ""})
    response = gm_client.get(reverse("table_people", args=[campaign.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="people"')
    assert str(other_player) in html
    assert "Newt" in html
    assert "remove</button>" in html  # the GM's view


def test_a_player_gets_the_people_list_without_the_gms_buttons(player_client, campaign):
    html = player_client.get(reverse("table_people", args=[campaign.pk])).content.decode()
    assert 'id="people"' in html
    assert "remove</button>" not in html
    assert "Leave this campaign" in html


def test_the_people_list_is_for_members_only(outsider_client, campaign):
    assert outsider_client.get(reverse("table_people", args=[campaign.pk])).status_code == 404
