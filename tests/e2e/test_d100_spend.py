"""A Fortune spend at the table: the answer is the pools alone, swapped in place; every open
table follows live (the socket's copy may land first: still no console error); the GM sees the
Misfortune it became; the button goes when the pool is empty."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, join, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_players_spend_fortune_and_every_table_follows(browser, server_url):
    gm, invite, _table = start_campaign(browser, server_url, "pool_gm24", "Pools", "d100 skill tests")
    ana, ben = join(browser, invite, "ana24"), join(browser, invite, "ben24")
    for page in (ana, ben):
        open_more(page)  # the pools and their spends: the system's panel, on the "More rolls" tab
    gm.click("#tab-session")
    gm.fill("#id_session-refill", "2")
    gm.click("button:has-text('Start a session')")
    gm.click("#tab-system")  # the GM's pools: fetched as they are now
    for page in (ana, ben):
        expect(page.locator("#d100-pools")).to_contain_text("Fortune pool: 2")
    errors = []  # the socket's pools can land before the answer's: its swap must still find its places
    ana.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    ana.click("button:has-text('Extra Action Point (1 Fortune)')")
    expect(ana.locator("dialog.confirm-dialog")).to_contain_text("Spend 1 Fortune for an extra Action Point?")
    confirm(ana)  # the app's own dialog, not the browser's
    for page in (ana, ben):
        expect(page.locator("#d100-pools")).to_contain_text("Fortune pool: 1")
    expect(gm.locator("#d100-pools")).to_contain_text("Misfortune pool: 1")
    expect(ben.locator("#d100-pools")).not_to_contain_text("Misfortune")  # the GM's pool stays the GM's
    ana.click("button:has-text('Extra Action Point (1 Fortune)')")
    confirm(ana)
    for page in (ana, ben):
        expect(page.locator("#d100-pools")).to_contain_text("Fortune pool: 0")
        expect(page.locator("button:has-text('Extra Action Point')")).to_have_count(0)
    expect(gm.locator("#d100-pools")).to_contain_text("Misfortune pool: 2")
    expect(ana.locator("#log")).to_contain_text("The Fortune pool 1 → 0 (An extra Action Point)")
    assert errors == []
