"""A scene on the GM's screen for the One-Roll Engine and Tribute Alpha, as the demo's gm
(1280 px), player1 (a phone) and player2 (1280 px): a player leaves the difficulty or the opposition
to the GM, the GM sets it in place on the call's card (Table tab) and the roll lands in every log; the
GM writes a wound on the Characters tab, in place, and the player's card shows it live; the GM's
own calls from the system's tab say where they wait."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import console_errors
from tests.e2e.test_accessibility import DESKTOP, PHONE, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


def open_scene(browser, demo_server, system) -> tuple[Page, Page, Page]:
    gm = log_in(browser, demo_server, "gm", DESKTOP)
    player1 = log_in(browser, demo_server, "player1", PHONE)
    player2 = log_in(browser, demo_server, "player2", DESKTOP)
    table = demo_tables(gm, demo_server)[system]
    for page in (gm, player1, player2):
        page.goto(table)
        wait_live(page)
    return gm, player1, player2


def secret_step_in_place(gm: Page, players: tuple[Page, ...], label: str, field: str, value: str) -> None:
    """The GM's card for the call shows on the Table tab; the number is set there, in one form."""
    gm.locator("#tab-table").click()
    card = gm.locator("#gm-calls .call", has_text=label)
    expect(card).to_contain_text("(secret)")
    url = gm.url
    card.locator(f"[name={field}]").fill(value)
    card.locator("button:has-text('Set it and roll')").click()
    expect(card).to_have_count(0)
    assert gm.url == url  # nothing sent the GM elsewhere
    for page in (gm, *players):
        expect(page.locator("#log .roll").first).to_contain_text(label)


def quick_notes(gm: Page, player1: Page, player2: Page, text: str) -> None:
    gm.locator("#tab-characters").click()
    sheet = gm.locator(".sheet-glance", has_text="Mara Vell")
    sheet.locator("textarea[name=notes]").fill(text)
    sheet.get_by_role("button", name="Save Mara Vell's notes").click()
    expect(sheet.get_by_role("status")).to_contain_text("Notes saved")
    expect(sheet.locator("textarea[name=notes]")).to_have_value(text)
    expect(player1.locator(".character-card .card-notes")).to_contain_text(text)  # live, no reload
    player2.wait_for_timeout(300)
    expect(player2.locator("main")).not_to_contain_text(text)  # not player2's character


def test_an_ore_scene_on_the_gm_screen(browser, demo_server):
    gm, player1, player2 = open_scene(browser, demo_server, "ore")
    errors = console_errors(gm)
    player1.locator(".thumb-nav a[data-view=more]").click()  # a phone: the system's forms are the "More…" view
    form = player1.locator("#ore-roll-form")
    form.locator("[name=stat]").select_option("Body")
    form.locator("[name=known][value='0']").check()
    form.locator(".more-fields > summary").click()  # the label is folded with the rarer fields
    form.locator("[name=label]").fill("Force the vault door")
    form.locator("button:has-text('Roll the pool')").click()
    secret_step_in_place(gm, (player1, player2), "Force the vault door", "difficulty", "3")
    expect(gm.locator("#log .roll").first).to_contain_text(re.compile(r"[✔✘]"))

    gm.locator("#tab-system").click()
    contest = gm.locator("#ore-contest-form")
    contest.locator("[name=character]").select_option(label="Mara Vell")
    contest.locator("[name=stat]").select_option("Coordination")
    contest.locator("[name=npc_name]").fill("Drone")
    contest.locator("button:has-text('Call for the contest')").click()
    expect(gm.locator("#ore-panel [role=status]")).to_contain_text("waits for the player on the Table tab")
    player1.locator(".thumb-nav a[data-view=now]").click()  # what waits on the player: the "Now" view
    expect(player1.locator("#my-calls .call", has_text="Drone")).to_be_visible()
    gm.locator("#ore-panel [role=status] a").click()
    expect(gm.locator("#tab-table-panel")).to_be_visible()
    drone = gm.locator("#gm-calls .call", has_text="Drone")
    expect(drone).to_be_visible()
    drone.locator("button:has-text('Cancel')").click()  # the later tests find the demo table as it was
    expect(player1.locator("#my-calls .call", has_text="Drone")).to_have_count(0)

    quick_notes(gm, player1, player2, "Grazed by the drone")
    assert errors == []


def test_a_tribute_scene_on_the_gm_screen(browser, demo_server):
    gm, player1, player2 = open_scene(browser, demo_server, "tribute")
    errors = console_errors(gm)
    player1.locator(".thumb-nav a[data-view=more]").click()  # a phone: the system's forms are the "More…" view
    form = player1.locator("#tribute-test-form")
    form.locator("[name=attribute]").select_option("Agility")
    form.locator("[name=known][value='0']").check()
    form.locator(".more-fields > summary").click()  # the label is folded with the rarer fields
    form.locator("[name=label]").fill("Leap the chasm")
    form.locator("button:has-text('Roll the test')").click()
    secret_step_in_place(gm, (player1, player2), "Leap the chasm", "opposition", "1")
    expect(gm.locator("#log .roll").first).to_contain_text(re.compile(r"Win|Match|Fail"))

    gm.locator("#tab-system").click()
    gm.locator("summary:has-text('Key an event to a die size')").click()
    expect(gm.locator("#tribute-event-form")).to_be_visible()
    quick_notes(gm, player1, player2, "Winded after the leap")
    assert errors == []


def test_tribute_system_tab_stays_two_screens_with_every_event_keyed(browser, server_url, tmp_path):
    """The campaign's 20 die-size events (rules/tribute/events.py MAX_EVENTS), each 40 characters
    long, listed on the GM's system tab: the page stays within two screens at 1280x800."""
    from rules.tribute.events import MAX_EVENTS, MAX_NAME
    from tests.e2e.people import sign_up

    gm = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    gm.goto(f"{server_url}/accounts/signup/")
    sign_up(gm, "tri_events_gm")
    gm.click("text=Start a campaign")
    gm.fill("#id_name", "Many events")
    gm.select_option("#id_system", label="Tribute Alpha")
    sizes = (4, 6, 8, 10, 12)
    lines = [f"d{sizes[n % 5]} " + f"Event {n:02d} ".ljust(MAX_NAME, "x") for n in range(MAX_EVENTS)]
    gm.fill("#id_tribute__die_events", "\n".join(lines))
    gm.click("button:has-text('Create campaign')")
    expect(gm.locator("h1")).to_have_text("Many events")
    gm.locator("#tab-characters").click()
    gm.locator("#tab-characters-panel a:has-text('New character')").click()
    gm.fill("#id_name", "Ogre")
    gm.click("button:has-text('Save')")
    gm.goto(gm.url.split("?")[0] + "?tab=system")
    expect(gm.locator("#tribute-panel li")).to_have_count(MAX_EVENTS)
    expect(gm.locator("#tribute-opposed-form")).to_be_visible()
    height = gm.evaluate("document.documentElement.scrollHeight")
    gm.screenshot(path=Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path) / "tribute-gm-events.png", full_page=True)
    assert height <= 1600, height
