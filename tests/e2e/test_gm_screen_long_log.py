"""A play-test (a Zener Gate evening): after some twenty rolls the GM's Table tab was 2,800 px
tall at 1280x800, though the log scrolls in its own column: each row's sentence for screen readers
(positioned out of view) escaped the column's scrolling and stretched the page."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import start_campaign

pytestmark = pytest.mark.browser


def test_a_long_log_keeps_the_gms_table_tab_within_two_screens(browser, server_url):
    gm, _invite, table = start_campaign(browser, server_url, "ptb_long_log_gm", "Long log", "Zener Gate")
    gm.set_viewport_size({"width": 1280, "height": 800})
    gm.goto(table + "?tab=table")
    rows = gm.locator("#log .roll")
    for count in range(1, 25):
        gm.fill("#roll-form [name=notation]", "3d6")
        gm.click("#roll-form button[type=submit]")
        expect(rows).to_have_count(count)
    gm.reload()
    expect(rows.first).to_be_visible()
    assert gm.evaluate("document.documentElement.scrollHeight") <= 1600
    assert gm.evaluate("document.documentElement.scrollWidth") <= 1280
