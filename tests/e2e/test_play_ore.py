"""The One-Roll Engine in the browser: a roll with hard and wiggle dice where
the player sets the wiggle die, and a dynamic contest the GM calls."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import console_errors, fill_in, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def test_ore_wiggle_dice_and_a_contest(browser, server_url):
    gm, invite, table = start_campaign(browser, server_url, "ore_gm", "Neon nights", "One-Roll Engine")

    jet = join(browser, invite, "jet_player")
    make_character(
        jet,
        "Jet",
        {
            "[name=stat__Coordination]": "3",
            "#id_skills-0-name": "Piloting",  # a skill row
            "#id_skills-0-stat": "Coordination",
            "#id_skills-0-normal": "1",
            "#id_skills-0-hard": "1",
            "#id_skills-0-wiggle": "1",
        },
    )

    open_more(jet)  # the system's roll form: the "More rolls" tab
    form = jet.locator("#ore-roll-form")
    form.locator("[name=stat]").select_option("Coordination")
    form.locator("[name=skill]").select_option("Piloting")
    form.locator("[name=difficulty]").fill("3")
    expect(jet.locator("#ore-odds")).to_contain_text("4 normal + 1 hard + 1 wiggle")
    expect(jet.locator("#ore-odds")).to_contain_text("100%")  # the wiggle die pairs with the hard 10
    errors = console_errors(jet)  # a finished wiggle logged htmx:oobErrorNoTarget #call-N
    form.locator("button:has-text('Roll the pool')").click()

    card = jet.locator("#my-calls .call")
    expect(card).to_contain_text("Set your wiggle dice")
    expect(card).to_contain_text("10 → ")
    card.locator("select[name=wiggle]").select_option("10")
    card.locator("button:has-text('Set the wiggle dice')").click()
    row = jet.locator("#log .roll").first
    expect(row).to_contain_text(re.compile(r"✔ \dx\d+"))
    expect(row).to_contain_text(re.compile(r"\dx10"))  # the hard 10 and the wiggle die
    expect(row).to_contain_text("wiggle set to 10")
    jet.wait_for_timeout(300)  # the live messages of the post
    assert errors == []

    gm.goto(table + "?tab=table")  # the GM's log is on the Table tab
    expect(gm.locator("#log .roll").first).to_contain_text("wiggle set to 10")
    gm.locator("#tab-system").click()  # the GM's screen: the contest is on the system's tab
    contest = gm.locator("#ore-contest-form")
    fill_in(contest, {"[name=character]": "Jet", "[name=stat]": "Coordination", "[name=skill]": "Piloting"})
    contest.locator("[name=npc_name]").fill("Drone")
    contest.locator("button[type=submit]").click()

    card = jet.locator("#my-calls .call")
    expect(card).to_contain_text("against Drone")
    card.locator("button:has-text('Roll')").click()
    card.locator("button:has-text('Set the wiggle dice')").click()  # the suggestion
    for page in (jet, gm):
        expect(page.locator("#log .roll").first).to_contain_text("Drone")
