"""The Exec's card of a Centaurus Gate roll waiting for gear, in the browser: its odds are the roll's with
the gear the player asked for, beside those with none, and follow each gear the Exec unticks or ticks
again before "Confirm gear and roll" (campaigns/systems/cgg/kind.py gear_odds; /rules/#cgg-gear-confirmed)."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_the_exec_sees_the_odds_with_the_gear_asked_as_they_untick_it(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "gearexec", "Gear odds", "Centaurus Gate")
    mara = join(browser, invite, "gearmara")
    make_character(
        mara,
        "Mara Gear",
        {
            "#id_dexterity": "4d",
            "#id_roles-0-text": "Pilot",
            "#id_gear-0-name": "Armour jacket",
            "#id_gear-0-code": "3d",
        },
    )
    open_more(mara)  # the system's panel: the "More rolls" tab
    expect(mara.locator("#cgg-panel")).to_contain_text("Mara Gear: 12/12 hours")

    gm.set_viewport_size({"width": 360, "height": 800})
    gm.goto(table + "?tab=system")
    expect(gm.locator("#live-status")).to_have_text("live")
    errors = {"gm": console_errors(gm), "mara": console_errors(mara)}
    gm.select_option("#cgg-call-form [name=character]", label="Mara Gear")
    gm.select_option("#cgg-call-form [name=attribute]", "dexterity")
    gm.select_option("#cgg-call-form [name=base_dice]", "5")
    expect(gm.locator("#cgg-odds")).to_contain_text("success")
    gm.click("#cgg-call-form button[type=submit]")

    card = mara.locator("#my-calls .call")
    card.locator("summary:has-text('Gear, assisting explorer')").click()
    card.get_by_label("Armour jacket 3d").check()
    card.locator("button:has-text('for risk')").click()
    expect(card).to_contain_text("Waiting for the Exec to confirm your gear (Armour jacket 3d)")

    gm.locator("#tab-table").click()
    exec_card = gm.locator("#gm-calls .call")
    odds = exec_card.locator("output")
    # 4d with the jacket 3d: 5d for risk, 4 success dice (the risk roll only, by default).
    expect(odds).to_contain_text("With Armour jacket 3d (risk 5d): success")
    expect(exec_card).to_contain_text("With no gear (risk 4d): success")
    with_gear = odds.inner_text()
    exec_card.get_by_label("Armour jacket 3d").uncheck()
    expect(odds).to_contain_text("With no gear (risk 4d): success")
    assert odds.inner_text() != with_gear
    exec_card.get_by_label("Armour jacket 3d").check()
    expect(odds).to_have_text(with_gear)
    exec_card.locator("button:has-text('Confirm gear and roll')").click()
    expect(mara.locator("#my-calls .call, #log .roll").first).to_contain_text("Armour jacket 3d")
    assert "With no gear" not in mara.content()  # the Exec's odds are the Exec's alone
    assert errors == {"gm": [], "mara": []}
