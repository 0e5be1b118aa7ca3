"""A Centaurus Gate player's turn steps in tension mode, in the browser: each post's own answer comes after
the live message of its change, which has already drawn the panel again. The player's own forms (the
diligence form, held by hx-preserve) stay through every step, so Ready! follows choosing who goes first.
A play-test found the diligence form gone after the first turn step until a reload: htmx swapped the
answer into the panel the live message had replaced, and took the page's preserved form with it. A choice
made in the turn forms stays through another's change, which draws the panel again live."""

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import console_errors, join, make_character, start_campaign

pytestmark = pytest.mark.browser


def make_explorer(page: Page, name: str) -> None:
    make_character(
        page,
        name,
        {
            "#id_roles-0-text": "Pilot",
        },
    )
    expect(page.locator("h1")).not_to_have_text("New character")
    page.goto(page.url.split("#")[0].split("?")[0] + "?tab=more")  # the system's panel: a tab away from the card
    expect(page.locator("#cgg-panel")).to_contain_text(f"{name}: 12/12 hours")


def settled(page: Page) -> None:
    """The turn forms drawn and no request in flight: a live panel leaves the forms out and the page fetches
    them (a placeholder with hx-get), so a click in that moment would land on a form being replaced."""
    expect(page.locator("#cgg-turn-forms[hx-get]")).to_have_count(0)
    expect(page.locator(".htmx-request")).to_have_count(0)


def post_answered(page: Page, button: str) -> None:
    """Click `button` and wait until its post's answer has been handled (swapped, or not), whatever part of
    the page the live message drew again meanwhile: htmx handles it in the request's load, before loadend."""
    page.evaluate(
        """() => {
          document.body.removeAttribute("data-answered");
          // Not { once: true }: a GET that starts first (the turn forms fetched after a live message) would use it up.
          const listen = (event) => {
            if (event.detail.requestConfig.verb !== "post") return;
            document.removeEventListener("htmx:beforeRequest", listen);
            event.detail.xhr.addEventListener("loadend", () => { document.body.dataset.answered = ""; });
          };
          document.addEventListener("htmx:beforeRequest", listen);
        }"""
    )
    page.click(button)
    expect(page.locator("body[data-answered]")).to_have_count(1)  # the page's CSP allows no polled script


def slow_once(page: Page, url: str, seconds: float) -> None:
    """The next request for `url` answered `seconds` late, as a busy server would."""

    def late(route):
        time.sleep(seconds)
        route.continue_()

    page.route(url, late, times=1)


def diligence_form_kept(page: Page) -> None:
    form = page.locator("#cgg-diligence-form")
    expect(form).to_have_count(1)
    expect(page.locator("#cgg-diligence")).to_have_count(1)  # one copy, in the panel
    expect(page.locator("#cgg-panel #cgg-diligence-form")).to_have_count(1)


def test_a_players_diligence_form_stays_through_their_turn_steps(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "turnexec", "Turns", "Centaurus Gate")
    mara = join(browser, invite, "turnmara")
    make_explorer(mara, "Mara Turn")
    dax = join(browser, invite, "turndax")
    dax.set_viewport_size({"width": 360, "height": 800})
    make_explorer(dax, "Dax Turn")
    expect(dax.locator(".table-page")).to_have_attribute("data-view", "more")  # a phone: the panel's own view
    gm.goto(table + "?tab=system")
    expect(gm.locator("#live-status")).to_have_text("live")
    errors = {"gm": console_errors(gm), "mara": console_errors(mara), "dax": console_errors(dax)}

    gm.select_option("#tension-edge", label="Mara Turn")
    gm.click("button:has-text('Start tension mode')")
    expect(mara.locator("#turn-first")).to_be_visible()
    diligence_form_kept(mara)

    # What the player had begun in the diligence form stays too.
    mara.locator("#cgg-diligence > details > summary").click()
    mara.fill("#diligenceform-purpose", "Lock the airlock")
    settled(mara)
    mara.select_option("#turn-first", label="Mara Turn")
    post_answered(mara, "#cgg-turn-forms button:has-text('Choose')")
    expect(mara.locator("#cgg-turns")).to_contain_text("focus on Mara Turn (to act)")
    expect(gm.locator("#cgg-turns")).to_contain_text("focus on Mara Turn (to act)")
    diligence_form_kept(mara)
    expect(mara.locator("#diligenceform-purpose")).to_have_value("Lock the airlock")
    expect(mara.locator("#cgg-turn-forms")).to_contain_text("Idle!")  # the answer's own turn forms

    # Ready! right after choosing who goes first: the play-test's blocked step.
    mara.check("#diligenceform-ready")
    rows = mara.locator("#log .roll").count()
    mara.click("#cgg-diligence-form button:has-text('Roll diligence')")
    row = mara.locator("#log .roll").nth(rows)
    expect(mara.locator("#log .roll").first).to_contain_text("Ready!")
    expect(row).to_have_count(1)
    expect(mara.locator("#cgg-turns")).to_contain_text("acted: passes the focus")
    diligence_form_kept(mara)

    # The next turn steps: Mara's player passes the focus, Dax's player idles; each keeps their form.
    settled(mara)
    mara.select_option("#turn-pass", label="Dax Turn")
    mara.select_option("#turn-bonus-attribute", "technical")  # the Edge holder's bonus, chosen but not given
    # The Exec adds a pitfall meanwhile: the live panel leaves the turn forms out and each player's page fetches
    # its own; the choices Mara's player made in them come back with them, however long a busy server takes to
    # answer that fetch (a busy machine may take seconds).
    slow_once(mara, "**/tension/turn/forms/", seconds=6)
    gm.locator("summary:has-text('Add a pitfall')").click()
    gm.fill("#pitfall-name", "The airlock seal")
    gm.click("button:has-text('Add the pitfall')")
    expect(mara.locator("#cgg-panel")).to_contain_text("The airlock seal")
    settled(mara)
    expect(mara.locator("#turn-bonus-attribute")).to_have_value("technical")
    expect(mara.locator("#turn-pass")).to_have_value(
        mara.locator("#turn-pass option", has_text="Dax Turn").get_attribute("value")
    )
    post_answered(mara, "#cgg-turn-forms button:has-text('Pass the focus')")
    expect(dax.locator("#cgg-turns")).to_contain_text("focus on Dax Turn (to act)")
    diligence_form_kept(mara)
    settled(dax)
    post_answered(dax, "#cgg-turn-forms button:has-text('Idle!')")
    expect(dax.locator("#cgg-turns")).to_contain_text("everyone has acted")
    diligence_form_kept(dax)
    diligence_form_kept(mara)
    assert errors == {"gm": [], "mara": [], "dax": []}
