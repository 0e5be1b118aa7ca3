"""The table page's parts are kept drawn until the campaign changes (campaigns.table.parts,
campaigns.table.state): a page loaded again is served from what was kept, every kind of write draws
the parts anew on the next load, and a part is never served to another audience."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Membership, RollCall
from campaigns.systems.d100 import actions as d100
from campaigns.table import actions, ledger, tabs
from characters.models import Character

pytestmark = pytest.mark.django_db

# The session, the user and the campaign (with its GM): the rest, its sessions and seats too, is kept.
KEPT_PAGE_QUERIES = 3


@pytest.fixture
def table(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Kept", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    Character.objects.create(campaign=campaign, owner=player, name="Pia", sheet=_sheet(campaign))
    Character.objects.create(campaign=campaign, owner=other_player, name="Ole", sheet=_sheet(campaign))
    return campaign


def _sheet(campaign) -> dict:
    return campaign.adapter.rules.validate_sheet(campaign.adapter.demo_sheet, campaign.settings)


def page(client, campaign, tab="") -> str:
    response = client.get(reverse("table", args=[campaign.pk]) + (f"?tab={tab}" if tab else ""))
    assert response.status_code == 200
    return response.content.decode()


def queries(client, campaign, tab="") -> int:
    with CaptureQueriesContext(connection) as context:
        page(client, campaign, tab)
    return len(context.captured_queries)


@pytest.mark.parametrize(("viewer", "tab"), [("gm", "table"), ("gm", "system"), ("player", "play"), ("player", "more")])
def test_a_page_loaded_again_is_served_from_its_kept_parts(table, gm_client, player_client, viewer, tab):
    client = gm_client if viewer == "gm" else player_client
    drawn = queries(client, table, tab)
    assert queries(client, table, tab) <= KEPT_PAGE_QUERIES < drawn


def test_each_page_gets_its_own_form_tokens(table, player_client):
    first, second = page(player_client, table, "more"), page(player_client, table, "more")
    tokens = re.compile(r'name="form_token" value="([^"]+)"')
    assert tokens.findall(first)
    assert set(tokens.findall(first)).isdisjoint(tokens.findall(second))
    assert 'name="csrfmiddlewaretoken"' in second  # the forms post without JavaScript too
    assert "<!--form-tokens-->" not in second


def _roll(campaign, gm, player):
    actions.roll_notation(campaign, player, notation="1d6", label="kept-roll-label")
    return "kept-roll-label"


def _spend(campaign, gm, player):
    ledger.refill(d100.pool(campaign, d100.FORTUNE), 3, actor=gm, reason="kept-spend-reason")
    return "kept-spend-reason"


def _sheet_save(campaign, gm, player):
    hero = campaign.characters.get(name="Pia")
    hero.name = "Pia the Bold"
    hero.save()
    return "Pia the Bold"


def _gm_edit(campaign, gm, player):
    campaign.settings = {**campaign.settings, "show_misfortune": True}
    campaign.save()
    return "Misfortune pool: 0"  # on the players' panel, now the setting shows it


def _session_start(campaign, gm, player):
    actions.start_session(campaign, gm, **_session_inputs(campaign))
    return "Session 1 started"


def _session_end(campaign, gm, player):
    actions.start_session(campaign, gm, **_session_inputs(campaign))
    actions.end_session(campaign, gm)
    return "Session 1 ended"


def _character_comes(campaign, gm, player):
    Character.objects.create(campaign=campaign, owner=player, name="Newcomer Nym", sheet=_sheet(campaign))
    return "Newcomer Nym"


def _player_joins(campaign, gm, player):
    newcomer = type(player).objects.create_user(username="newcomer-nadia", password="unused-pass-1")
    actions.join_campaign(newcomer, campaign)
    return "newcomer-nadia"


def _player_renamed(campaign, gm, player):
    other = campaign.memberships.exclude(user=player).get().user  # not the viewer, whose name is their request's
    other.username = "renamed-rosa"
    other.save()
    return "<li>renamed-rosa "  # in the seats, not only beside the character (read each time)


def _call(campaign, gm, player):
    _call_pia(campaign, "kept-call")
    return "kept-call"


def _call_pia(campaign, label: str) -> RollCall:
    pia = campaign.characters.get(name="Pia")
    return actions.call_for_roll(campaign, character=pia, notation="1d20", target=11, label=label)


def _session_inputs(campaign) -> dict:
    form = campaign.adapter.session_form(campaign, {"session-refill": 2})
    assert form.is_valid(), form.errors
    return form.cleaned_data


WRITES = {
    "a roll": (_roll, "player", "play"),
    "a spend": (_spend, "player", "more"),
    "a sheet save": (_sheet_save, "player", "play"),
    "a GM edit": (_gm_edit, "player", "more"),
    "a session start": (_session_start, "player", "play"),
    "a session end": (_session_end, "gm", "table"),
    "a character come": (_character_comes, "gm", "characters"),
    "a player joins": (_player_joins, "gm", "session"),
    "a player renamed": (_player_renamed, "player", "people"),
    "a call": (_call, "player", "play"),
}


@pytest.mark.parametrize("write", WRITES)
def test_every_kind_of_write_draws_the_kept_parts_anew(table, gm, player, gm_client, player_client, write):
    change, viewer, tab = WRITES[write]
    client = gm_client if viewer == "gm" else player_client
    page(client, table, tab)
    # Loaded again: kept. The people's and the session's tabs are drawn each time, from the kept seats.
    assert queries(client, table, tab) <= KEPT_PAGE_QUERIES + (0 if tab in tabs.KEPT else 3)
    shows = change(table, gm, player)
    assert shows in page(client, table, tab)


def test_a_character_gone_leaves_the_kept_page(table, gm_client):
    page(gm_client, table, "characters")
    assert "Ole" in page(gm_client, table, "characters")
    table.characters.get(name="Ole").delete()
    assert "Ole" not in page(gm_client, table, "characters")


def test_a_write_that_bypasses_the_signals_says_so(table, player_client):
    """`QuerySet.update()` sends no signal: the actions that use one move the number themselves."""
    call = _call_pia(table, "x1")
    assert "x1" in page(player_client, table, "play")
    actions.cancel_call(call)
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.CANCELLED
    assert 'id="call-' not in page(player_client, table, "play")


def test_a_part_is_never_served_to_another_audience(table, gm, player, gm_client, player_client, other_client):
    actions.roll_notation(table, gm, notation="1d6", label="zqx-gm-secret", secret=True)
    card = f'id="call-{_call_pia(table, "for-pia-only").pk}"'  # the call's card: its player's alone
    gm_page = page(gm_client, table, "table")
    assert "zqx-gm-secret" in gm_page
    pia = page(player_client, table, "play")
    ole = page(other_client, table, "play")
    assert "zqx-gm-secret" not in pia
    assert "zqx-gm-secret" not in ole
    assert card in pia
    assert card not in ole
    # Loaded again, from what was kept: still each its own.
    assert card not in page(other_client, table, "play")
    assert "zqx-gm-secret" not in page(player_client, table, "play")
    assert "zqx-gm-secret" not in page(player_client, table, "more")


def test_without_the_cache_the_page_is_drawn_as_before(table, player_client, monkeypatch):
    from redis.exceptions import ConnectionError as RedisConnectionError

    def down(*args, **kwargs):
        raise RedisConnectionError("cache down")

    for name in ("get", "get_many", "set_many", "add", "incr"):
        monkeypatch.setattr(cache, name, down)
    assert "Pia" in page(player_client, table, "play")
    actions.roll_notation(table, table.gm, notation="1d6", label="while-down")
    assert "while-down" in page(player_client, table, "play")
