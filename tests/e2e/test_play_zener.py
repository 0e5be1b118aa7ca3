"""Zener Gate in the browser: a player's check, and a Karma re-roll of a failed one."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.people import back_to_play, confirm, join, make_character, open_more, start_campaign

pytestmark = pytest.mark.browser


def fill_skill(page, name: str, breadth: str, stat: str, ranks: str) -> None:
    """The first skill row of the sheet editor."""
    page.fill("#id_skills-0-name", name)
    page.select_option("#id_skills-0-breadth", breadth)
    page.select_option("#id_skills-0-stat", stat)
    page.fill("#id_skills-0-ranks", ranks)


def test_a_check_and_a_karma_reroll(browser, server_url):
    gm, invite, _ = start_campaign(browser, server_url, "zener_gm", "Zener run", "Zener Gate")

    kai = join(browser, invite, "kai_player")
    kai.click("text=New character")
    kai.fill("#id_name", "Kai")
    fill_skill(kai, "Pilot", "narrow", "PRAC", "3")  # a skill row
    kai.click("button:has-text('Save')")
    open_more(kai)  # the system's panel: the "More rolls" tab
    expect(kai.locator("#zener-karma")).to_contain_text(re.compile(r"Kai: \d+ Karma"))
    karma_before = int(re.search(r"Kai: (\d+) Karma", kai.text_content("#zener-karma"))[1])  # folded for a player

    form = kai.locator("#zener-check-form")
    form.locator("[name=skill]").select_option("Pilot")
    expect(form.locator("[name=stat] option").first).to_have_text("The skill's own (PRAC)")  # the script names it
    form.locator("[name=skill]").select_option("*")  # unproficient, and a heavy penalty: failure is near certain
    form.locator("[name=stat]").select_option("PRAC")  # without a skill, the stat is named
    form.locator("[name=modifier]").fill("-30")
    expect(kai.locator("#zener-odds")).to_contain_text("at or under")
    rows = kai.locator("#log .roll")
    for attempt in range(5):
        form.locator("button:has-text('Roll the check')").click()
        expect(rows).to_have_count(attempt + 1)
        if "failure" in rows.first.inner_text():
            break
    else:
        pytest.fail("five checks against a -30 modifier all succeeded")

    rows.first.scroll_into_view_if_needed()  # the row loads the roller's spends when it is seen
    rows.first.locator("button:has-text('Re-roll (1 of Kai')").click()  # loaded into the row, the roller's alone
    expect(kai.locator("dialog.confirm-dialog")).to_contain_text("Spend 1 of Kai's Karma to re-roll this failed check?")
    confirm(kai)  # the app's own dialog, not the browser's
    expect(rows.first).to_contain_text("Karma re-roll of Kai's PRAC foundation")
    expect(kai.locator("#zener-karma")).to_contain_text(f"Kai: {karma_before - 1} Karma")
    gm.reload()
    expect(gm.locator("#log .roll").first).to_contain_text("Karma re-roll")


def test_the_check_form_follows_the_character_and_keeps_what_was_chosen(browser, server_url):
    # Play-test: every character's skills were offered; the odds box opened red; a Karma award reset the form.
    gm, invite, _ = start_campaign(browser, server_url, "zener_gm2", "Zener forms", "Zener Gate")
    player = join(browser, invite, "two_chars")
    for name, skill in (("Kai", ("Pilot", "narrow", "PRAC", "3")), ("Lio", ("Sneak", "narrow", "NIM", "2"))):
        player.click("text=New character")
        player.fill("#id_name", name)
        fill_skill(player, *skill)
        player.click("button:has-text('Save')")
        open_more(player)  # the system's panel: the "More rolls" tab
        expect(player.locator("#zener-karma")).to_contain_text(name)
        back_to_play(player)  # where "New character" is, beside the card
    open_more(player)
    form = player.locator("#zener-check-form")
    expect(player.locator("#zener-odds")).to_contain_text("Choose a skill, or a stat")
    expect(player.locator("#zener-odds .error")).to_have_count(0)
    form.locator("[name=character]").select_option(label="Kai")
    form.locator("[name=skill]").select_option("Pilot")
    expect(player.locator("#zener-odds")).to_contain_text("Pilot 3 + PRAC foundation")
    form.locator("[name=character]").select_option(label="Lio")
    expect(form.locator("[name=skill]")).to_have_value("")  # Lio has no Pilot: back to the first choice
    expect(form.locator("optgroup[label=Kai]")).to_be_disabled()
    form.locator("[name=skill]").select_option("Sneak")
    expect(player.locator("#zener-odds")).to_contain_text("Sneak 2 + NIM foundation")

    gm.goto(gm.url.split("?")[0] + "?tab=system")  # the GM's screen: Zener Gate's tab
    gm_form = gm.locator("#zener-check-form")
    gm_form.locator("[name=character]").select_option(label="Kai")
    gm_form.locator("[name=skill]").select_option("Pilot")
    gm_form.locator(".more-fields > summary").click()  # the label is folded with the rarer fields
    gm_form.locator("[name=label]").fill("Scout ahead")
    before = int(re.search(r"Kai: (\d+) Karma", gm.inner_text("#zener-karma"))[1])
    karma = gm.locator("form[action$='/zener/karma/']")
    karma.locator("[name=character]").select_option(label="Kai")
    gm.evaluate("document.getElementById('zener-panel').dataset.before = 'the award'")
    karma.locator("button:has-text('Award or approve')").click()  # a complication: +2
    expect(gm.locator("#zener-panel[data-before]")).to_have_count(0)  # the panel came back
    expect(gm.locator("#zener-karma")).to_contain_text(f"Kai: {before + 2} Karma")
    expect(gm.locator("#zener-panel .error")).to_have_count(0)
    expect(gm_form.locator("[name=skill]")).to_have_value("Pilot")  # the award left the check form as it was
    expect(gm_form.locator("[name=label]")).to_have_value("Scout ahead")


def test_a_plus_five_from_another_player_takes_the_reroll_off_the_rollers_row_live(browser, server_url):
    # Play-test: after Tobin gave Kira +5, Kira's player still saw "Re-roll" on the old row until a reload.
    _gm, invite, _ = start_campaign(browser, server_url, "zener_gm3", "Zener help", "Zener Gate")
    pages = {}
    for user, name in (("kira_player", "Kira"), ("tobin_player", "Tobin")):
        page = pages[name] = join(browser, invite, user)
        make_character(page, name)
        open_more(page)  # the system's panel: the "More rolls" tab
        expect(page.locator("#zener-karma")).to_contain_text(f"{name}:")
    kira, tobin = pages["Kira"], pages["Tobin"]
    form = kira.locator("#zener-check-form")
    form.locator("[name=stat]").select_option("PRAC")  # a stat check: 4d6 at or under PRAC 10 + 1
    form.locator("[name=modifier]").fill("1")
    rows = kira.locator("#log .roll")
    for attempt in range(12):  # until a failure by 1 to 5, which a +5 turns round (half the rolls)
        form.locator("button:has-text('Roll the check')").click()
        expect(rows).to_have_count(attempt + 1)
        if re.search(r"failure by [1-5]\b", rows.first.inner_text()):
            break
    else:
        pytest.fail("twelve checks without a failure by 5 or less")
    rows.first.scroll_into_view_if_needed()
    expect(rows.first).to_contain_text("Re-roll (1 of Kira's Karma)")
    tobin.reload()
    tobin.locator("#log .roll").first.scroll_into_view_if_needed()
    tobin.locator("#log .roll").first.locator("button:has-text('+5 from Tobin')").click()
    confirm(tobin)
    expect(rows.first).to_contain_text("+5 from Tobin")  # the +5 arrives on Kira's table
    expect(rows.nth(1)).not_to_contain_text("Re-roll")  # and the row it changed no longer offers one
    expect(rows.nth(1)).to_contain_text("Changed since")
