"""What the called player's open tables are sent as their risk roll is made: with Venture, the call's card at the
Wrench step; with none, only the call closed and its roll, never a card of a step the roll went past."""

import re

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.cgg.tests.fixtures import new_explorer
from campaigns.systems.cgg.tests.test_table import call
from campaigns.table import live

pytestmark = pytest.mark.django_db

WRENCH_STEP = "/wrench/"


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "3d+1"})


@pytest.fixture
def sent(monkeypatch):
    messages = []
    monkeypatch.setattr(live, "_deliver", lambda batch: messages.extend(message["html"] for _group, message in batch))
    return messages


def roll(client, campaign, made, capture):
    with capture(execute=True):
        response = client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    made.refresh_from_db()


def test_no_venture_sends_the_close_and_no_wrench_card(
    player_client, cgg_campaign, explorer, script_dice, sent, django_capture_on_commit_callbacks
):
    made = call(cgg_campaign, explorer)
    script_dice(5, 3, 4, 9, 9)  # risk 3d+1 with no six: no Venture
    roll(player_client, cgg_campaign, made, django_capture_on_commit_callbacks)
    assert made.status == RollCall.Status.ANSWERED
    assert not any(WRENCH_STEP in html for html in sent)
    assert any(re.search(rf'id="call-{made.pk}" hx-swap-oob="delete"', html) for html in sent)


def test_venture_sends_the_wrench_card(
    player_client, cgg_campaign, explorer, script_dice, sent, django_capture_on_commit_callbacks
):
    made = call(cgg_campaign, explorer)
    script_dice(6, 3, 4, 9, 9)  # a six: one Venture, the Wrench is the player's to choose
    roll(player_client, cgg_campaign, made, django_capture_on_commit_callbacks)
    assert made.status == RollCall.Status.PLAYER_TURN
    assert any(WRENCH_STEP in html for html in sent)
