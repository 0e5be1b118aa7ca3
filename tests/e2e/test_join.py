"""The edges of a campaign in the browser: a new player follows the invite link, signs
up on the way, lands on the table's "create your character" step and makes one; the GM sees them
come and go, each player marked "here now" or "away"; a member following the link again goes
straight to the table, not greeted as new."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, sign_up, start_campaign
from tests.e2e.test_accessibility import PHONE, assert_accessible, assert_no_sideways_scrolling

pytestmark = pytest.mark.browser


def test_a_new_player_is_led_from_the_invite_to_their_character_and_back_is_not_welcomed(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "edges_gm", "Edges night", "Tribute Alpha")

    nova = browser.new_context().new_page()
    errors = console_errors(nova)
    nova.goto(invite)
    nova.click("main >> text=sign up")
    sign_up(nova, "nova_player")
    nova.click("button:has-text('Join as a player')")
    step = nova.locator("#welcome-step")
    expect(step).to_contain_text("Welcome to Edges night, nova_player!")
    expect(nova.locator("#live-status")).to_have_text("live")
    assert_accessible(nova, "the new player's step")

    # The GM sees the new player here, then away while they make their character, live.
    gm.goto(table + "?tab=session")  # the people at the table, each marked, are on the Session & players tab
    mark = gm.locator("li:has-text('nova_player') .presence")
    expect(mark).to_have_attribute("data-here", "yes")
    expect(mark).to_contain_text("here now")
    step.get_by_role("link", name="Create your character").click()
    expect(mark).to_contain_text("away")
    expect(mark).to_have_attribute("data-here", "no")

    nova.fill("#id_name", "Nova")
    nova.click("button:has-text('Save')")
    expect(nova.locator(".character-card")).to_contain_text("Nova")
    expect(nova.locator("#welcome-step")).to_have_count(0)
    expect(mark).to_contain_text("here now")

    # Following the link again: straight to the table, no step and no welcome.
    nova.goto(invite)
    assert nova.url == table
    expect(nova.locator("#live-status")).to_have_text("live")
    expect(nova.locator("#welcome-step")).to_have_count(0)
    expect(nova.locator("main")).not_to_contain_text("Welcome")
    assert errors == []


def test_a_new_player_may_skip_the_step_and_is_not_asked_again(browser, server_url):
    _, invite, table = start_campaign(browser, server_url, "skip_gm", "Skip night", "Zener Gate")
    page = browser.new_context().new_page()
    page.goto(invite)
    page.click("main >> text=sign up")
    sign_up(page, "skip_player")
    page.click("button:has-text('Join as a player')")
    page.set_viewport_size(PHONE)
    assert_accessible(page, "the new player's step at 360 px")
    assert_no_sideways_scrolling(page, "the new player's step")
    page.get_by_role("link", name="Skip for now").click()
    assert page.url == table
    expect(page.locator("#live-status")).to_have_text("live")
    expect(page.locator("#welcome-step")).to_have_count(0)
    expect(page.locator("#no-card")).to_contain_text("You have no character at this table yet")
