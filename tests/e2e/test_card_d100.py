"""The d100 character card in the browser (issue 22): the demo's player1 finds a button per skill,
attribute and special die, and one click puts exactly one test in the log, drawn as dice."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import PHONE, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


def test_one_click_on_the_card_rolls_one_test_drawn_as_dice(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["d100"])
    wait_live(player)
    buttons = player.get_by_role("button", name=re.compile("^Roll "))
    names = {buttons.nth(index).inner_text() for index in range(buttons.count())}
    assert len(names) >= 6, names
    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    player.get_by_role("button", name=re.compile("^Roll Stealth")).click()
    expect(rows).to_have_count(before + 1, timeout=3000)
    newest = rows.first
    expect(newest).to_contain_text("Stealth (Agility 45, 1 rank)")
    expect(newest).to_contain_text("Standard: 55%")
    expect(newest.locator(".die").first).to_be_visible()
    expect(newest.locator(".outcome")).to_have_count(1)
    expect(player.locator(".card-said")).to_contain_text("Rolled Stealth.")
    player.wait_for_timeout(500)  # the live row arrives too: still one new row, not two
    expect(rows).to_have_count(before + 1)


def test_the_options_leave_the_difficulty_to_the_gm(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["d100"])
    wait_live(player)
    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    player.locator(".card-options summary").click()
    player.locator(".card-options select[name=difficulty]").select_option("gm")
    player.get_by_role("button", name=re.compile("^Roll Agility")).click()
    expect(player.locator(".card-said")).to_contain_text("Agility: asked.")
    player.wait_for_timeout(500)
    expect(rows).to_have_count(before)
