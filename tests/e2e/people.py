"""What people do in the browser before they play: sign up, start a campaign, join it."""

from playwright.sync_api import Locator, Page, expect

PASSWORD = "a long table password 7"


def sign_up(page: Page, username: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("button:has-text('Create account')")


def start_campaign(browser, server_url: str, gm_name: str, name: str, system: str) -> tuple[Page, str, str]:
    """A new GM signs up and starts a campaign: (their page, the invite link, the table's address)."""
    gm = browser.new_context().new_page()
    gm.goto(f"{server_url}/accounts/signup/")
    sign_up(gm, gm_name)
    gm.click("text=Start a campaign")
    gm.fill("#id_name", name)
    gm.select_option("#id_system", label=system)
    # As a GM would: the system's settings come in above the button (a layout shift under the pointer).
    expect(gm.locator("#system-settings legend")).to_have_text(f"{system} settings")
    gm.click("button:has-text('Create campaign')")
    expect(gm.locator("h1")).to_have_text(name)
    invite = gm.input_value("#invite-url")  # a new campaign opens on the tab with the invite link
    gm.locator("#tab-table").click()  # then the GM goes to the Table tab, where play is
    expect(gm.locator("#tab-table-panel:not([data-lazy])")).to_be_visible()
    return gm, invite, gm.url.split("?")[0]


def join(browser, invite: str, username: str) -> Page:
    """A new player follows the invite link, signs up on the way and joins."""
    page = browser.new_context().new_page()
    page.goto(invite)
    page.click("main >> text=sign up")
    sign_up(page, username)
    page.click("button:has-text('Join as a player')")
    expect(page.locator("#live-status")).to_have_text("live")
    return page


def fill_in(within: Page | Locator, fields: dict[str, str]) -> None:
    """Each field of `fields` in order (a selector within `within`, and what a person types in it, or chooses
    by its value or its label where it is a list)."""
    for selector, value in fields.items():
        field = within.locator(selector)
        if field.evaluate("field => field.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def make_character(page: Page, name: str, fields: dict[str, str] | None = None, start: str = "New character") -> None:
    """The player makes a character from the link `start`: its name, then `fields` (`fill_in`), and saves it."""
    page.click(f"text={start}")
    page.fill("#id_name", name)
    fill_in(page, fields or {})
    page.click("button:has-text('Save')")


def confirm(page: Page) -> None:
    """Say yes to the question a form with data-confirm asks (static/fivefold/confirm.js)."""
    page.locator("dialog.confirm-dialog[open] button.confirm-yes").click()


def console_errors(page: Page) -> list[str]:
    """The page's console errors from now on (htmx's oobErrorNoTarget among them), as they come."""
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    return errors


def settled(page: Page, tab: str) -> None:
    """The table's page, with its tab `tab`, has loaded its style sheet and scripts: before that, an unstyled
    page shows the phone's thumb bar at any width (a loaded machine once clicked it at 1280 px, and it was gone)."""
    expect(page.locator(tab)).to_be_attached()
    page.wait_for_load_state("load")


def open_more(page: Page) -> None:
    """A player's system panel and notation roll: the "More rolls" tab, fetched when it opens; on a
    phone, the thumb bar's "More…" view."""
    settled(page, "#tab-more")
    if page.locator(".thumb-nav").is_visible():
        page.locator(".thumb-nav a[data-view=more]").click()
    else:
        page.locator("#tab-more").click()
    expect(page.locator("#tab-more-panel:not([data-lazy])")).to_be_visible()


def back_to_play(page: Page) -> None:
    """The player's Play tab again (their card, what waits now), the other tab kept in the page and live."""
    settled(page, "#tab-play")
    if page.locator(".thumb-nav").is_visible():
        page.locator(".thumb-nav a[data-view=character]").click()
    else:
        page.locator("#tab-play").click()
    expect(page.locator("#tab-play-panel:not([data-lazy])")).to_be_visible()


def roll(page: Page, notation: str, label: str = "") -> None:
    """A notation roll from the table's roll form, with its label."""
    more = page.locator("#tab-more")  # a player's notation roll is on the "More rolls" tab
    if more.count() and more.get_attribute("aria-selected") != "true":
        more.click()
    page.fill("#roll-form [name=notation]", notation)
    page.fill("#roll-form [name=label]", label)
    page.click("#roll-form button[type=submit]")


def notation_call_form(gm: Page):
    """The GM's call for dice in notation, its fold on the Table tab opened (once: a second click would close it)."""
    fold = gm.locator("details.call-notation")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    return gm.locator("#call-form")
