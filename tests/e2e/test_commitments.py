"""Committed secrets in the browser: a called roll's target is committed (the player's table
shows the digest alone, live), revealed with the result, and the player's browser checks it with the Web
Crypto API and says so in words: "✓ Checked", and "✗ Does not match" when the value shown is changed."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, notation_call_form
from tests.e2e.test_called_roll import open_tables

pytestmark = pytest.mark.browser


def test_a_revealed_target_is_checked_in_the_players_browser(browser, demo_server):
    gm, player = open_tables(browser, demo_server, "d100")
    errors = console_errors(player)
    lines = player.locator("#log .commitment-event[data-kind=commitment]", has_text="target of Mara Vell")
    before = lines.count()  # earlier tests' lines on the shared demo table: ours is the one that comes next
    form = notation_call_form(gm)
    form.locator("[name=character]").select_option(label="Mara Vell")
    form.locator("[name=label]").fill("Commitment check")
    form.locator("[name=notation]").fill("1d20")
    form.locator("[name=target]").fill("12")
    form.locator("[name=reveal_target]").check()
    form.locator("button[type=submit]").click()

    expect(lines).to_have_count(before + 1)
    committed = lines.first  # the newest, on top
    expect(committed).to_contain_text("Not revealed yet")
    digest = committed.locator(".commitment").get_attribute("data-digest")
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert committed.locator("[data-part=value]").count() == 0

    call = player.locator("#now #my-calls .call", has_text="Commitment check")
    call.locator("button:has-text('Roll 1d20')").click()
    # The reveal of the digest shown before the roll (the demo's log may hold earlier tests' reveals).
    revealed = player.locator(f"#log .commitment-event[data-kind=reveal]:has(.commitment[data-digest='{digest}'])")
    status = revealed.locator("[data-verify]")
    expect(status).to_have_text(re.compile(r"^✓ Checked"), timeout=5_000)
    expect(status).to_have_attribute("role", "status")
    expect(revealed.locator("[data-part=value]")).to_have_text("at least 12")
    # The earlier line, drawn before the reveal, shows it and is checked too.
    expect(committed.locator("[data-verify]")).to_have_text(re.compile(r"^✓ Checked"))

    revealed.locator("[data-part=value]").evaluate("element => { element.textContent = 'at least 13'; }")
    player.evaluate("window.fivefoldVerify()")
    expect(status).to_have_text(re.compile(r"^✗ Does not match"))
    assert errors == []
