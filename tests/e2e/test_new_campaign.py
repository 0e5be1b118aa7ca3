"""The new-campaign form brings the chosen system's settings, even when
the system is chosen before the page's scripts have run (CI, stop 31: the change
event fired before htmx listened, and the settings never came)."""

import time

import pytest
from playwright.sync_api import Route, expect

from tests.e2e.people import sign_up

pytestmark = pytest.mark.browser


def test_a_system_chosen_before_htmx_has_loaded_still_brings_its_settings(browser, server_url):
    page = browser.new_context().new_page()
    page.goto(f"{server_url}/accounts/signup/")
    sign_up(page, "early")

    def late(route: Route) -> None:
        time.sleep(1.5)  # the choice below is made while htmx is still on its way
        route.continue_()

    page.route("**/htmx-2.min.js", late)
    page.goto(f"{server_url}/campaigns/new/", wait_until="commit")
    page.select_option("#id_system", label="Tribute Alpha")
    expect(page.locator("#id_tribute__die_size")).to_be_visible(timeout=10_000)
    page.select_option("#id_tribute__die_size", label="d10 Cinematic")


def test_the_new_campaign_page_loads_without_console_errors(browser, server_url):
    """htmx refused the old `load[…]` trigger filter (allowEval is off) on every load, with a console error."""
    page = browser.new_context().new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server_url}/accounts/signup/")
    sign_up(page, "quiet")
    page.goto(f"{server_url}/campaigns/new/")
    page.select_option("#id_system", label="Tribute Alpha")
    expect(page.locator("#id_tribute__die_size")).to_be_visible()
    page.reload()  # whatever system the browser shows chosen again, its settings are the ones shown
    chosen = page.locator("#id_system").input_value()
    expect(page.locator("#system-settings fieldset")).to_have_attribute("data-system", chosen)
    assert errors == []
