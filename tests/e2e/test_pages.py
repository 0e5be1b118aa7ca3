"""Every demo table (and its new-character page), as the GM and as each player, at phone and
desktop width: every id on the page is unique (also after live rows, panels and charts
arrive), the console stays free of errors and every request the page makes succeeds."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import confirm
from tests.e2e.test_accessibility import DESKTOP, PHONE, demo_tables, log_in, wait_live

DUPLICATE_IDS = """() => {
  const counts = {};
  document.querySelectorAll("[id]").forEach(e => { counts[e.id] = (counts[e.id] || 0) + 1; });
  return Object.entries(counts).filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
}"""


class Watched:
    """A page whose console errors and failed requests are written down as they happen."""

    def __init__(self, page: Page, found: list[str]):
        self.page, self.problems, self.found = page, [], found
        page.on("console", lambda message: message.type == "error" and self.problems.append(message.text))
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", lambda r: r.status >= 400 and self.problems.append(f"{r.status}: {r.url}"))

    def _failed(self, request) -> None:
        # ERR_ABORTED: the browser itself dropped a load when the test moved to the next page.
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"failed: {request.url} {request.failure}")

    def check(self, where: str) -> None:
        """Write down what is wrong here (all of it, not only the first thing)."""
        duplicates = self.page.evaluate(DUPLICATE_IDS)
        if duplicates:
            self.found.append(f"{where}: duplicate ids {duplicates}")
        if self.problems:
            self.found.append(f"{where}: {self.problems}")
        self.problems = []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_demo_table_has_unique_ids_and_no_errors(browser, demo_server, viewport):
    found: list[str] = []
    for username in ("gm", "player1", "player2"):
        page = log_in(browser, demo_server, username, viewport)
        watched = Watched(page, found)
        for system, url in demo_tables(page, demo_server).items():
            page.goto(url)
            wait_live(page)
            watched.check(f"{system} table ({username}, {viewport['width']} px)")
            if page.locator(".thumb-nav").is_visible():
                page.locator(".thumb-nav a[data-view=log]").click()  # a player's phone: the log is a view
            # An odds chart opened from the log: a fragment inserted into the page.
            charts = page.locator("#log details.roll-chart summary")
            for index in range(min(charts.count(), 3)):
                charts.nth(index).click()
                page.locator("#log details.roll-chart").nth(index).locator("svg").wait_for()
                watched.check(f"{system} table with a chart open ({username}, {viewport['width']} px)")
            page.goto(url + "characters/new/")
            watched.check(f"{system} new character ({username}, {viewport['width']} px)")
        page.context.close()
    assert not found, "\n".join(found)


def test_what_arrives_later_keeps_ids_unique_and_a_double_click_rolls_once(browser, demo_server):
    """Live rows, a session's marks and refilled panels, charts of new rows: each id still once.
    And the first-hour fault: a double click on Roll posts one roll."""
    found: list[str] = []
    gm = log_in(browser, demo_server, "gm", DESKTOP)
    player = log_in(browser, demo_server, "player1", PHONE)
    table = demo_tables(player, demo_server)["d100"]
    watched = {page: Watched(page, found) for page in (gm, player)}
    for page in (gm, player):
        page.goto(table)
        wait_live(page)
    rows = player.locator("#log article[data-roll-id]")
    before = rows.count()
    player.locator(".thumb-nav a[data-view=more]").click()  # a phone: the roll form is in the "More…" view
    player.fill("#roll-form [name=notation]", "2d6")
    player.fill("#roll-form [name=label]", "Twice?")
    player.dblclick("#roll-form button[type=submit]")
    gm.locator("#log article", has_text="Twice?").first.wait_for()
    player.locator("#log article", has_text="Twice?").first.wait_for(state="attached")  # the log: another view
    player.wait_for_timeout(500)  # a second roll would have arrived by now
    assert rows.count() == before + 1
    assert gm.locator("#log article", has_text="Twice?").count() == 1
    marks = player.locator("#log .session-mark", has_text="started")
    marks_before = marks.count()
    gm.click("#tab-session")  # the GM screen's tab with the session buttons
    gm.locator("#session-controls button[type=submit]").last.click()  # start the next session
    confirm(gm)  # it ends the one going: it asks first
    expect(marks).to_have_count(marks_before + 1)
    gm.click("#tab-table")
    player.locator(".thumb-nav a[data-view=log]").click()
    for page in (gm, player):
        page.locator("#log details.roll-chart summary").first.click()
        page.locator("#log details.roll-chart svg").first.wait_for()
        watched[page].check(f"d100 table after live rows, a session and a chart ({page.viewport_size['width']} px)")
    assert not found, "\n".join(found)


OVERLAPPING_LABELS = """(svg) => {
  const boxes = [...svg.querySelectorAll("text.tick")].map(t => [t.textContent, t.getBoundingClientRect()]);
  const overlaps = [];
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const apart = p.left >= q.right + 2 || q.left >= p.right + 2 || p.top >= q.bottom || q.top >= p.bottom;
    if (!apart) overlaps.push(`${a} / ${b}`);
  }));
  return overlaps;
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_centaurus_gate_chart_labels_stand_apart(browser, demo_server, viewport, tmp_path):
    """The Exec's odds with a risk: four bars, each labelled, no label over another."""
    gm = log_in(browser, demo_server, "gm", viewport)
    gm.goto(demo_tables(gm, demo_server)["cgg"] + "?tab=system")  # the GM's screen: the call is on the system's tab
    gm.fill("#cgg-call-form [name=risk_bonus]", "3")
    gm.wait_for_load_state("networkidle")  # the risk's chart, not the one it replaces (once caught detached)
    chart = gm.locator("#cgg-odds svg")
    expect(chart.locator("rect.bar")).to_have_count(4)
    labels = chart.locator("text.tick")
    expect(labels).to_have_count(4)
    chart.screenshot(path=tmp_path / f"cgg-chart-{viewport['width']}.png")
    assert chart.evaluate(OVERLAPPING_LABELS) == []
