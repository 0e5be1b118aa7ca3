"""A live message draws the system's panel again (a new character joins, a setting changes) while
someone fills in one of its forms: what they typed, what they chose and where the focus was stay.
CI found a Tribute player's FOCUS dice set back to 1 under their clicks by another player's new
character (static/fivefold/table.js, "A live message may draw again…")."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser

# What each table gets again: a player the panel's shared lines, the GM the whole panel (its forms list the characters).
REDRAWN = {"vera": "#tribute-shared", "gm": "#tribute-panel"}


def new_character(page, name: str) -> None:
    make_character(page, name, start="Create your character")
    open_more(page)  # the system's panel: the "More rolls" tab
    expect(page.locator("#live-status")).to_have_text("live")


def test_a_redrawn_panel_keeps_what_the_player_and_the_gm_were_filling_in(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "keep_gm", "Keep input", "Tribute Alpha")
    vera = join(browser, invite, "keep_vera")
    new_character(vera, "Vera")
    gm.goto(table + "?tab=system")

    form = vera.locator("#tribute-test-form")
    for _ in range(3):
        form.locator("button[data-step='1'][data-for='testform-focus']").click()
    form.locator("[name=opposition]").fill("-50")  # the focus stays in this field
    opposed = gm.locator("#tribute-opposed-form")
    opposed.locator("[name=character]").select_option(label="Vera")
    opposed.locator("[name=opponent_name]").fill("Ogre")
    marked = {}
    for who, page in (("vera", vera), ("gm", gm)):
        page.evaluate("selector => document.querySelector(selector).dataset.before = 'yes'", REDRAWN[who])
        marked[who] = page.locator(REDRAWN[who] + "[data-before]")

    new_character(join(browser, invite, "keep_otto"), "Otto")  # the panel is drawn again for everyone

    for who in marked:
        expect(marked[who]).to_have_count(0)  # drawn again
    expect(form.locator("[name=focus]")).to_have_value("4")
    expect(form.locator("[name=opposition]")).to_have_value("-50")
    expect(form.locator("[name=opposition]")).to_be_focused()
    expect(opposed.locator("[name=character] option:checked")).to_have_text("Vera")
    expect(opposed.locator("[name=character]")).to_contain_text("Otto")  # the new character is offered
    expect(opposed.locator("[name=opponent_name]")).to_have_value("Ogre")
    expect(vera.locator("#tribute-odds")).to_contain_text("Win 100%")  # the odds follow the kept values
