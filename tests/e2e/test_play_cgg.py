"""A Centaurus Gate scene in the browser: the Exec calls for an action with a
secret difficulty, the player rolls risk and uses the Wrench, the Exec uses
the Hammer, and the whole table sees the outcome, never the difficulty."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, console_errors, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser
SECRETS = ("base 9d", "risk target", "Rushed for time")


def test_a_centaurus_gate_scene(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "exec", "Centaurus", "Centaurus Gate")

    mara = join(browser, invite, "mara")
    make_character(
        mara,
        "Mara Vell",
        {
            "#id_dexterity": "10d",  # many dice (the most an attribute has): Venture comes often
            "#id_roles-0-text": "Pilot",  # a role row
        },
    )
    open_more(mara)  # the system's panel: the "More rolls" tab
    expect(mara.locator("#cgg-panel")).to_contain_text("Mara Vell: 12/12 hours")
    dax = join(browser, invite, "dax")

    gm.goto(table + "?tab=system")  # the GM's screen: the call for an action is on the system's tab
    expect(gm.locator("#live-status")).to_have_text("live")
    # Each finished call logged htmx:oobErrorNoTarget #call-N (its card already gone).
    errors = {"gm": console_errors(gm), "mara": console_errors(mara)}
    for _attempt in range(15):
        gm.locator("#tab-system").click()
        gm.select_option("#cgg-call-form [name=character]", label="Mara Vell")
        gm.select_option("#cgg-call-form [name=attribute]", "dexterity")
        gm.fill("#cgg-call-form [name=label]", "Leap the chasm")
        gm.select_option("#cgg-call-form [name=base_dice]", "9")
        gm.check("#cgg-call-form input[value=rushed]")
        gm.fill("#cgg-call-form [name=risk_bonus]", "7")
        expect(gm.locator("#cgg-odds")).to_contain_text("success")
        gm.click("#cgg-call-form button[type=submit]")

        card = mara.locator("#my-calls .call")
        expect(card).to_contain_text("The Exec calls for Dexterity (10d)")
        rows = mara.locator("#log .roll").count()
        card.locator("button[type=submit]").click()
        # No Venture: no Wrench to choose, so the roll is published at once and the card goes.
        published = mara.locator("#log .roll").nth(rows)
        expect(card.filter(has_text=re.compile(r"You rolled .* [1-9]\d* Venture")).or_(published).first).to_be_visible()
        if published.count():
            expect(card).to_have_count(0)
            continue
        venture = int(re.search(r"(\d+) Venture", card.inner_text())[1])
        if venture >= 2:
            break
        card.locator("button:has-text('No Wrench')").click()  # not enough Venture for both: finish this one
        if venture == 1:
            gm.locator("#tab-table").click()  # the waiting calls are on the Table tab
            gm.locator("#gm-calls button:has-text('Publish')").click()
            confirm(gm)
        expect(mara.locator("#my-calls .call")).to_have_count(0)
    else:
        pytest.fail("no roll of 10d made two Venture in 15 tries")

    card.locator("label:has-text('That was close!')").click()
    card.locator("button:has-text('Use the Wrench')").click()
    expect(card).to_contain_text("The Exec has")
    expect(mara.locator("#cgg-panel")).to_contain_text("Mara Vell: 11/12 hours")

    gm.locator("#tab-table").click()
    gm_card = gm.locator("#gm-calls .call")
    expect(gm_card).to_contain_text("risk target")
    gm_card.locator("label:has-text('Can\\'t do it!')").click()
    gm_card.locator("button:has-text('Publish')").click()
    confirm(gm)

    for page in (mara, dax, gm):
        row = page.locator("#log .roll").first
        expect(row).to_contain_text("Leap the chasm")
        expect(row).to_contain_text("Wrench: That was close!")
        expect(row).to_contain_text("Hammer: Can't do it!")
        expect(row).to_contain_text(re.compile(r"Failed|Barely"))  # Can't do it! adds a Failure
    expect(mara.locator("#cgg-panel")).to_contain_text("Mara Vell: 12/12 hours")
    expect(gm.locator("#log .roll").first).to_contain_text("risk target")
    assert errors == {"gm": [], "mara": []}
    for page in (mara, dax):
        html = page.content()
        for secret in SECRETS:
            assert secret not in html, secret
