"""A GM opens a campaign, a player joins by the invite link and rolls, and the
GM's open table shows the roll live; a dropped socket catches up."""

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.people import confirm, join, make_character, notation_call_form, roll, sign_up, start_campaign

pytestmark = pytest.mark.browser


def test_gm_invites_player_rolls_and_gm_sees_it_live(browser, server_url):
    gm = browser.new_context().new_page()
    gm.goto(f"{server_url}/accounts/signup/")
    sign_up(gm, "gwen")
    gm.click("text=Start a campaign")
    gm.fill("#id_name", "The Gate")
    gm.select_option("#id_system", label="Tribute Alpha")
    gm.select_option("#id_tribute__die_size", label="d10 Cinematic")
    gm.click("button:has-text('Create campaign')")
    expect(gm.locator("h1")).to_have_text("The Gate")
    assert gm.url.endswith("?tab=session")  # a new campaign opens on the tab with the invite link
    expect(gm.locator("#live-status")).to_have_text("live")
    gm.click("button[data-copy=invite-url]")
    expect(gm.locator("button[data-copy=invite-url]")).to_have_text("Copied")
    invite = gm.input_value("#invite-url")
    assert re.fullmatch(rf"{server_url}/join/[\w-]{{32,}}/", invite)
    gm.evaluate("window.notReloaded = true")
    gm.click("#tab-table")  # the log is on the Table tab, fetched as it opens, no reload
    expect(gm.locator("#tab-table-panel:not([data-lazy]) #log")).to_be_attached()

    player = browser.new_context().new_page()
    player.goto(invite)
    player.click("main >> text=sign up")
    sign_up(player, "paul")
    expect(player.locator("h1")).to_have_text("Join The Gate")
    player.click("button:has-text('Join as a player')")
    expect(player.locator("#live-status")).to_have_text("live")
    roll(player, "3d6", "first-roll")

    expect(player.locator("#log .roll")).to_have_count(1)
    row = gm.locator("#log .roll")
    expect(row).to_have_count(1, timeout=5_000)
    expect(row).to_contain_text("first-roll")
    expect(row).to_contain_text(re.compile(r"3d6\s*→\s*\d\s*\d\s*\d\s*=\s*\d+"))
    expect(row.locator(".die")).to_have_count(3)
    assert gm.evaluate("window.notReloaded") is True

    # A secret GM roll stays on the GM's screen.
    gm.click("#tab-table")  # back to the Table tab, without a reload
    gm.check("#roll-form [name=secret]")
    roll(gm, "1d20", "secret-marker")
    expect(gm.locator("#log")).to_contain_text("secret-marker")
    roll(player, "1d4", "after-secret")
    expect(player.locator("#log .roll").first).to_contain_text("after-secret")
    assert "secret-marker" not in player.content()


def test_a_dropped_connection_catches_up(browser, server_url):
    gm = browser.new_context().new_page()
    away = away_while(gm)
    gm.goto(f"{server_url}/accounts/signup/")
    sign_up(gm, "gail")
    gm.click("text=Start a campaign")
    gm.fill("#id_name", "Dropped")
    gm.click("button:has-text('Create campaign')")
    expect(gm.locator("#live-status")).to_have_text("live")
    table_url = gm.url.split("?")[0]
    gm.goto(table_url)  # the Table tab, with the log
    expect(gm.locator("#live-status")).to_have_text("live")
    gm.click("#tab-session")  # the session buttons, a tab away: the Table tab's log stays in the page
    gm.click("button:has-text('Start a session')")  # a mark the table already shows
    expect(gm.locator("#log .session-mark")).to_have_text(re.compile("Session 1 started"))
    gm.click("#tab-table")

    away(True)

    # While the GM is away, another tab of the GM rolls and ends the session.
    other_tab = gm.context.new_page()
    other_tab.goto(table_url)
    roll(other_tab, "2d8", "missed-while-away")
    expect(other_tab.locator("#log")).to_contain_text("missed-while-away")
    other_tab.goto(table_url + "?tab=session")  # the GM screen's tab with the session buttons
    other_tab.click("button:has-text('End session 1')")
    confirm(other_tab)
    expect(other_tab.locator("#session-status")).to_have_text("Between sessions")
    expect(gm.locator("#log")).not_to_contain_text("missed-while-away")

    away(False)
    expect(gm.locator("#log .roll")).to_have_count(1, timeout=5_000)
    expect(gm.locator("#log")).to_contain_text("missed-while-away")
    # The marks of that time too, each once and in its place; and the header as it is now.
    entries = gm.locator("#log .session-mark, #log .roll .who")
    expect(entries).to_have_count(3)
    ended, missed, started = entries.all_inner_texts()
    assert (ended.startswith("Session 1 ended"), "missed-while-away" in missed) == (True, True)
    assert started.startswith("Session 1 started")
    expect(gm.locator("#session-status")).to_have_text("Between sessions")


def test_a_table_away_for_more_than_a_page_of_rolls_gets_them_all(browser, server_url):
    """45 rolls while the socket is down: on reconnecting, the log is the newest page
    again, and scrolling down brings every missed roll, with no reload."""
    gm = browser.new_context().new_page()
    away = away_while(gm)
    gm.goto(f"{server_url}/accounts/signup/")
    sign_up(gm, "gina")
    gm.click("text=Start a campaign")
    gm.fill("#id_name", "Long away")
    gm.click("button:has-text('Create campaign')")
    expect(gm.locator("#live-status")).to_have_text("live")
    gm.goto(gm.url.split("?")[0])  # from the invite's tab to the Table tab, with the roll form and the log
    expect(gm.locator("#live-status")).to_have_text("live")
    roll(gm, "1d6", "seen-before")
    expect(gm.locator("#log .roll")).to_have_count(1)
    gm.evaluate("window.notReloaded = true")

    away(True)
    other_tab = gm.context.new_page()
    other_tab.goto(gm.url)
    other_tab.evaluate(
        """async (count) => {
        const form = document.getElementById("roll-form");
        for (let i = 1; i <= count; i++) {
            const data = new FormData(form);
            data.set("notation", "1d6");
            data.set("label", "missed-" + i);
            data.delete("form_token");  // 45 posts of their own, not one post sent 45 times
            await fetch(form.action, {method: "POST", body: data, headers: {"HX-Request": "true"}});
        }
    }""",
        45,
    )

    away(False)
    expect(gm.locator("#log")).to_contain_text("missed-45", timeout=5_000)
    gm.locator("#log .older").scroll_into_view_if_needed(timeout=5_000)
    expect(gm.locator("#log .roll")).to_have_count(46, timeout=5_000)
    labels = gm.locator("#log .roll .who").all_inner_texts()
    assert {f"missed-{i}" for i in range(1, 46)} | {"seen-before"} == {
        re.search(r"(missed-\d+|seen-before)", label).group(1) for label in labels
    }
    assert gm.evaluate("window.notReloaded") is True


def test_a_removed_player_and_a_deleted_campaign_are_told_in_plain_words(browser, server_url):
    """The table says what happened, with a way home, and stops reconnecting."""

    gm, invite, table_url = start_campaign(browser, server_url, "gus", "Short stay", "Zener Gate")
    player = join(browser, invite, "pia")
    attempts = []
    player.on("websocket", lambda ws: attempts.append(ws.url))
    gm.goto(table_url + "?tab=session")  # the GM screen's tab with the players
    gm.click("li:has-text('pia') button:has-text('remove')")
    confirm(gm)

    notice = player.locator("#table-ended")
    expect(notice).to_contain_text("You no longer play in Short stay.", timeout=5_000)
    expect(player.locator("#live-status")).to_have_text("closed")
    player.wait_for_timeout(2_500)  # longer than the extension's first retry
    assert attempts == []  # it did not reconnect
    expect(player.locator("#live-status")).to_have_text("closed")
    notice.locator("a", has_text="Back to your campaigns").click()
    expect(player.locator("main")).not_to_contain_text("Short stay")

    player.goto(table_url)  # the old link: the app's own page, with the way home
    expect(player.locator("h1")).to_have_text("Nothing here")
    expect(player.locator("main a", has_text="Back to your campaigns")).to_be_visible()


def test_a_roll_answered_503_says_nothing_changed(browser, server_url):
    """PostgreSQL down: an htmx post answered 503 says so on the page, not nothing at all;
    the next answer that works clears it."""
    gm, _invite, _table = start_campaign(browser, server_url, "dora", "Outage", "Tribute Alpha")
    expect(gm.locator("#live-status")).to_have_text("live")  # the scripts are running: htmx posts the roll
    gm.route("**/roll/", lambda route: route.fulfill(status=503, body="<p>down</p>", content_type="text/html"))
    roll(gm, "1d6", "during-outage")
    alert = gm.locator("#request-alert")
    expect(alert).to_have_text("The table could not save that, so nothing changed. Please try again in a moment.")
    gm.unroute("**/roll/")
    roll(gm, "1d6", "after-outage")
    expect(gm.locator("#log")).to_contain_text("after-outage")
    expect(alert).to_have_text("")


NOTHING_HERE = "<!doctype html><html><body><main><h1>Nothing here</h1></main></body></html>"
REFUSED = '<p id="request-alert" class="error" role="alert" hx-swap-oob="innerHTML">The GM cancelled this call.</p>'


def test_an_htmx_answer_with_no_fragment_of_its_own_says_so_in_one_place(browser, server_url):
    """A click answered 404 (a player removed meanwhile), 500, an empty 422, a view's
    refusal or nothing at all (the connection lost) shows a plain message in the page's one alert
    region, never silence; the next post that works clears it."""

    gm, invite, _table = start_campaign(browser, server_url, "erin", "Errors", "Tribute Alpha")
    player = join(browser, invite, "pete")
    alert = player.locator("#request-alert")
    answers = {
        "lost": ("The table could not be reached. Check your connection, then try again.", lambda r: r.abort()),
        "500": (
            "Something went wrong on the table's side. Reload the table to see where things stand, then try again.",
            lambda r: r.fulfill(status=500, body="<h1>Server Error (500)</h1>", content_type="text/html"),
        ),
        "empty 422": (
            "That was not accepted, so nothing changed. Check what you entered, then try again.",
            lambda r: r.fulfill(status=422, body="", content_type="text/html"),
        ),
        "404 page": (  # the server's own 404 (a removal a moment before the click): a whole page, never swapped in
            "That is no longer here. Reload the table to see it as it is now.",
            lambda r: r.fulfill(status=404, body=NOTHING_HERE, content_type="text/html"),
        ),
        "422 page": (  # a whole page answered with a 422 (a proxy's, say) stays out of the form too
            "That was not accepted, so nothing changed. Check what you entered, then try again.",
            lambda r: r.fulfill(status=422, body=NOTHING_HERE, content_type="text/html"),
        ),
        "refused": (  # a view's own refusal (campaigns.pages.views._back_to_table), in its own words
            "The GM cancelled this call.",
            lambda r: r.fulfill(status=422, headers={"HX-Reswap": "none"}, content_type="text/html", body=REFUSED),
        ),
    }
    for name, (message, answer) in answers.items():
        player.route("**/roll/", answer)
        roll(player, "1d6", f"during-{name}")
        expect(alert).to_have_text(message)
        expect(player.locator("#roll-form [name=label]")).to_have_value(f"during-{name}")  # the form as it was
        expect(player.locator("h1")).to_have_text("Errors")
        player.unroute("**/roll/")
    roll(player, "1d6", "works-again")
    expect(player.locator("#log")).to_contain_text("works-again")
    expect(alert).to_have_text("")

    gm.goto(_table + "?tab=session")
    gm.click("li:has-text('pete') button:has-text('remove')")
    confirm(gm)
    expect(player.locator("#table-ended")).to_contain_text("You no longer play in Errors.", timeout=5_000)
    expect(player.locator("#roll-form button[type=submit]")).to_be_disabled()  # a closed table sends nothing


def test_a_click_after_the_log_in_expired_goes_to_the_log_in_page_and_back(browser, server_url):
    """htmx once followed the redirect and put the log-in page inside the roll form. Now the
    whole page goes to log in, says nothing was done, and comes back to the table."""
    from tests.e2e.people import PASSWORD

    gm, _invite, table_url = start_campaign(browser, server_url, "lena", "Expired", "Tribute Alpha")
    expect(gm.locator("#live-status")).to_have_text("live")
    sent = [time.monotonic()]
    gm.on("request", lambda request: sent.append(time.monotonic()))
    gm.fill("#roll-form [name=notation]", "1d6")
    gm.fill("#roll-form [name=label]", "after-expiry")
    expect(gm.locator("#roll-odds")).not_to_be_empty()  # the odds preview is in: the click is the Roll
    # No request of the page's own still to go (the label's odds preview waits 250 ms after the typing): one
    # sent after the log-in expired would take the page to log in before the click (CI, once).
    while time.monotonic() - sent[-1] < 0.8:
        gm.wait_for_timeout(100)
    gm.context.clear_cookies(name="sessionid")  # the log-in expired (or was ended elsewhere)
    gm.click("#roll-form button[type=submit]")

    expect(gm.locator("h1")).to_have_text("Log in")
    expect(gm.locator("#roll-form")).to_have_count(0)  # a whole page, not the table with a page inside
    expect(gm.locator(".messages")).to_contain_text("You are not logged in (any more), so nothing was done.")
    gm.fill("#id_username", "lena")
    gm.fill("#id_password", PASSWORD)
    gm.click("main button:has-text('Log in')")
    assert gm.url in (table_url, table_url + "?tab=table")  # back to the table, on the tab it was on
    expect(gm.locator("h1")).to_have_text("Expired")
    expect(gm.locator("#log")).not_to_contain_text("after-expiry")


def away_while(page: Page):
    """Route a page's table socket so that a test can drop it and keep it down: returns a
    switch, `away(True)` drops it (the extension retries in vain), `away(False)` lets it back."""
    socket = {"away": False, "open": []}

    def route(ws):
        if socket["away"]:
            ws.close(code=1013, reason="server away")  # htmx retries after 1006/1012/1013
            return
        ws.connect_to_server()
        socket["open"].append(ws)

    page.route_web_socket(re.compile(r".*/ws/campaigns/\d+/"), route)

    def away(down: bool) -> None:
        socket["away"] = down
        if down:
            socket["open"][-1].close(code=1012, reason="restart")
            expect(page.locator("#live-status")).to_have_text("reconnecting…")
        else:
            expect(page.locator("#live-status")).to_have_text("live", timeout=20_000)

    return away


def call_for(gm: Page, character: str, label: str) -> None:
    form = notation_call_form(gm)
    form.locator("[name=character]").select_option(label=character)
    form.locator("[name=label]").fill(label)
    form.locator("[name=notation]").fill("1d6")
    form.locator("[name=target]").fill("4")
    form.locator("button[type=submit]").click()
    expect(gm.locator("#gm-calls")).to_contain_text(label)
    # The card can come over the socket before the post's answer, a fresh form (a new one-time token):
    # filled before it lands, the next call would be typed into a form about to be replaced (CI, under load).
    expect(form.locator("[name=label]")).to_have_value("")


def test_a_dropped_connection_catches_up_the_calls(browser, server_url):
    """A table that was away shows the calls as they are now. The player's own cards:
    a call made meanwhile is there, one cancelled is gone; the GM's list: a call made in another
    tab is there, one answered is gone."""
    gm, invite, table = start_campaign(browser, server_url, "cora", "Calls away", "Tribute Alpha")
    player = join(browser, invite, "vic")
    make_character(player, "Vera")
    player_away = away_while(player)
    player.reload()
    expect(player.locator("#live-status")).to_have_text("live")
    gm_away = away_while(gm)
    gm.reload()
    expect(gm.locator("#live-status")).to_have_text("live")
    cards = player.locator("#my-calls .call")

    call_for(gm, "Vera", "seen-before")
    expect(cards).to_have_text([re.compile("seen-before")])
    call_for(gm, "Vera", "also-waiting")  # its answer comes with the first call's card beside the form
    expect(cards).to_have_count(2)
    tokens = gm.eval_on_selector_all("input[name=form_token]", "fields => fields.map((field) => field.value)")
    assert len(set(tokens)) == len(tokens)  # each form its own one-time token: no post is taken for another's
    player.select_option(".log-filters [name=character]", label="Vera")  # a filtered log catches up calls too
    expect(player.locator("#log-filtered")).to_have_count(1)
    player_away(True)
    gm.locator("#gm-calls .call", has_text="seen-before").locator("button:has-text('Cancel')").click()
    call_for(gm, "Vera", "made-while-away")
    # Newest first (the call the table waits on now at the top of a phone); the socket is down.
    expect(cards).to_have_text([re.compile("also-waiting"), re.compile("seen-before")])
    player_away(False)
    expect(cards).to_have_text([re.compile("made-while-away"), re.compile("also-waiting")])

    gm_away(True)
    other_tab = gm.context.new_page()
    other_tab.goto(table)
    call_for(other_tab, "Vera", "made-in-another-tab")
    cards.filter(has_text="made-while-away").locator("button:has-text('Roll')").click()
    expect(cards).to_have_text([re.compile("made-in-another-tab"), re.compile("also-waiting")])
    gm_calls = gm.locator("#gm-calls .call")
    expect(gm_calls).to_have_text([re.compile("also-waiting"), re.compile("made-while-away")])  # the socket is down
    gm_away(False)
    expect(gm_calls).to_have_text([re.compile("also-waiting"), re.compile("made-in-another-tab")])
    expect(gm.locator("#log")).to_contain_text("made-while-away")


def test_back_to_the_table_gives_a_fresh_page_whose_next_roll_counts(browser, server_url):
    """Play-test: roll, open the quick reference, another player rolls, Back, roll again:
    the restored page had a used one-time token, so the roll was answered 204 and dropped, in
    silence, over a stale log. Back now shows the table as it is, and its next roll is recorded."""
    from tests.e2e.people import join

    gm, invite, table = start_campaign(browser, server_url, "bea", "Back again", "Tribute Alpha")
    player = join(browser, invite, "bob")
    player.goto(table)
    roll(player, "2d6", "before-rules")
    expect(player.locator("#log")).to_contain_text("before-rules")
    player.click("text=Tribute Alpha quick reference")
    expect(player.locator("h1")).not_to_have_text("Back again")
    roll(gm, "1d8", "while-away")
    expect(gm.locator("#log")).to_contain_text("while-away")
    player.go_back()
    expect(player.locator("#log")).to_contain_text("while-away", timeout=5_000)
    expect(player.locator("#live-status")).to_have_text("live")
    roll(player, "1d4", "after-back")
    expect(player.locator("#log .roll").first).to_contain_text("after-back", timeout=5_000)
    expect(player.locator("#request-alert")).to_have_text("")


def test_a_post_sent_twice_says_it_was_already_sent(browser, server_url):
    """A repeat answered without running the view is never silent."""
    gm, _invite, _table = start_campaign(browser, server_url, "bert", "Twice", "Tribute Alpha")
    token = gm.input_value("#roll-form [name=form_token]")
    roll(gm, "1d6", "once")
    expect(gm.locator("#log")).to_contain_text("once")
    # The row can come over the socket before the post's answer, whose fresh token then replaces
    # the form's: put the used token back only once that has happened.
    expect(gm.locator("#roll-form [name=form_token]")).not_to_have_value(token)
    gm.evaluate(f"document.querySelector('#roll-form [name=form_token]').value = {token!r}")
    roll(gm, "1d6", "twice")
    expect(gm.locator("#request-alert")).to_have_text("That was already sent.")
    expect(gm.locator("#log")).not_to_contain_text("twice")


def test_a_closed_table_sends_nothing_more(browser, server_url):
    """Play-test: a removed player's closed table still sent odds requests as they typed
    (each a 404), the page turned into "Nothing here", and "Here now" still listed them."""
    from tests.e2e.people import join

    gm, invite, _table = start_campaign(browser, server_url, "cleo", "Closing", "Tribute Alpha")
    player = join(browser, invite, "cody")
    expect(player.locator("#online")).to_contain_text("cleo")
    player.locator("#tab-more").click()  # the notation roll's tab, while the table is open
    expect(player.locator("#roll-form")).to_be_visible()
    gm.goto(_table + "?tab=session")
    gm.click("li:has-text('cody') button:has-text('remove')")
    confirm(gm)
    expect(player.locator("#table-ended")).to_contain_text("You no longer play in Closing.", timeout=5_000)
    expect(player.locator("#roll-form [name=notation]")).to_be_disabled()  # closed with the notice, at once
    sent = []
    player.on("request", lambda request: sent.append(request.url))
    # What a script or a late keystroke could still trigger: the odds preview's own events.
    player.locator("#roll-form [name=notation]").dispatch_event("input")
    player.locator("#roll-form [name=notation]").dispatch_event("change")
    player.wait_for_timeout(600)  # past the odds preview's 250 ms delay
    assert sent == []
    expect(player.locator("#roll-form button[type=submit]")).to_be_disabled()
    expect(player.locator("h1")).to_have_text("Closing")
    expect(player.locator("#online")).to_have_text("You are no longer at this table.")


def test_live_rolls_while_the_log_is_filtered_log_no_errors(browser, server_url):
    """A live roll for #log while the log was filtered (#log-filtered) logged
    htmx:oobErrorNoTarget; it waits for the full log instead, without a console error."""
    from tests.e2e.people import console_errors, join

    gm, invite, _table = start_campaign(browser, server_url, "fay", "Filtered", "Tribute Alpha")
    player = join(browser, invite, "finn")
    roll(player, "1d6", "mine")
    expect(player.locator("#log")).to_contain_text("mine")
    player.select_option("form.log-filters select[name=kind]", index=1)
    expect(player.locator("#log-filtered")).to_be_visible()
    errors = console_errors(player)
    roll(gm, "1d8", "while-filtered")
    expect(gm.locator("#log")).to_contain_text("while-filtered")
    player.wait_for_timeout(1_000)
    assert errors == []


def test_a_session_started_after_the_page_loaded_can_be_filtered_on(browser, server_url):
    """Play-test: the session filter offered only the sessions of the page's load."""
    from tests.e2e.people import console_errors, join

    gm, invite, _table = start_campaign(browser, server_url, "gia", "Sessions", "Tribute Alpha")
    player = join(browser, invite, "gus2")
    errors = console_errors(player)
    gm.click("#tab-session")  # the GM screen's tab with the session buttons
    gm.click("button:has-text('Start a session')")
    expect(player.locator("#session-status")).not_to_have_text("Between sessions")
    sessions = player.locator("form.log-filters select[name=session] option")
    expect(sessions).to_have_count(2)
    expect(sessions.nth(1)).to_contain_text("Session 1")
    roll(player, "1d6", "in-session")
    expect(player.locator("#log")).to_contain_text("in-session")  # saved before the filter asks (CI, stop 31)
    player.select_option("form.log-filters select[name=session]", index=1)
    expect(player.locator("#log-filtered")).to_contain_text("in-session")
    assert errors == []
