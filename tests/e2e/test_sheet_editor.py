"""The structured sheet editor in the browser: a player adds a skill row without a reload, is told
of a bad rank as they type, saves, and sees the skill back; at 360 px the rows fit the screen."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, start_campaign

pytestmark = pytest.mark.browser


def test_a_player_adds_a_skill_row_and_saves_it(browser, server_url):
    _gm, invite, _table = start_campaign(browser, server_url, "sheet_gm", "Rows and rows", "d100 skill tests")
    ulf = join(browser, invite, "rows_player")
    errors = console_errors(ulf)
    ulf.set_viewport_size({"width": 360, "height": 800})
    # "Add a row" works once the page's deferred script has run: on a busy machine the form is there before it.
    with ulf.expect_navigation(wait_until="domcontentloaded"):
        ulf.click("text=New character")
    ulf.fill("#id_name", "Ulf")
    skills = ulf.locator("#rows-skills .sheet-row")
    expect(skills).to_have_count(1)  # a blank row to fill
    ulf.fill("#id_skills-0-name", "Stealth")
    ulf.select_option("#id_skills-0-attribute", "Agility")
    ulf.fill("#id_skills-0-ranks", "2")
    ulf.click("button:has-text('Add a row')")
    expect(skills).to_have_count(2)
    expect(ulf.locator("#id_skills-1-name")).to_be_focused()
    expect(ulf.locator("#id_skills-TOTAL_FORMS")).to_have_value("2")
    ulf.fill("#id_skills-1-name", "Search")
    ulf.select_option("#id_skills-1-attribute", "Perception")
    ulf.fill("#id_skills-1-ranks", "7")
    ulf.locator("#id_skills-1-ranks").dispatch_event("change")  # checked as typed: the message comes beside it
    expect(ulf.locator("#id_skills-1-ranks-live")).to_contain_text("less than or equal to 3")
    expect(ulf.locator("#id_skills-1-name")).to_have_value("Search")  # what was typed stays
    assert ulf.evaluate("document.documentElement.scrollWidth") <= 360
    ulf.fill("#id_skills-1-ranks", "1")
    ulf.locator("#id_skills-1-ranks").dispatch_event("change")
    expect(ulf.locator("#id_skills-1-ranks-live")).to_be_empty()
    ulf.click("button:has-text('Save')")
    expect(ulf.locator(".messages")).to_contain_text("Ulf is ready to roll.")

    edit = ulf.locator("a[href*='/characters/']:not([href$='/new/'])", has_text="Ulf")
    edit.first.click()
    expect(ulf.locator("#id_skills-0-name")).to_have_value("Stealth")
    expect(ulf.locator("#id_skills-1-name")).to_have_value("Search")
    expect(ulf.locator("#id_skills-1-ranks")).to_have_value("1")
    assert ulf.evaluate("document.documentElement.scrollWidth") <= 360
    ulf.check("#id_skills-0-DELETE")
    ulf.click("button:has-text('Save')")
    expect(ulf.locator(".messages")).to_contain_text("sheet is saved")
    edit.first.click()
    expect(ulf.locator("#id_skills-0-name")).to_have_value("Search")
    assert errors == []
