"""A GM's call carries its number: on every demo table the GM, from the Table tab, calls Mara Vell's
roll with the system's difficulty, opposition or modifier, open or secret, in at most 4 clicks (the character,
the roll, the number, "Call" or "Call in secret"); player1 answers in 1 click, on a phone; the result lands in
the GM's, player1's and player2's logs. A secret number shows the players only that there is one."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import console_errors
from tests.e2e.test_accessibility import DESKTOP, PHONE, demo_tables, log_in, wait_live

pytestmark = pytest.mark.browser


class Clicks:
    """Counts what a person does: a click, or a choice in a select (one pick of the pointer)."""

    def __init__(self):
        self.count = 0

    def click(self, locator) -> None:
        self.count += 1
        locator.click()

    def choose(self, select, **option) -> None:
        self.count += 1
        select.select_option(**option)


def venture_steps(gm: Page, call, published, gm_published) -> None:
    """Centaurus Gate's steps after the dice, when they showed Venture (seed, "Venture"): the player's Wrench
    choice, then the Exec's Hammer. The rules' own decisions, not part of answering the call; with no
    Venture the roll is published at once (views._roll). `published`, `gm_published`: the new row in the
    player's log and in the GM's."""
    # The Wrench step's card stands on the character card's last roll, or under Now (campaigns.table.last_roll):
    # wherever it is, once, and the player clicks it there.
    wrench = call.page.locator(".call form[action*='/wrench/'] button").filter(
        has_text=re.compile(r"^(No Wrench|Done)$")
    )
    hammer = gm.locator("#gm-calls .call form[action*='/hammer/'] button").first
    expect(published.or_(wrench).first).to_be_attached()
    if wrench.count():
        wrench.click()
    expect(gm_published.or_(hammer).first).to_be_attached()
    if hammer.count():
        hammer.click()  # the app's own dialog asks first: publishing cannot be taken back (confirm.js)
        gm.get_by_role("dialog").get_by_role("button", name="Publish it").click()


@pytest.fixture
def people(browser, demo_server):
    gm = log_in(browser, demo_server, "gm", DESKTOP)
    player1 = log_in(browser, demo_server, "player1", PHONE)
    player2 = log_in(browser, demo_server, "player2", DESKTOP)
    return gm, player1, player2, demo_tables(gm, demo_server)


# (system, the number chosen, "Call" or "Call in secret", what the player's call card says of it)
CALLS = [
    ("ore", "3", "Call for this roll", "Difficulty: 3."),
    ("ore", "5", "Call in secret", "Against a secret difficulty"),
    ("d100", "hard", "Call for this roll", "Difficulty: Hard (-20)."),
    ("d100", "easy", "Call in secret", "Against a secret difficulty"),
    ("tribute", "2", "Call for this roll", "Opposition: +2."),
    ("tribute", "-1", "Call in secret", "Against a secret opposition"),
    ("zener", "-2", "Call for this roll", "Modifier: -2."),
    ("cgg", "5", "Call in secret", ""),
]


@pytest.mark.parametrize(("system", "number", "button", "said"), CALLS)
def test_the_gm_calls_with_a_number_in_four_clicks_and_the_player_answers_in_one(people, system, number, button, said):
    gm, player1, player2, tables = people
    for page in (gm, player1, player2):
        page.goto(tables[system])
        wait_live(page)
    errors = console_errors(gm) + console_errors(player1)
    rolls = [page.locator("#log .roll").count() for page in (gm, player1, player2)]

    gm_clicks = Clicks()  # from the Table tab, where the GM's table opens
    form = gm.locator("#card-call-form")
    gm_clicks.choose(form.locator("[name=character]"), label="Mara Vell")
    expect(form.locator("[name=key] option").first).not_to_have_attribute("value", "")  # the card's rolls came
    what = form.locator("[name=key] option").first.inner_text().split(" (")[0]
    gm_clicks.choose(form.locator("[name=key]"), index=0)
    gm_clicks.choose(form.locator("[name=number]"), value=number)
    gm_clicks.click(form.get_by_role("button", name=button))
    expect(form.get_by_role("status")).to_contain_text("Called")
    assert gm_clicks.count <= 4

    call = player1.locator("#now #my-calls .call", has_text=what).first  # the demo leaves calls of its own
    expect(call).to_be_in_viewport()
    if said:
        expect(call).to_contain_text(said)
    if button == "Call in secret" and system != "cgg":
        expect(player2.locator("#log")).to_contain_text("The GM committed to")
    player_clicks = Clicks()
    player_clicks.click(call.locator("button.roll-button, button:has-text('Roll')").first)
    if system == "cgg":
        venture_steps(gm, call, player1.locator("#log .roll").nth(rolls[1]), gm.locator("#log .roll").nth(rolls[0]))
    for page, before in zip((gm, player1, player2), rolls, strict=True):
        if system == "cgg":  # the answer's row, and perhaps its fallout's (the Exec's step, by the dice)
            expect(page.locator("#log .roll").nth(before)).to_be_attached()
        else:
            expect(page.locator("#log .roll")).to_have_count(before + 1)
        expect(page.locator("#log .roll").first).to_contain_text("Mara Vell")
    answered = gm.locator("#log .roll").first if system != "cgg" else gm.locator("#log .roll", has_text=what).first
    expect(answered).to_contain_text(what)
    assert player_clicks.count == 1
    assert errors == []
