"""The GM's screen (issue 23) as the server draws it: the tab in `?tab=` is the one shown, the
others are hidden (so a reload or a link keeps the tab, with or without script); a player's
table has no tabs; the GM's buttons come back to the tab they were on."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Membership

pytestmark = pytest.mark.django_db


def shown_panels(page: str) -> list[str]:
    """The ids of the tab panels drawn without `hidden`."""
    panels = re.findall(r'<section class="tab-panel[^"]*" role="tabpanel" id="([\w-]+)"[^>]*>', page)
    hidden = re.findall(r'<section class="tab-panel[^"]*" role="tabpanel" id="([\w-]+)"[^>]*hidden[^>]*>', page)
    return [panel for panel in panels if panel not in hidden]


def selected_tabs(page: str) -> list[str]:
    return re.findall(r'<a role="tab" id="tab-(\w+)"[^>]*aria-selected="true"', page.replace("\n", " "))


@pytest.mark.parametrize(
    ("asked", "shown"),
    [("", "table"), ("table", "table"), ("characters", "characters"), ("session", "session"), ("nonsense", "table")],
)
def test_the_tab_in_the_address_is_the_one_shown(gm_client, campaign, asked, shown):
    page = gm_client.get(reverse("table", args=[campaign.pk]), {"tab": asked} if asked else {}).content.decode()
    assert 'role="tablist"' in page
    assert shown_panels(page) == [f"tab-{shown}-panel"]
    assert selected_tabs(page) == [shown]


def test_a_player_has_no_tabs(player_client, campaign):
    page = player_client.get(reverse("table", args=[campaign.pk]), {"tab": "session"}).content.decode()
    assert 'role="tablist"' not in page
    assert 'role="tabpanel"' not in page
    assert 'id="roll-form"' in page


def test_the_session_tab_holds_the_invite_the_players_and_the_session(gm_client, campaign):
    page = gm_client.get(reverse("table", args=[campaign.pk])).content.decode()
    session = page[page.index('id="tab-session-panel"') :]
    for part in ('id="invite-url"', 'id="people-title"', 'id="session-controls"'):
        assert part in session, part


def test_the_gms_buttons_come_back_to_the_session_tab(gm_client, campaign, player):
    table = reverse("table", args=[campaign.pk])
    response = gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "never"})
    assert response.url == f"{table}?tab=session"
    membership = Membership.objects.get(campaign=campaign, user=player)
    response = gm_client.post(reverse("player_remove", args=[campaign.pk, membership.pk]))
    assert response.url == f"{table}?tab=session"
    response = gm_client.post(reverse("session_start", args=[campaign.pk]))
    assert response.url == f"{table}?tab=session"
