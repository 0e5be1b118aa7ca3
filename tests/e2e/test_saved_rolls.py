"""Saved rolls in the browser, on a phone: the card comes first and the other forms are
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
    thumbs = player.locator(".thumb-nav")
    if player.locator("#my-calls .call").count():  # calls left by other tests: the phone opens on Now, a tap away
        expect(thumbs.get_by_role("link", name="Now", exact=True)).to_have_attribute("aria-current", "true")
        thumbs.get_by_role("link", name="Character", exact=True).click()
    expect(card).to_be_in_viewport()
    expect(player.locator("#roll-form")).to_have_count(0)  # the other forms are a tab away, not drawn
    expect(thumbs.get_by_role("link", name="Character", exact=True)).to_have_attribute("aria-current", "true")

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


def test_the_thumb_nav_brings_the_roll_form_when_asked(browser, demo_server):
    """The "More…" view fetches the tab that the page did not draw."""
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["tribute"])
    wait_live(player)
    expect(player.locator("#roll-form")).to_have_count(0)
    player.locator(".thumb-nav").get_by_role("link", name="More…", exact=True).click()
    expect(player.locator("#roll-form")).to_be_visible()
    expect(player.locator(".character-card").first).to_be_hidden()
