"""What people do in the browser before they play: sign up, start a campaign, join it."""

from playwright.sync_api import Page, expect

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
    return gm, gm.input_value("#invite-url"), gm.url


def join(browser, invite: str, username: str) -> Page:
    """A new player follows the invite link, signs up on the way and joins."""
    page = browser.new_context().new_page()
    page.goto(invite)
    page.click("main >> text=sign up")
    sign_up(page, username)
    page.click("button:has-text('Join as a player')")
    expect(page.locator("#live-status")).to_have_text("live")
    return page


def confirm(page: Page) -> None:
    """Say yes to the question a form with data-confirm asks (static/fivefold/confirm.js)."""
    page.locator("dialog.confirm-dialog[open] button.confirm-yes").click()


def console_errors(page: Page) -> list[str]:
    """The page's console errors from now on (htmx's oobErrorNoTarget among them), as they come."""
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    return errors
