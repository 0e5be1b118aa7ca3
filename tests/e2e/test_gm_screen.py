"""The GM's screen: on every demo table, as the GM at 1280x800, the page has a tablist
and each of its tabs is at most two screens tall; the tabs work with the keyboard alone and keep
the chosen tab in the address; axe-core is clean on every tab at phone and desktop width.

`make screenshots` writes each system's GM screen at 1280 px to docs/screenshots/<system>-gm.png
(test_screenshots_of_the_gm_screen, on the demo as `make run` has it)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ROOT, Server
from tests.e2e.test_accessibility import (
    PHONE,
    SYSTEMS,
    assert_accessible,
    assert_no_sideways_scrolling,
    demo_tables,
    log_in,
    wait_live,
)

SCREEN = {"width": 1280, "height": 800}
TWO_SCREENS = 1600  # px: two screens' height, document.documentElement.scrollHeight at 1280x800


CALLS_WAITING = 8  # per character: an evening whose players have fallen behind the GM's calls

# Each character in each demo campaign called CALLS_WAITING times through the GM's own action, none answered.
PILE_CALLS = f"""
from campaigns.calls import card_calls
from campaigns.models import Campaign
for campaign in Campaign.objects.all():
    spec = campaign.adapter.card_call_number(campaign)
    for character in campaign.characters.seated():
        key = card_calls.card_buttons(character)[0].key
        for _ in range({CALLS_WAITING}):
            card_calls.call_from_card(
                campaign, campaign.gm, character=character, key=key,
                number=spec.initial if spec else "", secret=bool(spec and not spec.open),
            )
"""


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory, demo_database):
    """The demo's tables with calls piled up in the GM's "Waiting for the players"."""
    server = Server(tmp_path_factory.mktemp("busy"), database=demo_database)
    subprocess.run([sys.executable, "manage.py", "shell", "-c", PILE_CALLS], cwd=ROOT, env=server.env, check=True)
    yield server.start()
    server.stop()


def tabs(page: Page) -> list[str]:
    return page.locator("[role=tablist] [role=tab]").evaluate_all("tabs => tabs.map(tab => tab.dataset.tab)")


def height(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.mark.parametrize("system", sorted(SYSTEMS.values()))
def test_every_tab_of_the_gm_screen_is_at_most_two_screens_tall(browser, busy_server, system):
    gm = log_in(browser, busy_server, "gm", SCREEN)
    url = demo_tables(gm, busy_server)[system]
    gm.goto(url)
    wait_live(gm)
    expect(gm.locator("[role=tablist]")).to_have_count(1)
    keys = tabs(gm)
    assert keys[0] == "table", keys
    assert {"characters", "session"} <= set(keys), keys
    heights = {}
    for key in keys:
        gm.locator(f"#tab-{key}").click()
        expect(gm.locator(f"#tab-{key}-panel:not([data-lazy])")).to_be_visible()  # fetched, not its placeholder
        assert gm.url.endswith(f"?tab={key}"), gm.url
        heights[key] = height(gm)
    assert gm.locator("#gm-calls > .call").count() >= 2 * CALLS_WAITING
    assert max(heights.values()) <= TWO_SCREENS, f"{system}: page heights by tab {heights}"


def test_the_busy_table_tab_on_a_phone_keeps_the_log_and_the_calls_in_their_own_regions(browser, busy_server):
    gm = log_in(browser, busy_server, "gm", PHONE)
    heights = {}
    for system, url in demo_tables(gm, busy_server).items():
        gm.goto(url)
        wait_live(gm)
        heights[system] = height(gm)
    # The call form, the waiting calls' region, the GM's roll, the log's region: four screens at most, however
    # long the evening (the log and the pile grew the page to 5,000-8,200 px).
    assert max(heights.values()) <= 4 * PHONE["height"], heights


def test_screenshots_of_the_gm_screen(browser, demo_server, tmp_path):
    gm = log_in(browser, demo_server, "gm", SCREEN)
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    for system, url in demo_tables(gm, demo_server).items():
        gm.goto(url)
        wait_live(gm)
        expect(gm.locator("#tab-table-panel")).to_be_visible()
        gm.screenshot(path=folder / f"{system}-gm.png", full_page=True)


def test_the_tabs_work_with_the_keyboard_alone_and_keep_the_tab_in_the_address(browser, demo_server):
    gm = log_in(browser, demo_server, "gm", SCREEN)
    url = demo_tables(gm, demo_server)["d100"]
    gm.goto(url)
    wait_live(gm)
    keys = tabs(gm)
    first = gm.locator(f"#tab-{keys[0]}")
    first.focus()
    expect(first).to_have_attribute("aria-selected", "true")
    gm.keyboard.press("ArrowRight")
    second = gm.locator(f"#tab-{keys[1]}")
    expect(second).to_be_focused()
    expect(second).to_have_attribute("aria-selected", "true")
    expect(first).to_have_attribute("aria-selected", "false")
    expect(gm.locator(f"#tab-{keys[0]}-panel")).to_be_hidden()
    expect(gm.locator(f"#tab-{keys[1]}-panel")).to_be_visible()
    gm.keyboard.press("End")
    last = gm.locator(f"#tab-{keys[-1]}")
    expect(last).to_be_focused()
    gm.keyboard.press("ArrowRight")  # round again to the first
    expect(first).to_be_focused()
    gm.keyboard.press("ArrowLeft")
    expect(last).to_have_attribute("aria-selected", "true")
    assert gm.url.endswith(f"?tab={keys[-1]}")
    gm.reload()  # the address keeps the tab
    expect(gm.locator(f"#tab-{keys[-1]}-panel")).to_be_visible()
    expect(gm.locator(f"#tab-{keys[0]}-panel")).to_be_hidden()
    # Tab from the tablist lands in the chosen panel, not in a hidden one.
    gm.locator(f"#tab-{keys[-1]}").focus()
    gm.keyboard.press("Tab")
    assert gm.evaluate("document.activeElement.closest('[role=tabpanel]')?.id") == f"tab-{keys[-1]}-panel"


@pytest.mark.parametrize("viewport", [PHONE, SCREEN], ids=["phone", "desktop"])
def test_every_tab_passes_axe(browser, demo_server, viewport):
    gm = log_in(browser, demo_server, "gm", viewport)
    for system, url in demo_tables(gm, demo_server).items():
        gm.goto(url)
        wait_live(gm)
        for key in tabs(gm):
            gm.locator(f"#tab-{key}").click()
            expect(gm.locator(f"#tab-{key}-panel:not([data-lazy])")).to_be_visible()
            assert_accessible(gm, f"{system} GM screen, tab {key}")
            assert_no_sideways_scrolling(gm, f"{system} GM screen, tab {key}")


def test_a_link_to_a_part_of_another_tab_opens_that_tab(browser, demo_server):
    gm = log_in(browser, demo_server, "gm", SCREEN)
    url = demo_tables(gm, demo_server)["cgg"]
    gm.goto(url + "?tab=session#people-title")
    expect(gm.locator("#tab-session-panel")).to_be_visible()
    gm.goto(url + "?tab=session")
    gm.evaluate("window.location.hash = 'log-title'")
    expect(gm.locator("#tab-table-panel")).to_be_visible()
    expect(gm.locator("#tab-table")).to_have_attribute("aria-selected", "true")
    assert re.search(r"\?tab=table#log-title$", gm.url), gm.url
