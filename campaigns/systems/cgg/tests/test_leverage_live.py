"""Play-test fault: new or spent leverage reaches every open table's panel at once
(live.send_panel), not only the log."""

import pytest
from django.urls import reverse

from campaigns.systems.cgg.tests.fixtures import new_explorer
from campaigns.systems.cgg.tests.test_leverage import explorer_with, roll_with
from campaigns.table import live

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"technical": "3d", "perception": "2d+1"})


@pytest.fixture
def sent(monkeypatch):
    panels = []
    monkeypatch.setattr(live, "send_panel", lambda campaign: panels.append(campaign.pk))
    return panels


def test_a_diligence_roll_sends_the_panel(
    player_client,
    cgg_campaign,
    explorer,
    script_dice,
    sent,
    django_capture_on_commit_callbacks,
):
    script_dice(6, 4, 4)
    with django_capture_on_commit_callbacks(execute=True):
        response = player_client.post(
            reverse("cgg_diligence", args=[cgg_campaign.pk]),
            {"character": explorer.pk, "diligence": "analysis", "purpose": "Repair"},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    assert sent == [cgg_campaign.pk]


def test_spending_leverage_sends_the_panel(
    player_client, cgg_campaign, player, script_dice, sent, django_capture_on_commit_callbacks
):
    mara = explorer_with(cgg_campaign, player, "2d+2")
    script_dice(*[1] * 8)
    with django_capture_on_commit_callbacks(execute=True):
        roll_with(player_client, cgg_campaign, mara, leverage="0", leverage_cost="die")
    assert cgg_campaign.pk in sent
