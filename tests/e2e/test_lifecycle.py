"""A campaign's end in the browser: its GM is offered the export, types the name, and
the campaign goes with its rolls; the player's open table is told at once."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, open_more, start_campaign

pytestmark = pytest.mark.browser


def open_delete(gm) -> None:
    """The GM's "delete…" link: on the Session & players tab, with the campaign's exports."""
    gm.locator("#tab-session").click()
    gm.locator("#tab-session-panel a:has-text('delete…')").click()
    expect(gm.locator("h1")).to_have_text("Delete Doomed Voyage?")


def test_the_gm_exports_then_deletes_a_campaign_and_the_players_table_is_told(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "lifa_gm", "Doomed Voyage", "d100 skill tests")
    player = join(browser, invite, "lifa_player")
    open_more(player)  # the notation roll: the "More rolls" tab
    player.fill("#roll-form [name=notation]", "1d20")
    player.click("#roll-form button[type=submit]")
    expect(gm.locator("#log")).to_contain_text("1d20", timeout=5_000)
    errors = console_errors(player)  # the GM's refused name is a 422, which the console notes

    # The GM's link, on the Session & players tab (fetched when it opens), leads to the confirmation page.
    open_delete(gm)
    expect(gm.locator("h1")).to_have_text("Delete Doomed Voyage?")
    expect(gm.locator("main")).to_contain_text("1 roll")
    with gm.expect_download() as download:
        gm.click("a:has-text('JSON (everything)')")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["campaign"]["name"] == "Doomed Voyage"

    gm.fill("input[name=name]", "Doomed voyage")  # not quite its name: nothing happens
    gm.click("button:has-text('for good')")
    expect(gm.locator("main")).to_contain_text("type Doomed Voyage exactly")
    gm.goto(table)
    expect(gm.locator("h1")).to_have_text("Doomed Voyage")

    open_delete(gm)
    # The GM leaving the table reaches the player's page (who is here), whose "Needs you" strip then
    # fetches itself: let that settle, or its answer may come after the deletion, a 404 in the console.
    expect(player.locator("#online")).not_to_contain_text("lifa_gm", timeout=5_000)
    player.wait_for_timeout(800)
    gm.fill("input[name=name]", "Doomed Voyage")
    gm.click("button:has-text('for good')")
    expect(gm.locator("main")).to_contain_text("Doomed Voyage is deleted")
    expect(player.locator("#table-ended")).to_contain_text("Doomed Voyage was deleted", timeout=5_000)
    assert errors == [], errors
    player.goto(server_url + "/")
    expect(player.locator("main")).not_to_contain_text("Doomed Voyage")
