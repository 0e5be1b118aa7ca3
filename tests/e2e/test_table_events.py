"""Table events in the log: the story of the evening reaches every open table live."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, start_campaign

pytestmark = pytest.mark.browser


def test_a_session_start_and_its_refill_show_live_on_a_players_table(browser, server_url):
    gm, invite, _table = start_campaign(browser, server_url, "gerd", "Evening", "d100 skill tests")
    expect(gm.locator("#live-status")).to_have_text("live")
    player = join(browser, invite, "pim")
    # The GM's open table hears of the player joining, without a reload.
    expect(gm.locator("#log .table-event")).to_contain_text("pim joined the table", timeout=5_000)
    player.evaluate("window.notReloaded = true")
    errors = console_errors(player)

    gm.locator("#tab-session").click()  # the GM's screen: the session is on its own tab, no reload
    gm.click("button:has-text('Start a session')")

    expect(player.locator("#log .session-mark")).to_contain_text("Session 1 started", timeout=5_000)
    fortune = player.locator("#log .table-event", has_text="The Fortune pool")
    expect(fortune).to_have_count(1, timeout=5_000)
    # The GM's session form offers players + 1, drawn again when pim joined: 2.
    expect(fortune).to_contain_text("The Fortune pool 0 → 2 (Session start)")
    assert fortune.get_attribute("data-event-id")
    assert player.evaluate("window.notReloaded") is True
    # Only the table's lines: the player filters them out and in again.
    player.select_option("form.log-filters select[name=show]", label="Rolls only")
    expect(player.locator("#log-filtered .table-event")).to_have_count(0)
    player.select_option("form.log-filters select[name=show]", label="Table events only")
    # The join, the Fortune refill, and the Misfortune pool's commitment (its digest alone).
    expect(player.locator("#log-filtered .table-event")).to_have_count(3)
    expect(player.locator("#log-filtered .commitment-event")).to_contain_text("committed to the Misfortune pool")
    assert errors == []
