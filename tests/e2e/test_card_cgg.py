"""The explorer's card in the browser (issue 22): on the Centaurus Gate demo table, player1 sees
at least six "Roll …" buttons, and one click rolls the code at once: one new row in the log,
its dice drawn as chips and its total as a badge."""

import re

import pytest
from playwright.sync_api import expect

from characters.management.commands.demo import PASSWORD

pytestmark = pytest.mark.browser


def test_one_click_on_the_explorer_card_rolls_at_once(browser, demo_server):
    page = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
    page.goto(f"{demo_server.url}/accounts/login/")
    page.fill("#id_username", "player1")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.click("text=Demo: Centaurus Gate")
    expect(page.locator("#live-status")).to_have_text("live")

    buttons = page.get_by_role("button", name=re.compile("^Roll "))
    names = {buttons.nth(index).inner_text().split("\n")[0] for index in range(buttons.count())}
    assert len(names) >= 6, names
    rows = page.locator("#log [data-roll-id]")
    before = rows.count()
    # Technical: the demo's open call is for Dexterity, which its button answers (Venture waits for the Wrench).
    page.get_by_role("button", name=re.compile("^Roll Technical")).click()
    expect(rows).to_have_count(before + 1, timeout=3000)
    row = rows.first
    expect(row).to_contain_text("Mara Vell rolled Technical 3d")
    assert row.locator(".die").count() == 3  # 3d: three dice drawn
    expect(row.locator(".outcome")).to_contain_text(re.compile(r"Total \d+"))
    expect(page.locator(".card-said")).to_contain_text("Rolled Technical.")
