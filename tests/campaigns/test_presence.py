"""Who is at the table: every open table hears when a member opens or closes
theirs, and sessions starting and ending reach every table live."""

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.urls import reverse

from campaigns.table import actions, presence
from tests.campaigns.test_live import drain, open_table, receive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


async def here_now(socket) -> str:
    message = await socket.receive_from(timeout=2)
    assert 'id="online"' in message, message
    return message


async def test_every_table_hears_who_comes_and_goes(gm, player, campaign):
    gm_socket = await open_table(gm, campaign)
    assert "Here now: gwen_gm (GM)<" in await here_now(gm_socket)
    player_socket = await open_table(player, campaign)
    assert "Here now: gwen_gm (GM), paul_player<" in await here_now(gm_socket)
    assert "Here now: gwen_gm (GM), paul_player<" in await here_now(player_socket)

    second_tab = await open_table(player, campaign)
    assert await gm_socket.receive_nothing(timeout=0.2)  # a second tab: nobody new
    await second_tab.disconnect()
    assert await gm_socket.receive_nothing(timeout=0.2)  # one tab still open: still here
    await player_socket.disconnect()
    assert "Here now: gwen_gm (GM)<" in await here_now(gm_socket)
    await gm_socket.disconnect()
    assert await database_sync_to_async(presence.online)(campaign) == []


async def test_the_table_page_says_who_is_here(gm, player, campaign, player_client):
    player_socket = await open_table(player, campaign)
    await here_now(player_socket)
    gm_socket = await open_table(gm, campaign)
    await here_now(player_socket)  # the GM's arrival is counted
    html = (await database_sync_to_async(player_client.get)(reverse("table", args=[campaign.pk]))).content.decode()
    assert "Here now: gwen_gm (GM), paul_player<" in html
    await gm_socket.disconnect()
    await player_socket.disconnect()


async def test_an_outsider_is_never_counted(outsider, campaign):
    from tests.campaigns.test_live import refused_for_good

    await refused_for_good(outsider, f"/ws/campaigns/{campaign.pk}/")
    assert await database_sync_to_async(presence.online)(campaign) == []


async def test_a_session_start_and_end_reach_every_table(gm, player, campaign):
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)
    await drain(gm_socket)
    await drain(player_socket)
    await database_sync_to_async(actions.start_session)(campaign, gm)
    for socket in (gm_socket, player_socket):
        message = await receive(socket)
        assert "<strong>Session 1</strong>" in message
        assert 'hx-swap-oob="afterbegin:#log"' in message
        assert "Session 1 started" in message
    await database_sync_to_async(actions.end_session)(campaign, gm)
    message = await receive(player_socket)
    assert "Between sessions" in message
    assert "Session 1 ended" in message
    await gm_socket.disconnect()
    await player_socket.disconnect()


async def test_the_people_list_marks_each_player_here_or_away_in_words(gm, player, campaign, gm_client):
    """The GM sees who is connected, per person, not by colour alone; the live line
    carries the ids that static/fivefold/presence.js redraws the marks from."""
    table = reverse("table", args=[campaign.pk]) + "?tab=session"  # the people list is on the GM's Session tab
    html = (await database_sync_to_async(gm_client.get)(table)).content.decode()
    away = f'data-presence-of="{player.pk}" data-here="no"'
    assert away in html
    assert ">away</span>" in html
    player_socket = await open_table(player, campaign)
    live = await here_now(player_socket)
    assert f'data-here="{player.pk} "' in live
    html = (await database_sync_to_async(gm_client.get)(table)).content.decode()
    assert f'data-presence-of="{player.pk}" data-here="yes"' in html
    assert ">here now</span>" in html
    await player_socket.disconnect()
