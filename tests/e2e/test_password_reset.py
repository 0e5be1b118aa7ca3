"""A player who forgot their password gets back in by email, in the browser, on a phone: the server sends the
reset mail through a real SMTP server (aiosmtpd, started here), and the player follows its link."""

import email
import re
import threading

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect

from tests.e2e.conftest import Server, _free_port
from tests.e2e.people import PASSWORD, sign_up

pytestmark = pytest.mark.browser
NEW_PASSWORD = "another long table password 8"


class Mailbox:
    """What the SMTP server received, each message as it came."""

    def __init__(self):
        self.messages: list[email.message.Message] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):  # the hook aiosmtpd calls with each message
        with self.arrived:
            self.messages.append(email.message_from_bytes(envelope.content))
            self.arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, count: int) -> list[email.message.Message]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.messages) >= count, timeout=15), self.messages
            return self.messages


@pytest.fixture
def mailbox():
    box = Mailbox()
    smtp = Controller(box, hostname="127.0.0.1", port=_free_port())
    smtp.start()
    yield box, smtp.port
    smtp.stop()


@pytest.fixture
def mailing_server(tmp_path, mailbox):
    server = Server(tmp_path)
    server.env["EMAIL_URL"] = f"smtp://127.0.0.1:{mailbox[1]}"
    yield server.start()
    server.stop()


def test_a_forgotten_password_is_reset_through_the_mailed_link(browser, mailing_server, mailbox):
    box, _port = mailbox
    page = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
    page.goto(f"{mailing_server.url}/accounts/signup/")
    page.fill("#id_email", "wren@example.com")
    sign_up(page, "wren")
    page.click("button:has-text('Log out')")

    page.goto(f"{mailing_server.url}/accounts/login/")
    page.click("text=Reset it by email")
    page.fill("#id_email", "wren@example.com")
    page.click("button:has-text('Send the link')")
    expect(page.locator("h1")).to_have_text("Check your mail")

    [mail] = box.wait_for(1)
    assert mail["To"] == "wren@example.com"
    assert mail["Subject"] == "Reset your Fivefold password"
    link = re.search(r"http://\S+", mail.get_payload(decode=True).decode())[0]
    assert link.startswith(mailing_server.url)  # the link comes back to the site the player asked on

    page.goto(link)
    expect(page.locator("h1")).to_have_text("Choose a new password")
    page.fill("#id_new_password1", NEW_PASSWORD)
    page.fill("#id_new_password2", NEW_PASSWORD)
    page.click("button:has-text('Set the password')")
    expect(page.locator("h1")).to_have_text("Your new password is set")

    page.click("main >> text=Log in")
    page.fill("#id_username", "wren")
    page.fill("#id_password", PASSWORD)  # the old one no longer works
    page.click("main button:has-text('Log in')")
    expect(page.locator(".errorlist")).to_be_visible()
    page.fill("#id_password", NEW_PASSWORD)
    page.click("main button:has-text('Log in')")
    expect(page.locator("button:has-text('Log out')")).to_be_visible()

    page.goto(link)  # the link worked once
    expect(page.locator("h1")).to_have_text("This link does not work")
