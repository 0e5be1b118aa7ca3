"""The player's table after a scene, in every system, as player1 after the demo and 20 more rolls:
at 1280x800 the page is at most 1.5 screens (1,200 px; the log scrolls in its own region); at 360x740 each
view of the thumb bar (the character, what waits now, the log, and "More…" with the roll forms) is at most two
screens (1,480 px); the other tabs come when opened; no sideways scroll, no console error."""

import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from campaigns.pages.views import FIRST_LOG_PAGE
from tests.e2e.conftest import ROOT, Server
from tests.e2e.people import console_errors
from tests.e2e.test_accessibility import demo_tables, log_in, wait_live

SCREEN, PHONE = {"width": 1280, "height": 800}, {"width": 360, "height": 740}
DESKTOP_MOST, VIEW_MOST = 1200, 1480
VIEWS = {"character": "#character-region", "now": "#now-title", "log": "#log-title"}


@pytest.fixture(scope="module")
def scene_server(tmp_path_factory):
    """`make run`'s demo, then a scene: 20 more rolls from player1's card in each campaign."""
    server = Server(tmp_path_factory.mktemp("scene"))
    subprocess.run(
        [sys.executable, "manage.py", "demo", "--scene", "20"],
        cwd=ROOT,
        env=server.env,
        check=True,
        capture_output=True,
    )
    yield server.start()
    server.stop()


def height(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def sideways(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")


def test_the_players_table_fits_its_screens_after_a_scene(browser, scene_server):
    desk = log_in(browser, scene_server, "player1", SCREEN)
    phone = log_in(browser, scene_server, "player1", PHONE)
    desk_errors, phone_errors = console_errors(desk), console_errors(phone)
    heights, wide = {}, []
    for system, url in demo_tables(desk, scene_server).items():
        desk.goto(url)
        wait_live(desk)
        expect(desk.locator("#log .roll").nth(FIRST_LOG_PAGE - 1)).to_be_attached()  # the scene is in the log
        expect(desk.locator("#character-region .character-card")).to_be_visible()
        expect(desk.locator("#now-title")).to_be_visible()
        heights[system, "desktop"] = height(desk)
        wide += [f"{system} desktop"] if sideways(desk) else []
        phone.goto(url)
        wait_live(phone)
        for view, part in VIEWS.items():
            phone.locator(f".thumb-nav a[data-view={view}]").click()
            expect(phone.locator(part)).to_be_visible()
            for other, elsewhere in VIEWS.items():
                if other != view:
                    expect(phone.locator(elsewhere)).to_be_hidden()
            heights[system, view] = height(phone)
            wide += [f"{system} {view}"] if sideways(phone) else []
        # The other tabs are not in the page: "More…" fetches them, as they are now.
        expect(phone.locator("#roll-form")).to_have_count(0)
        phone.locator(".thumb-nav a[data-view=more]").click()
        expect(phone.locator("#tab-more-panel #roll-form")).to_be_visible()
        expect(phone.locator("#log-title")).to_be_hidden()
        heights[system, "more"] = height(phone)
        wide += [f"{system} more"] if sideways(phone) else []
    too_tall = {key: px for key, px in heights.items() if px > (DESKTOP_MOST if key[1] == "desktop" else VIEW_MOST)}
    assert not too_tall, f"over 1,200 px at 1280 or 1,480 px per view at 360: {too_tall} (all: {heights})"
    assert not wide, f"sideways scroll: {wide}"
    assert desk_errors + phone_errors == []
