"""The new-campaign form brings the chosen system's settings (issue 23), even when
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
