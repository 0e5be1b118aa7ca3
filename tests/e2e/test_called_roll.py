"""The called roll is one click away: the GM calls for a roll on a demo table, the
player's open table (a phone) shows it live above everything else, lit up, and one click answers
it; the roll lands in both logs. A plain notation call (saved by the GM, then made again from its
button), a call for a roll from the character's card in every system where the card's default rolls at
once (d100's Stealth test, Zener's Pilot check), and a system's own call: Tribute Alpha's opposed test."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, notation_call_form
from tests.e2e.test_accessibility import DESKTOP, PHONE, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


def open_tables(browser, demo_server, system):
    gm = log_in(browser, demo_server, "gm", DESKTOP)
    player = log_in(browser, demo_server, "player1", PHONE)
    table = demo_tables(gm, demo_server)[system]
    for page in (gm, player):
        page.goto(table)
        wait_live(page)
    return gm, player


def answer_in_one_click(gm, player, text, button):
    """The call shows at the top of the player's table; one click on `button` answers it."""
    # Filtered by its words: another test on the same demo table may have left a call of its own there.
    call = player.locator("#now #my-calls .call", has_text=text)
    expect(call).to_have_count(1)
    expect(call).to_be_in_viewport()  # at the top of a phone's table, no scrolling, nothing to open
    gm_rolls, player_rolls = gm.locator("#log .roll").count(), player.locator("#log .roll").count()
    call.locator(f"button:has-text('{button}')").click()
    expect(call).to_have_count(0)
    for page, before in ((player, player_rolls), (gm, gm_rolls)):
        expect(page.locator("#log .roll")).to_have_count(before + 1)
        expect(page.locator("#log .roll").first).to_contain_text("Mara Vell")
        expect(page.locator("#log .roll").first).to_have_attribute("data-roll-id", re.compile(r"^\d+$"))


def test_a_notation_call_saved_and_called_again_is_answered_in_one_click(browser, demo_server):
    gm, player = open_tables(browser, demo_server, "d100")
    errors = console_errors(player)
    form = notation_call_form(gm)
    form.locator("[name=character]").select_option(label="Mara Vell")
    form.locator("[name=label]").fill("Perception")
    form.locator("[name=notation]").fill("1d20")
    form.locator("[name=target]").fill("12")
    form.locator("[name=save_as]").fill("Perception check")
    form.locator("button[type=submit]").click()
    answer_in_one_click(gm, player, "The GM asks Mara Vell: Roll Perception", "Roll 1d20")

    saved = gm.locator("#saved-calls")
    saved.locator("[name=character]").select_option(label="Mara Vell")
    saved.locator("button:has-text('Call: Perception check')").click()
    expect(saved).to_contain_text("Called “Perception check” for Mara Vell.")
    answer_in_one_click(gm, player, "The GM asks Mara Vell: Roll Perception", "Roll 1d20")
    saved.get_by_role("button", name="Remove the saved call Perception check").click()
    expect(gm.locator("#saved-calls button:has-text('Call: Perception check')")).to_have_count(0)
    assert errors == []


def test_a_tribute_opposed_test_is_answered_in_one_click(browser, demo_server):
    gm, player = open_tables(browser, demo_server, "tribute")
    errors = console_errors(player)
    gm.locator("#tab-system").click()  # the GM's screen: the opposed test is on the system's tab
    opposed = gm.locator("#tribute-opposed-form")
    opposed.locator("[name=character]").select_option(label="Mara Vell")
    opposed.locator("[name=opponent_name]").fill("Ogre")
    opposed.locator("[name=opponent_rank]").fill("2")
    opposed.locator("[name=label]").fill("Arm wrestling")
    opposed.locator("button[type=submit]").click()
    answer_in_one_click(gm, player, "The GM asks Mara Vell: Roll Arm wrestling", "Roll")
    expect(gm.locator("#log .roll").first).to_contain_text("Ogre")
    assert errors == []


@pytest.mark.parametrize(("system", "what"), [("d100", "Stealth"), ("zener", "Pilot")])
def test_a_call_for_a_roll_from_the_card_is_answered_with_the_cards_button(browser, demo_server, system, what):
    gm, player = open_tables(browser, demo_server, system)
    form = gm.locator("#card-call-form")  # open on the Table tab
    form.locator("[name=character]").select_option(label="Mara Vell")
    expect(form.locator("[name=key] option", has_text=what).first).to_be_attached()
    form.locator("[name=key]").select_option(label=form.locator("[name=key] option", has_text=what).first.inner_text())
    form.get_by_role("button", name="Call for this roll").click()
    expect(form).to_contain_text("Called")
    answer_in_one_click(gm, player, f"The GM asks Mara Vell: Roll {what}", f"Roll {what}")
