"""A tab clicked while the page still fetches its scripts: on a slow connection the tabs' script (table.js)
has run and htmx has not yet read the page (it does at DOMContentLoaded, after every deferred script). The
tab must still come, not stay at its "Open …" link; a loaded test machine once left the GM's Table tab so."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import start_campaign

pytestmark = pytest.mark.browser


def test_a_tab_clicked_before_the_page_has_its_scripts_comes(browser, server_url):
    gm, _invite, table = start_campaign(browser, server_url, "slow_gm", "Slow line", "Zener Gate")
    held = []  # a later deferred script, held back: the page stays between table.js and DOMContentLoaded
    gm.route("**/fivefold/forms.js*", lambda route: held.append(route))
    gm.goto(table + "?tab=session", wait_until="commit")
    gm.wait_for_function("() => window.fivefoldChooseTab")  # table.js has run
    gm.locator("#tab-table").click()
    assert held  # DOMContentLoaded waits on it
    for route in held:
        route.continue_()
    expect(gm.locator("#tab-table-panel:not([data-lazy])")).to_be_visible()
    expect(gm.locator("#tab-table-panel #call-title")).to_have_text("Call for a roll")
