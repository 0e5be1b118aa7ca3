"""Zener Gate on the GM's screen: a folded step posted from the Zener Gate tab comes back in the tab
with its fold open, and a quick edit on the Characters tab reaches the player's card without a reload."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_the_gm_runs_a_step_and_a_quick_edit_in_place(browser, server_url):
    gm, invite, _ = start_campaign(browser, server_url, "zener_screen_gm", "Zener screen", "Zener Gate")
    player = join(browser, invite, "zener_screen_kai")
    make_character(player, "Kai")
    open_more(player)  # the system's panel: the "More rolls" tab
    expect(player.locator("#card-title, .character-card").first).to_contain_text("Kai")

    gm.goto(gm.url.split("?")[0] + "?tab=system")
    gm.locator("summary:has-text('Mark a missed action')").click()
    gm.locator("#zener-skip-form button").click()
    expect(gm.locator("#tab-system-panel #zener-panel")).to_be_visible()
    expect(gm.locator("#zener-skip-form")).to_be_visible()  # its fold came back open, in the tab
    assert gm.url.endswith("?tab=system")

    gm.locator("#tab-characters").click()
    sheet = gm.locator(".sheet-glance").filter(has_text="Kai")
    expect(sheet.locator("input[name$=-trauma]")).to_be_visible()
    # A save is drawn twice on the GM's screen: the post's answer, and the live copy sent to the GM's screens,
    # maybe after it. What is typed before the second would go with the form it replaces: count both in.
    gm.evaluate(
        """id => { let drawn = 0; new MutationObserver(records => { for (const record of records)
             for (const node of record.addedNodes)
               if (node.id === id && ++drawn >= 2) document.body.dataset.sheetTwice = "";
           }).observe(document.body, {childList: true, subtree: true}); }""",
        sheet.get_attribute("id"),
    )
    sheet.locator("input[name$=-trauma]").fill("6")
    sheet.locator("button:has-text('Save')").click()
    expect(sheet.locator(".zener-glance")).to_contain_text("34/40")
    expect(player.locator(".character-card .zener-glance")).to_contain_text("34/40")  # live, no reload
    expect(gm.locator("body[data-sheet-twice]")).to_have_count(1)  # the page's CSP allows no polled script
    sheet.locator("input[name$=-end_left]").fill("50")
    sheet.locator("button:has-text('Save')").click()
    expect(sheet.locator(".error")).to_contain_text("END left can be 0 to")
    expect(player.locator("#zener-karma")).to_contain_text("−6 trauma")
