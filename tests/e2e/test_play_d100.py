"""The d100 system in the browser: a secret test the GM sets, and a Fortune re-roll."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_a_secret_test_and_a_fortune_reroll(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "d100_gm", "Grim and perilous", "d100 skill tests")

    ulf = join(browser, invite, "ulf_player")
    make_character(
        ulf,
        "Ulf",
        {
            "[name=attribute__Agility]": "10",  # low odds: failures come quickly
        },
    )
    open_more(ulf)  # the system's panel: the "More rolls" tab

    gm.goto(table + "?tab=session")  # the GM's screen: the session is on its own tab
    gm.click("button:has-text('Start a session')")
    gm.locator("#tab-table").click()
    expect(ulf.locator("#d100-pools")).to_contain_text("Fortune pool: 2")

    form = ulf.locator("#d100-test-form")
    form.locator("[name=attribute]").select_option("Agility")
    form.locator("[name=difficulty]").select_option("")
    form.locator("button:has-text('Roll the test')").click()
    gm_card = gm.locator("#gm-calls .call")
    expect(gm_card).to_contain_text("set the difficulty")
    gm_card.locator("select[name=difficulty]").select_option("hard")
    gm_card.locator("button:has-text('Set it and roll')").click()
    row = ulf.locator("#log .roll").first
    expect(row).to_contain_text(re.compile(r"the GM knows how it went|Critical"))
    assert "Hard:" not in ulf.content()
    expect(gm.locator("#log .roll").first).to_contain_text("Hard: -10%")

    form.locator("[name=difficulty]").select_option("standard")
    rows = ulf.locator("#log .roll")
    for attempt in range(6):
        form.locator("button:has-text('Roll the test')").click()
        expect(rows).to_have_count(attempt + 2)
        if "✘ Failure" in rows.first.inner_text():
            break
    else:
        pytest.fail("no plain failure in six tests at 10%")
    rows.first.scroll_into_view_if_needed()  # the row loads the roller's spends when it is seen
    rows.first.locator("button:has-text('Re-roll (1 Fortune)')").click()
    expect(ulf.locator("dialog.confirm-dialog")).to_contain_text("Spend 1 Fortune to re-roll this test?")
    confirm(ulf)  # the app's own dialog, not the browser's
    expect(rows.first).to_contain_text("Fortune re-roll of Ulf's Agility 10 test")
    expect(ulf.locator("#d100-pools")).to_contain_text("Fortune pool: 1")
    gm.locator("#tab-system").click()
    expect(gm.locator("#d100-pools")).to_contain_text("Misfortune pool: 1")
