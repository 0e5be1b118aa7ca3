"""A roll's answer leaves the focus where the player left it: the button pressed to roll
(held disabled while the post is in flight, static/fivefold/table.js) has the focus back after,
or its counterpart does when the answer drew its form again (a character's card), so a player on
the keyboard presses it again without hunting for it."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import join, make_character, start_campaign
from tests.e2e.test_accessibility import demo_tables, log_in, wait_live
from tests.e2e.test_live_table import call_for

pytestmark = pytest.mark.browser


def test_the_roll_button_keeps_the_focus_after_its_roll(browser, demo_server):
    player = log_in(browser, demo_server, "player1", {"width": 1280, "height": 800})
    player.goto(demo_tables(player, demo_server)["d100"] + "?tab=more")  # the notation roll's tab
    wait_live(player)
    rows = player.locator("#log .roll")
    before = rows.count()
    player.fill("#roll-form [name=notation]", "1d100")
    button = player.locator("#roll-form button[type=submit]")
    button.focus()
    player.keyboard.press("Enter")
    expect(rows).to_have_count(before + 1)
    expect(button).to_be_enabled()
    expect(button).to_be_focused()
    player.keyboard.press("Enter")  # the same key again rolls again
    expect(rows).to_have_count(before + 2)


def test_a_card_button_keeps_the_focus_though_its_card_is_drawn_again(browser, demo_server):
    player = log_in(browser, demo_server, "player2", {"width": 1280, "height": 800})
    player.goto(demo_tables(player, demo_server)["tribute"])
    wait_live(player)
    rows = player.locator("#log .roll")
    before = rows.count()
    button = player.locator(".character-card .card-rolls button[name=roll]").nth(1)
    label = button.inner_text()
    button.focus()
    player.keyboard.press("Enter")
    expect(rows).to_have_count(before + 1)
    again = player.locator(".character-card .card-rolls button[name=roll]").nth(1)
    expect(again).to_have_text(label)  # the card drawn anew (campaigns.pages.card_views._answer): its button
    expect(again).to_be_focused()
    player.keyboard.press("Enter")
    expect(rows).to_have_count(before + 2)


@pytest.mark.parametrize("system", ["zener", "cgg"])
def test_a_roll_after_a_refused_one_goes_through_with_enter(browser, demo_server, system):
    """Play-test: after a refused notation ("2d"), the next one sent with Enter rolled."""
    player = log_in(browser, demo_server, "player1", {"width": 1280, "height": 800})
    player.goto(demo_tables(player, demo_server)[system] + "?tab=more")  # the notation roll's tab
    wait_live(player)
    notation = player.locator("#roll-form [name=notation]")
    notation.fill("2d")
    notation.press("Enter")
    # The refused form drawn again (it says so for the next post): what is typed from now on stays.
    expect(player.locator("#roll-form [name=after_error]")).to_be_attached()
    expect(player.locator("#roll-form .errorlist, #roll-form [role=alert]").first).to_be_visible()
    player.locator("#roll-form [name=label]").fill(f"after-refusal-{system}")
    notation.fill("2d6")
    notation.press("Enter")
    expect(player.locator("#log .roll", has_text=f"after-refusal-{system}")).to_have_count(1)
    expect(player.locator("#roll-form .errorlist, #roll-form [role=alert]")).to_have_count(0)


def test_an_answered_call_hands_the_focus_to_the_next_one_then_to_its_region(browser, server_url):
    """Play-test: after a step whose part of the page goes (a call answered), the focus fell to
    the page's top. It goes to the next call's first control, and with none left to the calls' region."""
    gm, invite, _table = start_campaign(browser, server_url, "focus_gm", "Focus calls", "Tribute Alpha")
    player = join(browser, invite, "focus_player")
    make_character(player, "Vera")
    wait_live(player)
    gm.reload()
    for label in ("first", "second"):
        call_for(gm, "Vera", label)
    calls = player.locator("#my-calls .call")
    expect(calls).to_have_count(2)

    newest = calls.first.locator("button[type=submit]").first
    expect(calls.first).to_contain_text("second")  # newest first
    newest.focus()
    player.keyboard.press("Enter")
    expect(calls).to_have_count(1)
    expect(calls.first.locator("input:not([type=hidden]), select, button").first).to_be_focused()

    calls.first.locator("button[type=submit]").first.focus()
    player.keyboard.press("Enter")
    expect(calls).to_have_count(0)
    assert player.evaluate("document.activeElement !== document.body")
    assert player.evaluate("!!document.activeElement.closest('section, main')")
