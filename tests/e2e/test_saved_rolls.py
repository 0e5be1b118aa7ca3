"""Saved rolls in the browser, on a phone (issue 22): the card comes first and the other forms are
folded; a roll pressed with a name in "Save as a button" is kept on the card, and one click on it
rolls it again; its × removes it. Tribute Alpha's demo card (player1's Mara Vell)."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors
from tests.e2e.test_accessibility import PHONE, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


def test_a_roll_saved_on_the_card_rolls_again_in_one_click(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["tribute"])
    wait_live(player)
    errors = console_errors(player)
    card = player.locator(".character-card").first
    expect(card).to_be_in_viewport()
    expect(player.locator("details.more-rolls")).not_to_have_attribute("open", re.compile(".*"))
    expect(player.locator(".thumb-nav").get_by_role("link", name="Character", exact=True)).to_be_visible()

    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    card.locator("summary", has_text="Options for the next roll").click()
    card.get_by_label("Save as a button").fill("Heave")
    card.get_by_role("button", name=re.compile("^Roll Might")).click()
    expect(rows).to_have_count(before + 1)
    card = player.locator(".character-card").first  # the card came back with its new button
    expect(card.locator(".card-said")).to_contain_text("Saved as “Roll Heave”.")
    card.get_by_role("button", name="Roll Heave", exact=True).click()
    expect(rows).to_have_count(before + 2)
    expect(player.locator(".character-card .card-said").first).to_contain_text("Rolled “Heave” (Might).")

    player.locator(".character-card").first.get_by_role("button", name="Remove the saved roll Heave").click()
    expect(player.locator(".character-card").first.get_by_role("button", name="Roll Heave", exact=True)).to_have_count(
        0
    )
    assert rows.count() == before + 2
    assert errors == []


def test_the_thumb_nav_opens_the_folded_roll_form(browser, demo_server):
    """Chromium opens a <details> that a followed link points into: no script of our own needed."""
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["tribute"])
    wait_live(player)
    expect(player.locator("#roll-form")).not_to_be_visible()
    player.locator(".thumb-nav").get_by_role("link", name="Roll", exact=True).click()
    expect(player.locator("#roll-form")).to_be_visible()
