"""The Exec's quick edits on the Characters tab, in the browser: a condition given, hours
paid and the condition removed on the explorer's sheet at a glance, in place; the player's card and
Crisis Clocks follow live, on a phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_the_exec_edits_an_explorer_in_place_and_the_player_sees_it(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "quickexec", "Quick edits", "Centaurus Gate")
    mara = join(browser, invite, "quickmara")
    mara.set_viewport_size({"width": 360, "height": 800})
    make_character(
        mara,
        "Mara Quick",
        {
            "#id_roles-0-text": "Pilot",
        },
    )
    open_more(mara)  # the system's panel: the "More rolls" tab
    card = mara.locator(".character-card").first
    expect(card).to_contain_text("Mara Quick")

    gm.set_viewport_size({"width": 1280, "height": 800})
    gm.goto(table + "?tab=characters")
    expect(gm.locator("#live-status")).to_have_text("live")
    errors = {"gm": console_errors(gm), "mara": console_errors(mara)}
    sheet = gm.locator("#tab-characters-panel .sheet-glance", has_text="Mara Quick")
    sheet.get_by_label("Give a condition").select_option(label="Confused (PI1)")
    sheet.get_by_role("button", name="Give").click()
    expect(sheet).to_contain_text("Mara Quick has Confused (PI1).")
    expect(sheet.get_by_role("button", name="remove Confused")).to_be_visible()
    expect(card).to_contain_text("Confused")  # the player's card, live

    sheet.get_by_label("Crisis Clock").select_option("pay")
    sheet.get_by_label("Hours").fill("2")
    sheet.get_by_label("Why").fill("Idle!")
    sheet.get_by_role("button", name="Change").click()
    expect(sheet).to_contain_text("Mara Quick's clock: 10/12 hours.")
    expect(mara.locator("#cgg-panel")).to_contain_text("Mara Quick: 10/12 hours")
    expect(gm.locator("#tab-characters-panel")).to_be_visible()  # still on the Characters tab

    sheet.get_by_role("button", name="remove Confused").click()
    expect(sheet).to_contain_text("Mara Quick no longer has Confused.")
    expect(card).not_to_contain_text("Confused")
    expect(mara.locator("#log")).to_contain_text(re.compile(r"no longer has Confused"))
    assert errors == {"gm": [], "mara": []}
