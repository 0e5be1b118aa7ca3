"""Zener Gate's character card in the browser (issue 22): the demo's player1 finds a button per skill,
weapon and stat, and one click puts one check in the log, drawn as dice chips with an outcome badge."""

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


def test_one_click_on_the_card_adds_one_check_drawn_as_dice(browser, demo_server):
    player = log_in(browser, demo_server, "player1", DESKTOP)
    player.goto(demo_tables(player, demo_server)["zener"])
    wait_live(player)
    buttons = player.get_by_role("button", name=re.compile("^Roll "))
    names = {buttons.nth(i).inner_text().split("\n")[0] for i in range(buttons.count())}
    assert len(names) >= 6, names
    rows = player.locator("#log [data-roll-id]")
    before = rows.count()
    player.get_by_role("button", name=re.compile("^Roll Pilot ")).click()
    expect(rows).to_have_count(before + 1, timeout=3000)
    newest = rows.first
    expect(newest).to_contain_text("Pilot 3 + PRAC foundation 8")
    expect(newest.locator(".die")).to_have_count(3)
    expect(newest.locator(".outcome")).to_have_count(1)
    expect(player.locator(".card-said")).to_contain_text("Rolled Pilot.")


def test_the_card_and_its_options_pass_axe_at_phone_width(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["zener"])
    wait_live(player)
    player.locator(".card-options summary").click()
    expect(player.get_by_label("Target's Defense (attacks)")).to_be_visible()
    assert_accessible(player, "Zener card at 360 px")
    assert_no_sideways_scrolling(player, "Zener card")
