"""d100 on the GM's screen, in the browser: the GM moves a character's Peril in place on
the Characters tab and the player's card follows live; on the d100 tab the GM rolls a secret test
and reveals it from the Secrets block, and the player sees only the reveal."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, join, make_character, start_campaign

pytestmark = pytest.mark.browser


def test_the_gm_changes_peril_and_reveals_a_secret_test_in_place(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "peril_gm", "Perilous roads", "d100 skill tests")
    ilse = join(browser, invite, "ilse_player")
    make_character(ilse, "Ilse")
    card = ilse.locator(".d100-glance").last
    expect(card).to_contain_text("Unhindered")

    gm.goto(table + "?tab=characters")
    sheet = gm.locator(".sheet-glance", has_text="Ilse")
    sheet.get_by_role("button", name="Ilse's Peril one step worse").click()
    expect(sheet.locator(".glance")).to_contain_text("Imperiled")
    expect(card).to_contain_text("Imperiled")  # live, without a reload
    sheet = gm.locator(".sheet-glance", has_text="Ilse")
    sheet.locator("select[name=peril]").select_option(label="Incapacitated")
    sheet.get_by_role("button", name="Set Peril").click()
    expect(sheet.locator(".glance")).to_contain_text("Incapacitated")
    expect(card).to_contain_text("Incapacitated")
    assert gm.url.endswith("?tab=characters")  # the GM stayed on the tab

    gm.locator("#tab-system").click()
    secret = gm.locator("#d100-secret-form")
    secret.locator("[name=attribute]").select_option("Agility")
    secret.locator("[name=label]").fill("Hears the wolves")
    secret.get_by_role("button", name="Roll the secret test").click()
    recent = gm.locator(".d100-secret-tests li").first
    expect(recent).to_contain_text("Hears the wolves")
    assert "Hears the wolves" not in ilse.content()
    recent.get_by_role("button", name="Reveal to the table").click()
    confirm(gm)  # publishing a secret asks first (static/fivefold/confirm.js)
    expect(gm.locator(".d100-secret-tests li").first).to_contain_text("revealed")
    expect(ilse.locator("#log .roll").first).to_contain_text("revealed by the GM")
    expect(gm.locator("#tab-system-panel")).to_be_visible()  # the GM never left the tab
