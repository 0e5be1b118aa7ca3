"""The "Needs you" strip live: the player answers the Exec's call with Venture left, and
the item appears in the Exec's strip and the Exec's page title counts it within a second, without a
reload; the Exec publishes from the strip with one click and the item and the count go."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, join, make_character, start_campaign

pytestmark = pytest.mark.browser
WITHIN = 1000  # ms: the strip and the title count it "within a second"
# The browser's Web Audio, counting the beeps static/fivefold/needs.js starts instead of playing them.
COUNT_BEEPS = """
window.beeps = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: {}, connect: (next) => next, start: () => { window.beeps += 1; }, stop() {} };
  }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next) => next }; }
};
"""


def test_the_players_answer_waits_in_the_execs_strip(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "needs_exec", "Needs Gate", "Centaurus Gate")
    lyra = join(browser, invite, "needs_lyra")
    make_character(
        lyra,
        "Lyra Quill",
        {
            "#id_dexterity": "10d",  # many dice: Venture comes often
        },
    )
    expect(lyra.locator("#needs")).to_contain_text("Nothing waits on you now.")

    # The Exec turns the sound on in their settings; the player leaves it off, as it starts.
    gm.click("nav >> text=Settings")
    gm.check("#id_needs_sound")
    gm.click("main button:has-text('Save')")
    expect(gm.locator("main")).to_contain_text("Your settings are saved.")
    for page in (gm, lyra):
        page.add_init_script(COUNT_BEEPS)
    lyra.reload()
    gm.goto(table)
    expect(gm.locator("#live-status")).to_have_text("live")
    expect(gm).to_have_title("Needs Gate · Fivefold")
    errors = {"gm": console_errors(gm), "lyra": console_errors(lyra)}
    gm.click("#tab-system")  # the Exec's call form is on the system's tab
    for _attempt in range(15):
        gm.select_option("#cgg-call-form [name=character]", label="Lyra Quill")
        gm.select_option("#cgg-call-form [name=attribute]", "dexterity")
        gm.fill("#cgg-call-form [name=label]", "Cross the ridge")
        gm.click("#cgg-call-form button[type=submit]")
        # The call waits on the player: in their strip, and in their title.
        expect(lyra.locator("#needs .need")).to_contain_text("The GM asks Lyra Quill: roll Cross the ridge.")
        expect(lyra).to_have_title(re.compile(r"^\(1\) Needs Gate"))
        card = lyra.locator("#my-calls .call")
        rows = lyra.locator("#log .roll").count()
        card.locator("button[type=submit]").click()
        published = lyra.locator("#log .roll").nth(rows)
        expect(card.filter(has_text=re.compile(r"[1-9]\d* Venture")).or_(published).first).to_be_visible()
        if not published.count():
            break
        expect(card).to_have_count(0)  # no Venture: published at once; call again
    else:
        pytest.fail("no roll of 10d made Venture in 15 tries")

    # The player keeps their Venture for the Exec: the call is the Exec's turn now. The Exec looks at
    # another tab meanwhile: the strip stays in view above the tabs.
    expect(gm.locator("#needs .need")).to_have_count(0)
    gm.click("#tab-characters")
    expect(gm.locator("#gm-calls")).to_be_hidden()
    card.locator("button[type=submit]").filter(has_text=re.compile(r"^(No Wrench|Done)$")).click()
    answered = time.monotonic()
    item = gm.locator("#needs .need")
    expect(item).to_contain_text("Lyra Quill's Cross the ridge: the player has rolled", timeout=WITHIN)
    expect(gm).to_have_title("(1) Needs Gate · Fivefold", timeout=WITHIN)
    assert time.monotonic() - answered < 1.5  # the two waits above, each within a second of the answer
    expect(gm.locator("#needs .needs-count")).to_have_text("1")
    assert gm.evaluate("window.beeps") == 1  # the count went up once, and the Exec asked for the sound
    assert lyra.evaluate("window.beeps") == 0  # the player's count went up too, with the sound off
    expect(lyra.locator("#needs .need")).to_have_count(0)
    # "Go to it" opens the Table tab at the call's card, with the Hammer's choices.
    item.locator("a:has-text('Go to it')").click()
    expect(gm.locator("#gm-calls .call")).to_be_in_viewport()
    expect(gm.locator("#gm-calls .call")).to_contain_text("Hammer uses")
    expect(gm.locator("#tab-table")).to_have_attribute("aria-selected", "true")
    expect(gm.locator("#gm-calls .call :focus")).to_have_count(1)  # the card's first control, not its hidden token

    item.locator("button:has-text('Publish, no Hammer')").click()  # one click, in place
    expect(item).to_have_count(0)
    expect(gm).to_have_title("Needs Gate · Fivefold")
    expect(gm.locator("#needs")).to_contain_text("Nothing waits on you now.")
    expect(gm.locator("#log .roll").first).to_contain_text("Cross the ridge")
    expect(gm.locator("#gm-calls .call")).to_have_count(0)
    assert gm.url.startswith(table)  # no reload, no navigation: the address keeps the tab and anchor
    assert errors == {"gm": [], "lyra": []}
