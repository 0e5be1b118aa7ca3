"""Tribute Alpha in the browser: a player's test with Profit assigned to a
feature, and an opposed test the GM calls against an NPC."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, fill_in, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_tribute_tests_with_profit_and_an_opposed_test(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "tribute_gm", "Tribute night", "Tribute Alpha")

    vera = join(browser, invite, "vera_player")
    make_character(
        vera,
        "Vera",
        {
            "[name=attribute__Might]": "1",
            "#id_effects-0-name": "Punch",  # an effect row
            "#id_effects-0-rank": "2",
            "#id_effects-0-features": "damage 2, range 1",
            "#id_effects-0-bonuses": "knockback",
        },
    )
    open_more(vera)  # the system's panel: the "More rolls" tab
    expect(vera.locator("#tribute-panel")).to_be_visible()
    # The page's scripts have run (the socket is open): the +/- buttons step the field from there on. CI
    # once clicked one while the page was still coming in, and that click did nothing.
    expect(vera.locator("#live-status")).to_have_text("live")

    form = vera.locator("#tribute-test-form")
    form.locator("[name=attribute]").select_option("Might")
    for _ in range(5):
        form.locator("button[data-step='1'][data-for='testform-focus']").click()
    expect(form.locator("[name=focus]")).to_have_value("6")
    form.locator(".more-fields > summary").click()  # the effect is folded with the label
    form.locator("[name=effect]").select_option("Punch")
    form.locator("[name=opposition]").fill("-50")
    expect(vera.locator("#tribute-odds")).to_contain_text("Win 100%")

    errors = console_errors(vera)  # a finished assignment logged htmx:oobErrorNoTarget #call-N
    card = vera.locator("#my-calls .call")
    rows = vera.locator("#log .roll")
    for attempt in range(10):
        form.locator("button:has-text('Roll the test')").click()
        # Either the assignment card comes (Profit to assign) or the test is posted at once.
        expect(card.or_(rows.nth(attempt))).to_be_visible()
        if card.count():
            break
    else:
        pytest.fail("no Profit in 10 tests of 6 FOCUS dice against 1 BURDEN die")
    expect(card).to_contain_text("Win")
    card.locator("[name=profit__damage]").fill("1")
    card.locator("button:has-text('Post the final ranks')").click()
    expect(vera.locator("#log .roll").first).to_contain_text("Final ranks: damage 3, range 1")
    vera.wait_for_timeout(300)  # the live messages of the post
    assert errors == []

    gm.goto(table + "?tab=table")  # the GM's log is on the Table tab
    expect(gm.locator("#log .roll").first).to_contain_text("Final ranks: damage 3, range 1")
    gm.locator("#tab-system").click()  # the GM's screen: the opposed test is on the system's tab
    opposed = gm.locator("#tribute-opposed-form")
    fill_in(opposed, {"[name=character]": "Vera", "[name=attribute]": "Might", "[name=opponent_name]": "Ogre"})
    opposed.locator("[name=opponent_rank]").fill("2")
    opposed.locator("button[type=submit]").click()

    card = vera.locator("#my-calls .call")
    expect(card).to_contain_text("against Ogre")
    card.locator("button:has-text('Roll')").click()
    for page in (vera, gm):
        row = page.locator("#log .roll").first
        expect(row).to_contain_text("Ogre")
        expect(row).to_contain_text(re.compile(r"Win|Match|Fail"))
