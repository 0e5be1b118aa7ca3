"""A server restart mid-session: the server is killed while a GM and
a player have the table open. Nothing that was rolled is lost, both tables say they
are reconnecting, come back live by themselves when the server is back, and a roll
made after it reaches the other table once."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import join, roll, start_campaign

pytestmark = pytest.mark.browser


def test_the_table_survives_a_server_restart(browser, own_server):
    gm, invite, table_url = start_campaign(browser, own_server.url, "rhea", "Restart", "Zener Gate")
    player = join(browser, invite, "ravi")
    expect(gm.locator("#live-status")).to_have_text("live")
    roll(player, "3d6", "before-the-crash")
    expect(gm.locator("#log")).to_contain_text("before-the-crash")
    # The player's own answer is in too (its button is released, the form holds the answer's fresh one-time
    # token): the GM's row comes over the socket as the roll commits, and a crash before the answer leaves the
    # form with its used token, whose next post is refused as "That was already sent." (CI, once).
    expect(player.locator("#roll-form button[type=submit]")).to_be_enabled()

    own_server.stop(kill=True)  # a crash, not a clean shutdown
    for page in (gm, player):
        expect(page.locator("#live-status")).to_have_text("reconnecting…")
    own_server.start()
    for page in (gm, player):
        expect(page.locator("#live-status")).to_have_text("live", timeout=40_000)  # htmx retries with backoff

    roll(player, "2d6", "after-the-restart")
    for page in (gm, player):
        expect(page.locator("#log .roll", has_text="after-the-restart")).to_have_count(1)
        expect(page.locator("#log .roll", has_text="before-the-crash")).to_have_count(1)
    gm.reload()
    expect(gm.locator("#log .roll")).to_have_count(2)  # both kept by the database
    assert gm.url == table_url + "?tab=table"  # the reload keeps the GM on the tab they chose (in the address)
