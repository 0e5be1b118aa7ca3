"""A play-test (One-Roll Engine evening): the GM archived the campaign while a player's table
was open, and that table went on offering its roll buttons (each answered "archived" on a click)
until a reload; brought back, it still said "Archived" until a reload."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import join, make_character, start_campaign

pytestmark = pytest.mark.browser


def test_an_open_table_turns_read_only_when_archived_and_back_when_brought_back(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "ptb_archive_gm", "Archive live", "One-Roll Engine")
    player = join(browser, invite, "ptb_archive_ivy")
    make_character(player, "Ivy", start="Create your character")
    roll = player.locator(".character-card button:has-text('Roll Body')")
    expect(roll).to_be_enabled()

    gm.goto(table + "campaign/")
    gm.click("button:has-text('Archive the campaign')")
    expect(player.locator("#archived-notice")).to_be_visible()  # no reload
    expect(player.locator("#archived-notice")).to_contain_text("read-only")
    expect(roll).to_be_disabled()
    expect(player.locator("form.log-filters button").first).to_be_enabled()  # reading goes on

    gm.click("button:has-text('Bring')")
    expect(player.locator("#archived-notice")).to_be_hidden()
    expect(roll).to_be_enabled()
    roll.click()
    expect(player.locator("#log .roll").first).to_contain_text("Ivy")
