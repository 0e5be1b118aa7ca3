"""A play-test (One-Roll Engine evening): a new player joined by the invite link and made a
character, and the GM's "At the table" list (Session & players tab) showed neither until a reload;
nor did it drop a player who left."""

import pytest
from playwright.sync_api import expect

from tests.e2e.people import confirm, console_errors, join, make_character, start_campaign

pytestmark = pytest.mark.browser


def test_the_gms_people_list_follows_joins_new_characters_and_leaves(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "ptb_people_gm", "People live", "One-Roll Engine")
    gm.goto(table + "?tab=session")
    errors = console_errors(gm)
    people = gm.locator("#people")
    players = people.locator("ul.people").first
    expect(people).to_contain_text("No players yet.")

    newt = join(browser, invite, "ptb_people_newt")
    expect(players.locator("li", has_text="ptb_people_newt")).to_contain_text("here now")  # no reload
    make_character(newt, "Newt Sable", start="Create your character")
    expect(newt.locator("#live-status")).to_have_text("live")
    expect(people).to_contain_text("Newt Sable")
    # The call forms came too (the first character of the campaign): the GM calls Newt without a reload.
    gm.click("#tab-table")
    expect(gm.locator("#call-form [name=character]")).to_contain_text("Newt Sable")
    expect(gm.locator("#call-section")).not_to_contain_text("When your players have made characters")
    gm.click("#tab-session")

    newt.click("#tab-people")  # a player's "At the table" tab
    newt.click("text=Leave this campaign…")
    expect(players.locator("li", has_text="ptb_people_newt")).to_contain_text("away")  # the table closed
    newt.click("button:has-text('Leave People live')")  # no one comes or goes: the leave itself tells
    expect(players.locator("li", has_text="ptb_people_newt")).to_have_count(0)
    expect(gm.locator("[role=tab][aria-selected=true]")).to_have_id("tab-session")  # the tab stayed
    assert errors == []


def test_a_player_removed_in_another_gm_tab_leaves_this_tabs_list(browser, server_url):
    # No one comes or goes here (the player's table is closed): only the removal's own line can tell.
    gm, invite, table = start_campaign(browser, server_url, "ptb_people_gm2", "People removed", "Zener Gate")
    gm.goto(table + "?tab=session")
    players = gm.locator("#people ul.people").first
    player = join(browser, invite, "ptb_people_rex")
    player.goto(server_url + "/")
    expect(players.locator("li", has_text="ptb_people_rex")).to_contain_text("away")

    other_tab = gm.context.new_page()
    other_tab.goto(table + "?tab=session")
    other_tab.locator("#people li", has_text="ptb_people_rex").locator("button:has-text('remove')").click()
    confirm(other_tab)
    expect(other_tab.locator("#people")).not_to_contain_text("ptb_people_rex")
    expect(players.locator("li", has_text="ptb_people_rex")).to_have_count(0)  # this tab too, no reload
