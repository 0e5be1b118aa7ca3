"""A table whose socket stayed up while a live update could not reach it (Redis restarted under the
server, campaigns.table.live) is told to catch up, and fetches the roll it missed before the next one comes."""

import re

import pytest
from playwright.sync_api import WebSocketRoute, expect

from campaigns.table.live import CATCH_UP
from tests.e2e.people import join, roll, start_campaign

pytestmark = pytest.mark.browser


def test_a_table_told_to_catch_up_gets_the_roll_its_socket_never_brought(browser, server_url):
    gm, invite, table_url = start_campaign(browser, server_url, "tolliver", "Told", "Tribute Alpha")
    sockets: list[WebSocketRoute] = []

    def lose_one_roll(socket: WebSocketRoute) -> None:
        """The GM's socket passes the server's messages on, all but the lost roll's."""
        server = socket.connect_to_server()
        server.on_message(lambda message: None if "lost-roll" in str(message) else socket.send(message))
        sockets.append(socket)

    gm.route_web_socket(re.compile(r"/ws/campaigns/"), lose_one_roll)
    gm.goto(table_url)
    expect(gm.locator("#live-status")).to_have_text("live")
    player = join(browser, invite, "tamsin")
    roll(player, "1d4", "seen-first")
    expect(gm.locator("#log .roll")).to_have_count(1)
    roll(player, "1d6", "lost-roll")
    expect(player.locator("#log .roll").first).to_contain_text("lost-roll")
    gm.wait_for_timeout(500)
    expect(gm.locator("#log .roll")).to_have_count(1)  # lost on the way; the socket is up all along

    sockets[-1].send(CATCH_UP)  # what the server says once it can send again
    expect(gm.locator("#log .roll").first).to_contain_text("lost-roll")
    roll(player, "1d8", "seen-after")
    expect(gm.locator("#log .roll").first).to_contain_text("seen-after")
    expect(gm.locator("#log .roll")).to_have_count(3)
    expect(gm.locator("#live-status")).to_have_text("live")
