"""The GM's screen and the player's table as the server draws them: the tab in
`?tab=` is the one shown and the only one drawn, the others are empty and fetched when opened (so a
reload or a link keeps the tab, with or without script); the GM's buttons come back to the tab they
were on."""

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


@pytest.mark.parametrize(
    ("asked", "shown"), [("", "play"), ("more", "more"), ("people", "people"), ("session", "play")]
)
def test_a_players_table_has_its_own_tabs_and_never_the_gms(player_client, campaign, asked, shown):
    page = player_client.get(reverse("table", args=[campaign.pk]), {"tab": asked} if asked else {}).content.decode()
    assert shown_panels(page) == [f"tab-{shown}-panel"]
    assert re.findall(r'data-tab="(\w+)"', page) == ["play", "more", "people", "handouts"]
    assert 'id="invite-url"' not in page
    assert 'id="log-title"' in page  # the log and what waits now are beside every tab
    assert 'id="my-calls"' in page


@pytest.mark.parametrize(
    ("client_name", "tab", "drawn", "not_drawn"),
    [
        ("player_client", "play", 'id="character-region"', ('id="roll-form"', 'id="people-title"')),
        ("player_client", "more", 'id="roll-form"', ('id="character-region"', 'id="people-title"')),
        ("player_client", "people", 'id="people-title"', ('id="roll-form"', 'id="character-region"')),
        ("gm_client", "table", 'id="call-title"', ('id="invite-url"', 'id="people-title"')),
        ("gm_client", "session", 'id="invite-url"', ('id="call-title"', 'id="log-title"')),
    ],
)
def test_only_the_chosen_tab_is_drawn_and_another_comes_alone_when_opened(
    request, campaign, client_name, tab, drawn, not_drawn
):
    client = request.getfixturevalue(client_name)
    url = reverse("table", args=[campaign.pk])
    page = client.get(url, {"tab": tab}).content.decode()
    assert drawn in page
    for part in not_drawn:
        assert part not in page, part
    others = re.findall(r'id="tab-(\w+)-panel"[^>]*hidden data-lazy\s+hx-get="([^"]+)"', page)
    assert others
    assert all(got == f"{url}?tab={key}" for key, got in others), others
    # Opened (table.js triggers its hx-get): the tab's part alone, drawn as it is now.
    key = others[0][0]
    part = client.get(url, {"tab": key}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=f"tab-{key}-panel").content.decode()
    assert "<html" not in part
    assert 'role="tablist"' not in part
    assert part.strip(), key


def test_the_session_tab_holds_the_invite_the_players_and_the_session(gm_client, campaign):
    page = gm_client.get(reverse("table", args=[campaign.pk]), {"tab": "session"}).content.decode()
    session = page[page.index('id="tab-session-panel"') :]
    for part in ('id="invite-url"', 'id="people-title"', 'id="session-controls"'):
        assert part in session, part


def test_a_new_campaign_opens_on_the_tab_that_holds_the_invite_link(gm_client):
    response = gm_client.post(reverse("campaign_new"), {"name": "Fresh", "system": "coin"}, follow=True)
    page = response.content.decode()
    assert "Send your players the invite link" in page
    assert shown_panels(page) == ["tab-session-panel"]
    assert 'id="invite-url"' in page


def test_the_gms_buttons_come_back_to_the_session_tab(gm_client, campaign, player):
    table = reverse("table", args=[campaign.pk])
    response = gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "never"})
    assert response.url == f"{table}?tab=session"
    membership = Membership.objects.get(campaign=campaign, user=player)
    response = gm_client.post(reverse("player_remove", args=[campaign.pk, membership.pk]))
    assert response.url == f"{table}?tab=session"
    response = gm_client.post(reverse("session_start", args=[campaign.pk]))
    assert response.url == f"{table}?tab=session"
