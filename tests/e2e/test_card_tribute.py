"""Tribute Alpha's character card in the browser (issue 22): player1 on the demo table sees at least
six "Roll …" buttons, and one click adds exactly one row to the log, drawn as dice with a badge."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import DESKTOP, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


def test_one_click_on_the_card_adds_one_drawn_roll(browser, demo_server):
    player = log_in(browser, demo_server, "player1", DESKTOP)
    player.goto(demo_tables(player, demo_server)["tribute"])
    wait_live(player)
    buttons = player.get_by_role("button", name=re.compile("^Roll "))
    names = {re.sub(r"\s+", " ", name).strip() for name in buttons.all_inner_texts()}
    assert len(names) >= 6, names
    rows = player.locator("#log [data-roll-id]")
    before = set(rows.evaluate_all("rows => rows.map(row => row.dataset.rollId)"))
    player.get_by_role("button", name=re.compile("^Roll Might")).click()
    expect(rows).to_have_count(len(before) + 1, timeout=3000)
    player.wait_for_timeout(500)  # a second row (the live echo of the same roll) would show by now
    after = rows.evaluate_all("rows => rows.map(row => row.dataset.rollId)")
    assert len(after) == len(set(after)) == len(before) + 1
    new = player.locator(f"#log [data-roll-id='{(set(after) - before).pop()}']")
    expect(new.locator(".die").first).to_be_visible()
    expect(new.locator(".outcome").first).to_contain_text(re.compile(r"Win|Match|Fail"))
    expect(player.locator(".card-said")).to_contain_text("Rolled Might.")
