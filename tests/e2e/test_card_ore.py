"""The One-Roll Engine's character card in the browser (issue 22): the demo's player1 finds a
"Roll …" button per stat and per skill, and one click puts one roll in the log, drawn as dice."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import (
    DESKTOP,
    PHONE,
    assert_accessible,
    assert_no_sideways_scrolling,
    demo_tables,
    log_in,
    wait_live,
)

pytestmark = pytest.mark.browser


def test_one_click_on_the_card_rolls_a_skill_into_the_log(browser, demo_server):
    player = log_in(browser, demo_server, "player1", DESKTOP)
    player.goto(demo_tables(player, demo_server)["ore"])
    wait_live(player)
    buttons = player.get_by_role("button", name=re.compile("^Roll "))
    names = {buttons.nth(i).inner_text() for i in range(buttons.count())}
    assert len(names) >= 6, names
    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    player.get_by_role("button", name=re.compile("^Roll Dodge")).click()
    expect(rows).to_have_count(before + 1, timeout=3000)
    row = rows.first
    expect(row).to_contain_text("Coordination + Dodge")
    expect(row.locator(".die").first).to_be_visible()
    expect(row.locator(".die-hard")).to_have_count(1)  # Dodge's hard die, a 10
    expect(row.locator(".outcome")).to_be_visible()
    expect(player.locator(".card-said")).to_contain_text("Rolled Dodge.")
    player.wait_for_timeout(500)  # the row also comes by the socket: still one
    expect(rows).to_have_count(before + 1)


def test_the_card_and_its_dice_at_phone_width(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["ore"])
    wait_live(player)
    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    player.get_by_role("button", name=re.compile("^Roll Perception")).click()  # its wiggle die set at once
    expect(rows).to_have_count(before + 1, timeout=3000)
    expect(rows.first.locator(".die-wiggle")).to_have_count(1)
    player.locator(".card-options summary").first.click()
    assert_accessible(player, "ORE table at 360 px with the card")
    assert_no_sideways_scrolling(player, "ORE table with the card")
