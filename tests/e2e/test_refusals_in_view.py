"""A refused post shows its message beside the control that caused it, in view, and every field keeps what
was typed (a Centaurus Gate stunt refused on a phone left its message 81 px above the screen and
put "Extra success dice" back to 0; the player saw nothing happen). One refusal per system, forced with
what the browser lets through (a missing choice, or choices the rules refuse together), on a 360 px phone
scrolled so that the form's button is at the bottom of the screen."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


# Each system: its form, what is typed (selector: value), and the refusal's words.
REFUSALS = {
    # Extra time with an eventual success.
    "zener": (
        "#zener-check-form",
        {"[name=modifier]": "3", "[name=time]": "1", "[name=eventual]": True},
        "Eventual success reads the time from the roll",
    ),
    # Neither a skill nor an attribute (a stat) chosen.
    "d100": (
        "#d100-test-form",
        {"[name=difficulty]": "hard", "[name=flip]": "succeed", "[name=label]": "Pick it"},
        "Choose the primary attribute to test, or a skill.",
    ),
    "ore": (
        "#ore-roll-form",
        {"[name=penalty]": "2", "[name=bonus]": "1", "[name=label]": "Leap the gap"},
        "Choose the stat to roll, or a skill.",
    ),
    # The opposition known, but not given.
    "tribute": (
        "#tribute-test-form",
        {"[name=focus]": "3", "[name=burden]": "2", "[name=opposition]": "", "[name=label]": "Hold the line"},
        "Give the opposition's result, or let the GM set it.",
    ),
    # Dice moved and bought with no stunt (the demo's call for player1's explorer).
    "cgg": (
        "form[action*='/cgg/calls/'][action$='/roll/']",
        {"[name=moved]": "1", "[name=extra]": "1"},
        "Moving or buying dice is part of a stunt: choose the stunt first.",
    ),
}


def fill(form, typed: dict) -> dict[str, object]:
    """Types each value (True ticks a box, a number chooses a select's option by index); what each field
    must show after, as Playwright reads it."""
    shown = {}
    for selector, value in typed.items():
        field = form.locator(selector)
        if value is True:
            field.check()
        elif isinstance(value, int):
            field.select_option(index=value)
            value = field.input_value()
        elif field.evaluate("f => f.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
        shown[selector] = value
    return shown


OPEN_FOLDS = """f => {
    for (let fold = f.closest('details'); fold; fold = fold.parentElement.closest('details')) fold.open = true;
    f.querySelectorAll('details').forEach(fold => { fold.open = true; });
}"""
IN_VIEW = "m => { const r = m.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"


def in_viewport(page: Page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_a_refusal_is_shown_in_view_and_the_form_keeps_what_was_typed(browser, demo_server, viewport):
    player = log_in(browser, demo_server, "player1", viewport)
    tables = demo_tables(player, demo_server)
    for system in REFUSALS:
        # The system's forms are on the More rolls tab (`?tab=panel`); a call waits under Now, beside every tab.
        player.goto(tables[system] + ("" if system == "cgg" else "?tab=panel"))
        wait_live(player)
        selector, typed, message = REFUSALS[system]
        form = player.locator(selector).first
        # The form may sit in a fold a phone keeps closed ("More rolls and steps", "More modifiers"): open it.
        form.evaluate(OPEN_FOLDS)
        typed = fill(form, typed)
        if system == "zener":  # the fold counts what is set in it as the player types (forms.js)
            expect(form.locator(".more-fields > summary")).to_have_text("More modifiers (2 set)")
        button = form.locator("button[type=submit]").last
        button.scroll_into_view_if_needed()
        player.evaluate("window.scrollBy(0, 300)")  # the button low on the screen, the form's top above it
        button.click()
        shown = player.locator(".error[role=alert], .errorlist", has_text=re.compile(re.escape(message[:30]))).first
        expect(shown).to_be_visible()
        # Waits for the page to bring it into view, then holds its box to the screen.
        player.wait_for_function(IN_VIEW, arg=shown.element_handle())
        assert in_viewport(player, shown), f"{system}: the refusal is in view"
        for field, value in typed.items():
            if value is True:
                expect(form.locator(field), f"{system}: {field} stays ticked").to_be_checked()
            else:
                expect(form.locator(field), f"{system}: {field} keeps what was typed").to_have_value(value)
        if system == "zener":
            expect(form.locator(".more-fields > summary")).to_have_text("More modifiers (2 set)")


def test_a_refused_field_in_a_row_of_fields_keeps_its_message_readable(browser, demo_server):
    """A play-test: "The fixed part of a roll can be at most 10000…" stood in the Dice field's narrow column of the
    roll form's row (Dice, Character, Label), five lines tall, and pushed the field below its neighbours'."""
    player = log_in(browser, demo_server, "player1", DESKTOP)
    player.goto(demo_tables(player, demo_server)["d100"] + "?tab=more")
    wait_live(player)
    form = player.locator("#roll-form")
    form.locator("[name=notation]").fill("1d6+99999999999999999999")
    form.locator("button[type=submit]").last.click()
    message = form.locator(".errorlist", has_text="The fixed part of a roll can be at most 10000")
    expect(message).to_be_visible()
    line = float(message.evaluate("m => parseFloat(getComputedStyle(m).lineHeight) || 24"))
    assert message.bounding_box()["height"] <= 2.5 * line, message.bounding_box()
