"""Confirmations: a destructive or irreversible GM decision asks first, in a dialog
(static/fivefold/confirm.js); "Cancel" changes nothing, "yes" does it."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, join, start_campaign
from tests.e2e.test_accessibility import assert_accessible

pytestmark = pytest.mark.browser


def test_the_gm_is_asked_before_removing_a_player_ending_a_session_or_renewing_the_link(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "confirm_gm", "Careful night", "Tribute Alpha")
    player = join(browser, invite, "confirm_player")
    session_tab = table + "?tab=session"  # the GM screen's tab with the session, the players and the invite
    gm.goto(session_tab)
    dialog = gm.locator("dialog.confirm-dialog")

    gm.click("li:has-text('confirm_player') button:has-text('remove')")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Remove confirm_player from Careful night?")
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # Enter alone does not remove
    assert_accessible(gm, "the confirmation dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    gm.wait_for_timeout(300)
    expect(player.locator("#table-ended")).to_be_empty()
    gm.goto(session_tab)
    expect(gm.locator("ul.people li:has-text('confirm_player')")).to_have_count(1)

    gm.click("button:has-text('Start a session')")
    expect(gm.locator("#session-status")).to_contain_text("Session 1")
    gm.click("button:has-text('End session 1')")
    expect(dialog).to_contain_text("End session 1 for everyone at the table?")
    gm.keyboard.press("Escape")  # as Cancel
    expect(dialog).to_be_hidden()
    gm.wait_for_timeout(300)
    expect(player.locator("#session-status")).to_contain_text("Session 1")
    # Play-test: the next session's button ended this one without asking.
    gm.click("button:has-text('Start session 2 (ends this one)')")
    expect(dialog).to_contain_text("End session 1 and start session 2")
    dialog.get_by_role("button", name="Cancel").click()
    gm.wait_for_timeout(300)
    expect(player.locator("#session-status")).to_contain_text("Session 1")
    gm.click("button:has-text('End session 1')")
    confirm(gm)
    expect(player.locator("#session-status")).to_have_text("Between sessions")

    link = gm.input_value("#invite-url")
    gm.click("button:has-text('Make a new link')")
    expect(dialog).to_contain_text("The current one stops working")
    dialog.get_by_role("button", name="Cancel").click()
    gm.wait_for_timeout(300)
    gm.goto(session_tab)
    assert gm.input_value("#invite-url") == link
    gm.click("button:has-text('Make a new link')")
    confirm(gm)
    expect(gm.locator(".messages")).to_contain_text("New invite link made")
    expect(gm.locator("#live-status")).to_have_text("live")  # the page's scripts ran: a click now asks first
    assert gm.input_value("#invite-url") != link

    gm.goto(session_tab)
    gm.click("li:has-text('confirm_player') button:has-text('remove')")
    confirm(gm)
    expect(player.locator("#table-ended")).to_contain_text("You no longer play in Careful night.")
