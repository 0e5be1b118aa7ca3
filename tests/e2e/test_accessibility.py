"""Every page, as each role, through axe-core (the engine behind Lighthouse's accessibility
audit, bundled by axe-playwright-python), at phone and desktop width; plus the checks axe
cannot make: no sideways scrolling at 360 px, the log announces rolls in a sentence.

Screenshots of each system's table land in $SCREENSHOTS_DIR (`make screenshots` writes
docs/screenshots/, which the README shows); without it, in the test's own folder."""

import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

PHONE, DESKTOP = {"width": 360, "height": 780}, {"width": 1280, "height": 900}
PASSWORD = "fivefold-demo"
SYSTEMS = {
    "Centaurus Gate": "cgg",
    "Tribute Alpha": "tribute",
    "One-Roll Engine": "ore",
    "Zener Gate": "zener",
    "d100 skill tests": "d100",
}
axe = Axe()


def log_in(browser, server, username: str | None, viewport) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    if username:
        page.goto(f"{server.url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        expect(page.locator("h1")).to_have_text("Your campaigns")
    return page


def demo_tables(page: Page, server) -> dict[str, str]:
    """Each system's demo table, by key: their links on the home page."""
    page.goto(server.url)
    tables = {}
    for link in page.locator(".cards a").all():
        name = link.inner_text().removeprefix("Demo: ")
        tables[SYSTEMS[name]] = server.url + link.get_attribute("href")
    assert set(tables) == set(SYSTEMS.values())
    return tables


def assert_accessible(page: Page, where: str) -> None:
    results = axe.run(page)
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]
    assert not problems, f"{where}:\n" + "\n".join(problems)


def assert_no_sideways_scrolling(page: Page, where: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{where} scrolls sideways by {overflow} px at {page.viewport_size['width']} px"


def wait_live(page: Page) -> None:
    expect(page.locator("#live-status")).to_have_text("live")


# One test per role and width, so that two workers share the sweep.
@pytest.mark.parametrize("role", ["visitor", "gm", "player1"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_passes_axe_for_every_role(browser, demo_server, viewport, role):
    if role == "visitor":
        visitor = log_in(browser, demo_server, None, viewport)
        quick_references = [f"/rules/{key}/" for key in SYSTEMS.values()]
        for path in ("/", "/accounts/login/", "/accounts/signup/", "/rules/", *quick_references):
            visitor.goto(demo_server.url + path)
            assert_accessible(visitor, f"{path} (visitor)")
            assert_no_sideways_scrolling(visitor, path)
        return
    username = role
    page = log_in(browser, demo_server, username, viewport)
    assert_accessible(page, f"home ({username})")
    for system, url in demo_tables(page, demo_server).items():
        page.goto(url)
        wait_live(page)
        if username != "gm":  # the GM's screen, every tab at both widths: test_gm_screen.py
            assert_accessible(page, f"{system} table ({username})")
            assert_no_sideways_scrolling(page, f"{system} table ({username})")
        for tab in ("more", "people") if username == "player1" else ():  # a player's other tabs
            page.goto(f"{url}?tab={tab}")
            wait_live(page)
            assert_accessible(page, f"{system} table, tab {tab} ({username})")
            assert_no_sideways_scrolling(page, f"{system} table, tab {tab} ({username})")
        roll_page = page.locator("#log a.permalink").first.get_attribute("href")  # the roll's own page
        for path, what in ((roll_page, "a roll's page"), (url + "fairness/", "fairness page")):
            page.goto(demo_server.url + path if path.startswith("/") else path)
            assert_accessible(page, f"{system} {what} ({username})")
            assert_no_sideways_scrolling(page, f"{system} {what} ({username})")
        page.goto(url + "characters/new/")
        assert_accessible(page, f"{system} new character ({username})")
        assert_no_sideways_scrolling(page, f"{system} new character ({username})")
    for path in ("/campaigns/new/", "/accounts/password/"):
        page.goto(demo_server.url + path)
        assert_accessible(page, f"{path} ({username})")
        assert_no_sideways_scrolling(page, f"{path} ({username})")


def test_the_log_announces_each_roll_in_a_sentence(browser, demo_server):
    player = log_in(browser, demo_server, "player1", DESKTOP)
    table = demo_tables(player, demo_server)["cgg"]
    gm = log_in(browser, demo_server, "gm", DESKTOP)
    player.goto(table + "?tab=more")  # the notation roll: a player's "More rolls" tab
    gm.goto(table)
    for page in (player, gm):
        wait_live(page)
    expect(gm.locator("#log")).to_have_attribute("aria-live", "polite")
    player.fill("#roll-form [name=notation]", "3d6+2")
    player.fill("#roll-form [name=label]", "Pick the lock")
    player.click("#roll-form button[type=submit]")
    # The row's sentence, a paragraph: dice chips say their part in spans of their own.
    sentence = gm.locator("#log article").first.locator("p.visually-hidden")
    expect(sentence).to_have_text(re.compile(r"^Mara Vell rolled 3d6\+2 for Pick the lock: \d+\."))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_of_every_table(browser, demo_server, viewport, tmp_path):
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    width = "phone" if viewport is PHONE else "desktop"
    page = log_in(browser, demo_server, "player1", viewport)
    for system, url in demo_tables(page, demo_server).items():
        page.goto(url)
        wait_live(page)
        page.screenshot(path=folder / f"{system}-{width}.png", full_page=viewport is DESKTOP)
        assert (folder / f"{system}-{width}.png").stat().st_size > 10_000
