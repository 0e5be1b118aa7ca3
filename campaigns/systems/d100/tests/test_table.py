"""d100 tests at the table: open, flipped, assisted, secret and opposed tests, the
Fortune and Misfortune pools, Fury and Chaos dice."""

import html
import re

import pytest
from django.db import OperationalError
from django.urls import reverse

from campaigns.models import Balance, LedgerEntry, Roll, RollCall
from campaigns.systems.d100 import actions as d100
from campaigns.systems.d100.tests.conftest import d100_character, opposed_form, post_opposed, test_form
from campaigns.table import actions
from characters.models import Character
from tests.factories import post_step
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def ulf(surgeon):
    return surgeon


def sneak(character, **changes):
    """The player's test form with the skill's attribute named (Agility)."""
    return test_form(character, attribute="Agility") | changes


def post_test(client, campaign, data, *, htmx=False):
    return post_step(client, "d100_test", campaign, data, htmx=htmx)


def test_a_test_and_a_fortune_reroll(player_client, gm_client, table, ulf, player, gm, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(8, 3)  # tens 7, ones 2: 72 against 45 + 10 = 55: failure
    post_test(player_client, table, sneak(ulf))
    first = Roll.objects.get()
    assert (first.outcome["value"], first.outcome["success"], first.outcome["critical"]) == (72, False, False)
    script_dice(3, 5)  # 24: success, 2 + 4 degrees
    player_client.post(reverse("d100_reroll", args=[table.pk, first.pk]))
    again = Roll.objects.exclude(pk=first.pk).get()
    assert (again.request["reroll_of"], again.outcome["success"], again.outcome["degrees"]) == (first.pk, True, 6)
    pools = {k: r.value for k, r in d100.pools(table).items()}
    assert pools == {"fortune": 2, "misfortune": 1}  # the spent point became Misfortune
    entries = sorted(LedgerEntry.objects.values_list("balance__kind", "delta", "reason"))
    assert ("fortune", -1, "Re-roll a failed test") in entries
    assert ("misfortune", 1, "Re-roll a failed test") in entries
    twice = player_client.post(reverse("d100_reroll", args=[table.pk, first.pk]), HTTP_HX_REQUEST="true")
    assert twice.status_code == 422
    assert "already re-rolled" in twice.content.decode()
    # Said at once where the click was, not again on the next page, out of place.
    assert (
        "already re-rolled" not in player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    )


def test_a_critical_failure_costs_two_and_the_pool_cannot_go_below_zero(player_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=1)
    script_dice(7, 7)  # 66 against 55: a critical failure
    post_test(player_client, table, sneak(ulf))
    first = Roll.objects.get()
    response = player_client.post(reverse("d100_reroll", args=[table.pk, first.pk]), HTTP_HX_REQUEST="true")
    assert "has 1; that needs 2" in response.content.decode()
    assert Roll.objects.count() == 1
    assert d100.pools(table)["fortune"].value == 1


def test_a_secret_test(player_client, gm_client, other_client, table, ulf, script_dice):
    post_test(player_client, table, sneak(ulf, difficulty=""))
    call = RollCall.objects.get()
    script_dice(6, 3)  # 52 against 55 - 20 = 35: failure, not critical
    gm_client.post(reverse("d100_difficulty", args=[table.pk, call.pk]), {"difficulty": "hard"})
    roll = Roll.objects.get()
    assert roll.outcome["success"] is False
    for client in (player_client, other_client):
        page = client.get(reverse("table", args=[table.pk])).content.decode()
        assert "the GM knows how it went" in page
        assert "Hard: 35%" not in page
        assert "✘ Failure" not in page
    assert "Hard: 35%" in gm_client.get(reverse("table", args=[table.pk])).content.decode()


@pytest.mark.parametrize("faces", [(6, 3), (2, 5)], ids=["failed", "succeeded"])
def test_a_refused_reroll_does_not_tell_how_a_secret_test_went(
    player_client, gm_client, table, ulf, gm, script_dice, faces
):
    """A player re-rolling a secret test hears the same answer whether it failed (52) or succeeded (14)."""
    actions.start_session(table, gm, refill=3)
    post_test(player_client, table, sneak(ulf, difficulty=""))
    script_dice(*faces)
    gm_client.post(reverse("d100_difficulty", args=[table.pk, RollCall.objects.get().pk]), {"difficulty": "hard"})
    roll = Roll.objects.get()
    assert roll.outcome["success"] is (faces == (2, 5))
    response = player_client.post(reverse("d100_reroll", args=[table.pk, roll.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Only the GM knows how a secret test went." in response.content.decode()
    assert "did not fail" not in response.content.decode()
    assert Roll.objects.count() == 1


def test_nobody_else_rerolls_a_test_or_turns_a_die(other_client, player_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(8, 3, 5)  # 72: a failed test; then a Fury die of 5
    post_test(player_client, table, sneak(ulf))
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ulf.pk, "die": "fury"})
    failed, die = Roll.objects.get(kind="d100"), Roll.objects.get(kind="d100_die")
    reroll = other_client.post(reverse("d100_reroll", args=[table.pk, failed.pk]), HTTP_HX_REQUEST="true")
    six = other_client.post(reverse("d100_six", args=[table.pk, die.pk]), HTTP_HX_REQUEST="true")
    assert "Only the tester re-rolls their own test." in reroll.content.decode()
    assert "Only the roller turns their own die." in six.content.decode()
    assert Roll.objects.count() == 2
    assert d100.pools(table)["fortune"].value == 3


def test_a_critical_secret_test_is_shown(player_client, gm_client, table, ulf, script_dice):
    post_test(player_client, table, sneak(ulf, difficulty=""))
    call = RollCall.objects.get()
    script_dice(2, 2)  # 11: a critical success
    gm_client.post(reverse("d100_difficulty", args=[table.pk, call.pk]), {"difficulty": "hard"})
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert "Critical success" in page
    assert "Hard:" not in page  # the difficulty stays secret even on a critical


def test_flips_assists_and_special_skills(player_client, table, ulf, ida, script_dice):
    script_dice(8, 3)  # 72 flipped to succeed: 27
    post_test(player_client, table, sneak(ulf, flip="succeed"))
    assert Roll.objects.latest("id").outcome["value"] == 27
    script_dice(
        8, 3, 3
    )  # 72 with an assist die 2: 22? no: the assist die reads tens 2 -> 22, a match: critical success
    post_test(player_client, table, sneak(ulf, assistant=ida.pk))
    assert Roll.objects.latest("id").outcome["value"] == 22
    script_dice(2, 10)  # Surgery untrained, special: must flip to fail: 19 -> 91 against 45
    post_test(player_client, table, sneak(ulf, skill="Surgery"))
    assert Roll.objects.latest("id").outcome["value"] == 91
    refused = post_test(player_client, table, sneak(ulf, skill="Surgery", flip="succeed"), htmx=True)
    assert "must flip to fail" in refused.content.decode()


def test_an_assistant_needs_a_rank(player_client, table, ulf, ida):
    ida.sheet = {**ida.sheet, "skills": []}
    ida.save()
    response = post_test(player_client, table, sneak(ulf, assistant=ida.pk), htmx=True)
    assert "at least 1 rank" in response.content.decode()


def test_sessions_recovery_and_misfortune(gm_client, player_client, table, ulf, gm):
    gm_client.post(reverse("session_start", args=[table.pk]), {"session-refill": "3"})
    assert d100.pools(table)["fortune"].value == 3
    player_client.post(reverse("d100_spend", args=[table.pk]))  # an extra Action Point
    gm_client.post(
        reverse("session_start", args=[table.pk]), {"session-refill": "4", "session-short": "on"}
    )  # 2 left + 2, Misfortune 1 -> 0
    pools = {k: r.value for k, r in d100.pools(table).items()}
    assert pools == {"fortune": 4, "misfortune": 0}
    gm_client.post(reverse("d100_recover", args=[table.pk]), {"event": "journey"})
    assert d100.pools(table)["fortune"].value == 6  # + number of players
    refused = gm_client.post(
        reverse("d100_spend", args=[table.pk]), {"points": "1", "reason": "orc"}, HTTP_HX_REQUEST="true"
    )
    assert "Misfortune pool has 0" in refused.content.decode()
    assert player_client.post(reverse("session_start", args=[table.pk]), {"session-refill": "3"}).status_code == 404


def test_reading_the_pools_writes_nothing(gm_client, player_client, table, ulf, script_dice):
    """The panel and a test's Fortune options showed the pools by making their rows;
    a read now writes nothing."""
    script_dice(8, 3)  # 72: a failed test, whose row asks what Fortune can do
    post_test(player_client, table, sneak(ulf))
    for client in (gm_client, player_client):
        assert client.get(reverse("table", args=[table.pk]) + "?tab=panel").status_code == 200
    assert d100.fortune_options(Roll.objects.get(), ulf.owner) == {
        "reroll": 0,
        "six": False,
        "sides": [],
        "pool": "Fortune",
    }
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 0, "misfortune": 0}
    assert Balance.objects.count() == 0


def test_misfortune_is_the_gms_unless_shared(gm_client, player_client, table, ulf, gm):
    d100.change_pools(table, actor=gm, reason="test", misfortune=3)
    assert (
        "Misfortune pool: 3" not in player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    )
    assert "Misfortune pool: 3" in gm_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    table.settings = {**table.settings, "show_misfortune": 1}
    table.save()
    assert "Misfortune pool: 3" in player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()


def test_fury_and_chaos_dice(player_client, table, ulf, script_dice):
    script_dice(6, 6, 3)
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ulf.pk, "die": "fury"})
    assert Roll.objects.get().outcome == {"faces": [6, 6, 3], "total": 15}


def test_an_opposed_test(gm_client, table, ulf, ida, script_dice):
    script_dice(3, 2, 2, 2)  # Ulf 21 (success, 2 + 4); Ida 11 (critical success)
    post_step(
        gm_client, "d100_opposed", table, opposed_form(ulf, ida, first_attribute="Agility", second_attribute="Agility")
    )
    assert Roll.objects.get(kind="d100_opposed").outcome["winner"] == "Ida"


def test_live_odds(player_client, table, ulf):
    page = player_client.get(reverse("d100_odds", args=[table.pk]), sneak(ulf)).content.decode()
    assert "55%: success <strong>55.00%</strong>" in page
    assert "Chance of success 55.00%" in page  # the chart's words
    assert (
        "success"
        not in player_client.get(reverse("d100_odds", args=[table.pk]), sneak(ulf, difficulty="")).content.decode()
    )


def test_fortune_turns_a_fury_die_into_a_six(player_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=2)
    script_dice(2)
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ulf.pk, "die": "fury"})
    first = Roll.objects.get()
    script_dice(6, 1)  # the bought 6 rolls on: 6, then 6 and 1
    player_client.post(reverse("d100_six", args=[table.pk, first.pk]))
    six = Roll.objects.exclude(pk=first.pk).get()
    assert six.outcome == {"faces": [6, 6, 1], "total": 13}
    assert d100.pools(table)["fortune"].value == 1
    again = player_client.post(reverse("d100_six", args=[table.pk, first.pk]), HTTP_HX_REQUEST="true")
    assert "already turned" in again.content.decode()


def test_a_database_error_during_a_spend_changes_nothing_and_says_so(player_client, table, ulf, gm, monkeypatch):
    actions.start_session(table, gm, refill=2)
    entries = LedgerEntry.objects.count()

    def failing_create(*args, **kwargs):
        raise OperationalError("the disk is full")

    monkeypatch.setattr(LedgerEntry.objects, "create", failing_create)
    response = player_client.post(reverse("d100_spend", args=[table.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 503
    assert "nothing changed" in response.content.decode()
    monkeypatch.undo()
    assert d100.pools(table)["fortune"].value == 2
    assert LedgerEntry.objects.count() == entries


def test_a_skill_is_tested_with_its_own_attribute_by_default(player_client, table, ulf, script_dice):
    # Choosing Stealth and leaving the attribute alone tested the campaign's first attribute.
    script_dice(5, 5)  # 44 against Agility 45 + 10 = 55
    response = post_test(player_client, table, sneak(ulf, attribute=""))
    assert response.status_code == 302
    roll = Roll.objects.get()
    assert (roll.outcome["chance"], roll.outcome["success"]) == (55, True)
    assert roll.request["side"]["what"] == "Stealth (Agility 45, 1 rank)"  # the log line names both
    odds = player_client.get(reverse("d100_odds", args=[table.pk]), sneak(ulf, attribute="")).content.decode()
    assert "Stealth (Agility 45, 1 rank): 55%" in odds  # the preview uses the same attribute


def test_a_skill_with_another_attribute_is_refused(player_client, table, ulf):
    response = post_test(player_client, table, sneak(ulf, attribute="Combat"), htmx=True)
    assert response.status_code == 422
    assert "Stealth is tested with Agility, its primary attribute" in response.content.decode()
    assert not Roll.objects.exists()
    alone = post_test(player_client, table, sneak(ulf, skill="", attribute=""), htmx=True)
    assert alone.status_code == 422
    assert "Choose the primary attribute to test, or a skill" in alone.content.decode()
    assert not RollCall.objects.exists()


def test_the_test_form_defaults_to_the_skills_own_attribute(player_client, table, ulf):
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert '<option value="" selected>The skill&#x27;s own</option>' in page
    assert '<option data-stat="Agility">Stealth</option>' in page  # the script sets the select from it


def fortune_options(client, roll, **headers) -> str:
    return client.get(reverse("d100_fortune_options", args=[roll.campaign_id, roll.pk]), **headers).content.decode()


def test_fortune_spends_are_offered_to_the_roller_only_when_the_pool_can_pay(
    player_client, other_client, table, ulf, gm, script_dice
):
    # Fortune buttons were shown to every player, with an empty pool too.
    script_dice(8, 3, 5)  # 72: a failed test; then a Fury die of 5
    post_test(player_client, table, sneak(ulf))
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ulf.pk, "die": "fury"})
    failed, die = Roll.objects.get(kind="d100"), Roll.objects.get(kind="d100_die")
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert "Re-roll (1 Fortune)" not in page  # each player's own spends load from here:
    assert reverse("d100_fortune_options", args=[table.pk, failed.pk]) in page
    assert "Re-roll" not in fortune_options(player_client, failed)  # the pool is empty
    assert "Treat as a 6" not in fortune_options(player_client, die)
    assert "Extra Action Point" not in page
    refused = player_client.post(reverse("d100_spend", args=[table.pk]), HTTP_HX_REQUEST="true")
    assert "The Fortune pool has 0; that needs 1." in refused.content.decode()  # and refused if posted
    actions.start_session(table, gm, refill=3)
    assert "Re-roll (1 Fortune)" in fortune_options(player_client, failed)
    assert "Treat as a 6 (1 Fortune)" in fortune_options(player_client, die)
    assert (
        "Extra Action Point (1 Fortune)"
        in player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    )
    assert "Re-roll" not in fortune_options(other_client, failed)  # the tester's alone
    assert "Treat as a 6" not in fortune_options(other_client, die)
    script_dice(3, 5)
    player_client.post(reverse("d100_reroll", args=[table.pk, failed.pk]))
    assert "Re-roll" not in fortune_options(player_client, failed)  # once per test
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert "Fortune re-roll of Ulf&#x27;s Stealth (Agility 45, 1 rank) test (Sneak)" in page  # named, not "#5"
    assert "re-roll of #" not in page


def test_fury_and_chaos_dice_roll_for_the_character_chosen(player_client, table, ulf, player, script_dice):
    # They took the player's first character silently; now they go with the test form's character.
    ash = d100_character(table, player, "Ash", [])
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert f'formaction="{reverse("d100_die", args=[table.pk])}"' in page
    assert f'name="character" value="{ulf.pk}"' not in page  # no hidden first character
    script_dice(4)
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ash.pk, "die": "chaos", "skill": ""})
    assert Roll.objects.get(kind="d100_die").character == ash


def test_spend_misfortune_is_offered_only_when_the_pool_can_pay(gm_client, table, ulf, gm):
    # Play-test: "Spend Misfortune" showed with the pool at 0 (the server refused it).
    page = gm_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert "Spend Misfortune" not in page
    assert "Misfortune pool is empty" in page
    d100.change_pools(table, actor=gm, reason="test", misfortune=1)
    page = gm_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    assert "Spend Misfortune" in page
    assert '<option value="2">2 (' not in page  # 2 points only when there are 2 (not the Peril select)
    d100.change_pools(table, actor=gm, reason="test", misfortune=1)
    assert '<option value="2">2 (' in gm_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()


def test_a_character_does_not_oppose_itself(gm_client, table, ulf):
    # Play-test: Osk against Osk was rolled, and "Osk wins".
    response = post_opposed(gm_client, table, ulf, ulf)
    assert response.status_code == 422
    assert "Ulf cannot oppose themself: choose two different characters." in response.content.decode()
    assert not Roll.objects.exists()


def test_an_opposed_tests_skills_are_offered_and_read_in_any_case(gm_client, table, ulf, ida, script_dice):
    # Play-test: the opposed test's skills were free text that had to match the sheet's case exactly; then a
    # datalist that still took "dodge" or an attribute: a select of each character's skills.
    page = gm_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    for name in ("opposedform-first_skill", "opposedform-second_skill", "secrettestform-skill"):
        select = page[page.index(f'id="{name}"') - 40 :]
        select = select[: select.index("</select>")]
        assert '<option value="" selected>(the attribute alone)</option>' in select, name
        assert '<optgroup label="Ida">' in select, name
        assert '<option value="Stealth">Stealth</option>' in select, name
    script_dice(3, 2, 2, 2)
    data = opposed_form(ulf, ida, first_skill="stealth", second_skill="STEALTH ")
    assert post_step(gm_client, "d100_opposed", table, data).status_code == 302
    roll = Roll.objects.get(kind="d100_opposed")
    assert [side["what"] for side in roll.request["sides"]] == [
        "Stealth (Agility 45, 1 rank)",
        "Stealth (Agility 45, 2 ranks)",
    ]


D100_SHEET = {
    "name": "Osk",
    "modifiers": "0",
    "peril": "0",
    "notes": "",
    **rows("skills", []),
    **{
        f"attribute__{name}": "40"
        for name in ("Combat", "Brawn", "Agility", "Perception", "Intelligence", "Willpower", "Fellowship")
    },
}


@pytest.mark.parametrize(
    ("skill", "message"),
    [
        ({"ranks": "²"}, "Enter a whole number from 0 to 3."),
        ({"ranks": "--1"}, "Enter a whole number from 0 to 3."),
        ({"ranks": "99999"}, "Ensure this value is less than or equal to 3."),
        ({"name": ""}, "This field is required."),
        ({"attribute": "Luck"}, "Select a valid choice. Luck is not one of the available choices."),
    ],
)
def test_a_refused_d100_sheet_names_the_real_problem(player_client, table, skill, message):
    # Play-test: a bad rank said "its attribute is one of …" though Agility was fine. Now beside its row.
    row = {"name": "Stealth", "attribute": "Agility", "ranks": "2"} | skill
    response = player_client.post(reverse("character_new", args=[table.pk]), D100_SHEET | rows("skills", [row]))
    assert response.status_code == 422
    page = response.content.decode()
    assert re.search(r'id="id_skills-0-(name|attribute|ranks)-live">' + re.escape(html.escape(message)), page)
    assert not Character.objects.exists()


def test_d100_skills_as_rows_round_trip_to_the_sheet(player_client, table):
    skills = [
        {"name": "Stealth", "attribute": "Agility", "ranks": 2, "special": True},
        {"name": "Search", "attribute": "Perception", "ranks": 0, "special": False},
    ]
    data = D100_SHEET | rows(
        "skills",
        [
            *skills,
            {"name": "Gone", "attribute": "Combat", "ranks": 1, "DELETE": True},
            {"name": "", "attribute": "", "ranks": "0"},
        ],
    )
    assert player_client.post(reverse("character_new", args=[table.pk]), data).status_code == 302
    osk = Character.objects.get()
    assert osk.sheet["skills"] == skills
    edit = reverse("character_edit", args=[table.pk, osk.pk])
    page = player_client.get(edit).content.decode()
    assert 'name="skills-1-name"' in page and 'value="Search"' in page  # noqa: PT018
    assert 'name="skills-TOTAL_FORMS" value="3"' in page  # the two skills and a blank row to fill
    removed = D100_SHEET | {"name": "Osk"} | rows("skills", [skills[0], skills[1] | {"DELETE": True}], initial=2)
    assert player_client.post(edit, removed).status_code == 302
    osk.refresh_from_db()
    assert osk.sheet["skills"] == skills[:1]


def test_the_d100_sheet_checks_itself_as_the_player_types(player_client, table):
    bad = D100_SHEET | rows("skills", [{"name": "Stealth", "attribute": "Agility", "ranks": "7"}]) | {"validate": "1"}
    response = player_client.post(reverse("character_new", args=[table.pk]), bad, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="id_skills-0-ranks-live" hx-swap-oob="true">Ensure this value is less than or equal to 3.' in page
    assert "Some entries need a fix" in page
    assert not Character.objects.exists()


def test_the_skill_list_follows_the_character_chosen(player_client, table, ulf, player):
    osk = d100_character(table, player, "Osk", [{"name": "Brawl", "attribute": "Combat", "ranks": 1}])
    page = player_client.get(reverse("table", args=[table.pk]) + "?tab=panel").content.decode()
    osk_group = f'<optgroup label="Osk" data-character="{osk.pk}"><option data-stat="Combat">Brawl</option></optgroup>'
    assert osk_group in page
    assert (
        f'<optgroup label="Ulf" data-character="{ulf.pk}"><option data-stat="Agility">Stealth</option>'
        '<option data-stat="Agility">Surgery</option></optgroup>'
    ) in page
    refused = post_test(player_client, table, sneak(osk, attribute=""), htmx=True)
    assert refused.status_code == 422
    assert "Osk has no skill called Stealth: Osk&#x27;s skills are Brawl." in refused.content.decode()


def test_nothing_is_red_before_the_player_chooses(player_client, table, ulf):
    fresh = {"character": ulf.pk, "skill": "", "attribute": "", "difficulty": "standard", "flip": ""}
    odds = player_client.get(reverse("d100_odds", args=[table.pk]), fresh).content.decode()
    assert "error" not in odds
    assert "Choose a skill, or an attribute, to see the odds." in odds


def test_a_step_elsewhere_on_the_panel_keeps_the_test_form_as_it_is(player_client, table, ulf, gm, script_dice):
    # Play-test: a Fortune spend or a Fury die re-rendered the test form, losing the skill and label.
    actions.start_session(table, gm, refill=3)
    spent = player_client.post(reverse("d100_spend", args=[table.pk]), HTTP_HX_REQUEST="true")
    assert "d100-test-form" not in spent.content.decode()  # the answer is the pools alone: the form stays
    script_dice(3, 3)
    tested = post_test(player_client, table, sneak(ulf), htmx=True)
    assert 'id="d100-test-form" hx-preserve' not in tested.content.decode()
