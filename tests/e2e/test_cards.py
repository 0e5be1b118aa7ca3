"""The character card in the browser, in every system: on each demo table the demo's
player1 finds at least six distinct buttons whose accessible name starts with "Roll ", and one
click on one of them, with no other input, puts exactly one roll in the log, drawn as dice chips
with an outcome badge; at phone width the card, with its options open, passes axe and does not
scroll sideways."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accessibility import (
    DESKTOP,
    PHONE,
    assert_accessible,
    assert_no_sideways_scrolling,
    demo_tables,
    log_in,
    wait_live,
)

pytestmark = pytest.mark.browser

ROLL = re.compile("^Roll ")
# Per system: the button clicked, a text of its row (the sheet's values went in), its dice chips
# (a selector and how many), and the badge. CGG's Dexterity would answer the demo's open Exec call.
CASES = {
    "cgg": ("Technical", "Mara Vell rolled Technical 3d", ".die", 3, r"Total \d+"),
    "d100": ("Stealth", "Standard: 55%", ".die", None, r"Success|Failure|Critical"),
    "ore": ("Dodge", "Coordination + Dodge", ".die-hard", 1, r"✔|✘"),
    "tribute": ("Might", "Might", ".die", None, r"Win|Match|Fail"),
    "zener": ("Pilot", "Pilot 3 + PRAC foundation 8", ".die", 3, r"✔|✘"),
}


def roll_ids(page) -> list[str]:
    return page.locator("#log [data-roll-id]").evaluate_all("rows => rows.map(row => row.dataset.rollId)")


@pytest.mark.parametrize("system", sorted(CASES))
def test_one_click_on_the_card_adds_exactly_one_roll_drawn_as_dice(browser, demo_server, system):
    what, row_text, chips, chip_count, badge = CASES[system]
    player = log_in(browser, demo_server, "player1", DESKTOP)
    player.goto(demo_tables(player, demo_server)[system])
    wait_live(player)
    buttons = player.get_by_role("button", name=ROLL)
    names = {
        re.sub(r"\s+", " ", buttons.nth(i).get_attribute("aria-label") or buttons.nth(i).inner_text()).strip()
        for i in range(buttons.count())
    }
    assert len(names) >= 6, names
    before = roll_ids(player)
    player.get_by_role("button", name=re.compile(f"^Roll {what}\\b")).first.click()
    rows = player.locator("#log [data-roll-id]")
    expect(rows).to_have_count(len(before) + 1, timeout=3000)
    player.wait_for_timeout(500)  # the same roll also comes over the socket: still one new row
    after = roll_ids(player)
    assert len(after) == len(set(after)) == len(before) + 1
    new = player.locator(f"#log [data-roll-id='{(set(after) - set(before)).pop()}']")
    expect(new).to_contain_text(row_text)
    if chip_count is None:
        expect(new.locator(chips).first).to_be_visible()
    else:
        expect(new.locator(chips)).to_have_count(chip_count)
    expect(new.locator(".outcome").first).to_contain_text(re.compile(badge))
    expect(player.locator(".card-said").first).to_contain_text(f"Rolled {what}.")


@pytest.mark.parametrize("system", sorted(CASES))
def test_the_card_with_its_options_open_at_phone_width(browser, demo_server, system):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)[system])
    wait_live(player)
    # A call waiting (the demo's, in Centaurus Gate) opens the phone on the Now view: one tap to the card.
    player.get_by_role("navigation", name="Parts of this table").get_by_role("link", name="Character").click()
    player.locator(".card-options summary").first.click()
    expect(player.locator(".card-options").first).to_have_attribute("open", "")
    assert_accessible(player, f"{system} table at 360 px, the card's options open")
    assert_no_sideways_scrolling(player, f"{system} card")


def test_a_d100_test_can_leave_the_difficulty_to_the_gm(browser, demo_server):
    player = log_in(browser, demo_server, "player1", PHONE)
    player.goto(demo_tables(player, demo_server)["d100"])
    wait_live(player)
    before = roll_ids(player)
    player.locator(".card-options summary").click()
    player.locator(".card-options select[name=difficulty]").select_option("gm")
    player.get_by_role("button", name=re.compile("^Roll Agility")).click()
    expect(player.locator(".card-said")).to_contain_text("Agility: asked.")
    player.wait_for_timeout(500)
    assert roll_ids(player) == before


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_a_box_with_help_text_has_its_label_beside_it_and_its_help_under_it(browser, demo_server, viewport):
    """A play-test: on the ORE card's options the label "I set my wiggle dice myself" stood after its help text, on
    the far side of the box; and a long label (Tribute's "The GM sets the opposition…") stays beside its box."""
    player = log_in(browser, demo_server, "player1", viewport)
    tables = demo_tables(player, demo_server)
    for system, name in (("ore", "I set my wiggle dice myself"), ("tribute", "The GM sets the opposition")):
        player.goto(tables[system])
        card = player.locator(".character-card").first
        card.locator(".card-options summary").click()
        box = card.get_by_role("checkbox", name=re.compile(name)).bounding_box()
        label = card.locator("label", has_text=name).bounding_box()
        assert label["x"] > box["x"] + box["width"], (system, box, label)  # the label right of its box
        assert label["y"] <= box["y"] + box["height"], (system, box, label)  # on the box's line
        assert box["y"] <= label["y"] + label["height"], (system, box, label)
        helptext = card.locator(".card-options div:has(> input[type=checkbox]) > .helptext")
        if system == "ore":
            under = helptext.first.bounding_box()
            assert under["y"] >= label["y"] + label["height"] - 1, (under, label)  # the help on its own line below


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360", "1280"])
def test_now_says_a_step_waits_on_the_card(browser, demo_server, viewport):
    """A play-test: with ORE's wiggle dice waiting on the card's "Last roll", "Now" said "Nothing waits for you"
    beside "Needs you (1)"."""
    player = log_in(browser, demo_server, "player1", viewport)
    player.goto(demo_tables(player, demo_server)["ore"])
    wait_live(player)
    now = player.locator("#now")
    card = player.locator(".character-card").first
    card.locator(".card-options summary").click()
    card.get_by_role("checkbox", name=re.compile("I set my wiggle dice myself")).check()
    card.get_by_role("button", name=re.compile("^Roll Perception")).click()
    expect(card.locator(".last-roll .call")).to_be_visible()
    thumb = player.get_by_role("navigation", name="Parts of this table").get_by_role("link", name="Now")
    if thumb.is_visible():
        thumb.click()
    expect(now.locator(".card-step-hint")).to_be_visible()
    expect(now.locator(".empty-hint")).to_be_hidden()
