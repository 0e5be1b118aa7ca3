"""The table's talk in the browser: a GM at 1280 px and two players, one at 1280 px and one on a 360 px phone,
in one Zener Gate scene. Public lines, a character's words and an emote, a roll written inline, whispers both
ways and a /gmroll reach exactly who may read them, live; the phone's box is one tap from the card and its
newest line shows right below it; words typed while a message is on its way stay in the box; a refused
message keeps its words; the writer's edit and the GM's removal reach everyone live."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import confirm, console_errors, join, make_character, start_campaign

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("CHAT_SHOTS")  # a folder for screenshots (360 and 1280 px) while the test is written
REFUSED = re.compile(r"^Failed to load resource: the server responded with a status of 422")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        width = page.viewport_size["width"]
        page.screenshot(path=f"{SHOTS}/{name}-{width}.png")
        if width > 760:  # the log's column, scrolled into view: the page's own top fills a desktop's screen
            page.locator(".log-column:visible").screenshot(path=f"{SHOTS}/{name}-{width}-log.png")


def say(page: Page, text: str, *, to: str | None = None, speaker: str | None = None) -> None:
    """Write `text` in the log's box (as `speaker`, to `to`: the select's label) and send it with Enter; the
    words leave the box once the message is sent."""
    box = page.locator("#chat-box")
    if speaker is not None:
        box.locator("#chatform-speaker").select_option(label=speaker)
    if to is not None:
        box.locator("#chatform-to").select_option(label=to)
    box.locator("#chatform-text").fill(text)
    box.locator("#chatform-text").press("Enter")
    expect(page.locator("#chatform-text")).to_have_value("")


def shown_below_the_box(page: Page, locator) -> bool:
    """`locator` whole on the screen, right below the log's box and above the phone's thumb bar."""
    return locator.evaluate(
        """(line) => {
          const box = document.getElementById("chat-box").getBoundingClientRect();
          const bar = document.querySelector(".thumb-nav").getBoundingClientRect();
          const shown = line.getBoundingClientRect();
          return shown.top >= box.bottom && shown.bottom <= bar.top && shown.top - box.bottom < 100;
        }"""
    )


def line(page: Page, text: str):
    """The log's line with `text`: one, never a second copy (the writer's answer and the live message bring
    the same line; the page keeps one)."""
    return page.locator("#log .message", has_text=text)


def test_a_scene_of_talk_whispers_and_rolls(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "chat_gm", "Chat night", "Zener Gate")
    ana = join(browser, invite, "ana_desk")
    make_character(ana, "Ana Vell")
    bo = join(browser, invite, "bo_phone")
    bo.set_viewport_size({"width": 360, "height": 800})
    make_character(bo, "Bo Rask")
    gm.goto(table)  # the GM's box offers the players who joined meanwhile
    for page in (gm, ana, bo):
        expect(page.locator("#live-status")).to_have_text("live")
    expect(gm.locator("#tab-table-panel:not([data-lazy]) #chat-box")).to_be_visible()
    errors = {"gm": console_errors(gm), "ana": console_errors(ana), "bo": console_errors(bo)}
    everyone = (gm, ana, bo)

    # The phone: from the Character view, one tap on the thumb bar's "Log" and the box is there.
    bo.locator(".thumb-nav a[data-view=character]").click()
    expect(bo.locator("#chatform-text")).not_to_be_visible()
    bo.locator(".thumb-nav a[data-view=log]").click()
    expect(bo.locator("#chatform-text")).to_be_in_viewport()
    say(bo, "Evening, all")
    for page in everyone:
        expect(line(page, "Evening, all")).to_contain_text("bo_phone")
    expect(line(gm, "Evening, all").locator("div.who details.message-menu")).to_have_count(1)
    newest = bo.locator("#log > *").first
    expect(newest).to_contain_text("Evening, all")
    expect(newest).to_be_in_viewport()
    assert shown_below_the_box(bo, newest)
    shot(bo, "phone-after-send")

    # A public line, out of character, live for all three.
    say(ana, "Hello table")
    for page in everyone:
        expect(line(page, "Hello table")).to_contain_text("ana_desk")

    # In character, as her character; then an emote (the box still speaks as Ana Vell).
    say(ana, "We go in at dawn.", speaker="Ana Vell")
    for page in everyone:
        ic = page.locator("#log .message-ic", has_text="We go in at dawn.").last
        expect(ic).to_contain_text("Ana Vell")
        expect(ic).to_contain_text("“We go in at dawn.”")
    say(ana, "/me draws her blade")
    for page in everyone:
        expect(page.locator("#log .message-emote").last).to_contain_text("Ana Vell draws her blade")

    # A roll written inline is a roll row, for everyone.
    say(ana, "I swing /r 1d20+5")
    for page in everyone:
        expect(page.locator("#log .roll", has_text="I swing").last).to_contain_text("1d20+5")
    expect(ana.locator("#log .message", has_text="/r")).to_have_count(0)

    # A whisper to the GM: the GM reads it, the other player never does.
    say(ana, "/w gm The idol is a fake.", speaker="You (OOC)")
    expect(line(gm, "The idol is a fake.")).to_contain_text("whisper to the GM")
    expect(line(ana, "The idol is a fake.")).to_contain_text("whisper to the GM")
    # The GM whispers to the phone's player, chosen in the box's "To".
    say(gm, "Bo, you hear footsteps behind you.", to="Whisper to bo_phone")
    expect(line(bo, "you hear footsteps")).to_contain_text("whisper to bo_phone")
    expect(line(gm, "you hear footsteps")).to_contain_text("whisper to bo_phone")
    # A secret roll for the GM: the GM and the roller read its result, not the other player.
    say(bo, "/gmroll 2d6 sneaking past")
    for page in (gm, bo):
        expect(line(page, "sneaking past")).to_contain_text(re.compile(r"Rolled 2d6 for the GM: .*= \d+"))
    say(gm, "Moving on.", to="Everyone")  # a public line after the whispers: once it is here, they would have been too
    expect(line(ana, "Moving on.")).to_have_count(1)
    expect(line(bo, "Moving on.")).to_have_count(1)
    expect(line(bo, "The idol is a fake.")).to_have_count(0)
    expect(line(ana, "you hear footsteps")).to_have_count(0)
    expect(line(ana, "sneaking past")).to_have_count(0)
    expect(ana.locator("#log")).not_to_contain_text("sneaking past")
    shot(gm, "gm-whispers")
    shot(ana, "player-whispers")

    # Words typed while a message is on its way stay in the box.
    held = []
    ana.route("**/chat/", lambda route: held.append(route), times=1)
    text = ana.locator("#chatform-text")
    text.fill("First thought")
    text.press("Enter")
    expect(ana.locator("#chat-box.htmx-request")).to_have_count(1)
    text.press_sequentially(" and a second one")
    held[0].continue_()
    expect(line(ana, "First thought")).to_have_count(1)
    expect(text).to_have_value("and a second one")
    text.fill("")

    # A message too long is refused beside the box, and its words stay.
    long = "x" * 2001
    text.fill(long)
    text.press("Enter")
    expect(ana.locator("#chat-box")).to_contain_text("A message is at most 2,000 characters; this one has 2,001.")
    expect(ana.locator("#chatform-text")).to_have_value(long)
    shot(ana, "refused")
    ana.locator("#chatform-text").fill("")

    # The writer edits a line: "(edited)" for everyone, live.
    mine = line(ana, "Hello table")
    mine.locator("details.message-menu > summary").click()
    edit = mine.locator("form.message-edit")
    edit.locator("textarea").fill("Hello table, and welcome")
    edit.locator("button:has-text('Save the change')").click()
    for page in everyone:
        expect(line(page, "Hello table, and welcome")).to_contain_text("(edited)")

    # The GM removes a player's line: "Removed by the GM" for everyone, live.
    theirs = line(gm, "Evening, all")
    message_id = theirs.get_attribute("data-message-id")
    theirs.locator("details.message-menu > summary").click()
    theirs.locator("button:has-text('Remove (GM)')").click()
    confirm(gm)
    for page in everyone:
        removed = page.locator(f"#log .message[data-message-id='{message_id}']")
        expect(removed).to_contain_text("Removed by the GM")
        expect(removed).not_to_contain_text("Evening, all")
    if SHOTS:  # the edited and the removed line, as the phone shows them
        bo.locator(f"#log .message[data-message-id='{message_id}']").screenshot(path=f"{SHOTS}/phone-removed-360.png")
        line(bo, "Hello table").screenshot(path=f"{SHOTS}/phone-edited-360.png")
        line(ana, "First thought").locator("details.message-menu > summary").click()
        expect(line(ana, "First thought").locator("form.message-edit")).to_be_visible()
        line(ana, "First thought").screenshot(path=f"{SHOTS}/player-menu-1280.png")
    shot(gm, "gm-end")
    bo.locator("#log > *").first.scroll_into_view_if_needed()
    shot(bo, "phone-end")
    shot(ana, "player-end")

    refusals = [error for error in errors["ana"] if REFUSED.match(error)]
    assert len(refusals) == 1
    errors["ana"] = [error for error in errors["ana"] if not REFUSED.match(error)]
    assert errors == {"gm": [], "ana": [], "bo": []}
