"""Table events in the log: each source writes one short line with its audience, the
log shows them among the rolls in time order, live and after a dropped socket, filtered, paged and
exported; a GM-only line never reaches a player."""

import json
import re

import pytest
from django.urls import reverse

from campaigns.models import Membership, TableEvent
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.d100 import actions as d100
from campaigns.systems.ore import actions as ore_actions
from campaigns.systems.tribute import actions as tribute_actions
from campaigns.systems.zener import actions as zener
from campaigns.table import actions, events, ledger
from campaigns.table.log import LOG_PAGE
from rules.cgg.difficulty import Difficulty
from rules.cgg.tension import Bleakness
from tests.world import client_for

pytestmark = pytest.mark.django_db

GM_LINE = "The Misfortune pool 0 → 2 (an ambush)"


def lines(campaign) -> list[tuple[str, str, str]]:
    return [(e.kind, e.text, e.audience) for e in TableEvent.objects.filter(campaign=campaign).order_by("id")]


def log_entries(html: str) -> list[str]:
    """The log's rolls (by label), marks and events, newest first."""
    found = re.findall(
        r'data-roll-id="\d+">\s*<p class="who"><strong>[^<]*</strong>\s*· ([^<]+?)\s*<'
        r'|class="session-mark"[^>]*>([^<]+?) <time'
        r'|class="table-event[^"]*"[^>]*>([^<]+?) (?:<span|<time)',
        html,
    )
    return [roll or mark or event for roll, mark, event in found]


def table(user, campaign, query: str = "", **headers) -> str:
    response = client_for(user).get(reverse("table", args=[campaign.pk]) + query, **headers)
    assert response.status_code == 200, response.content
    return response.content.decode()


@pytest.fixture
def d100_campaign(world):
    return world["campaigns"]["d100"][0]


# Each source: one line, its words, its audience.


def test_a_player_joining_is_one_line_for_the_table(gm, make_user):
    campaign = actions.create_campaign(gm, name="Open door", system="tribute", settings={"die_size": 8})
    ana = make_user("ana")
    actions.join_campaign(ana, campaign)
    assert lines(campaign) == [("joined", "ana joined the table", "table")]


def test_a_refused_join_writes_nothing(gm, player, campaign):
    with pytest.raises(actions.ActionError):
        actions.join_campaign(player, campaign)
    assert lines(campaign) == []


def test_the_gms_call_names_who_and_what_never_the_target(world):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    actions.call_for_roll(campaign, character=hero, notation="1d100", target=424242, label="Perception")
    assert lines(campaign) == [
        ("call", "The GM asks Hero d100 to roll Perception", "table"),
        # the target's commitment, the digest alone (campaigns/_commitment.html)
        ("commitment", "The GM committed to the target of Hero d100's roll, which stays secret for good.", "table"),
    ]


def test_a_call_without_a_label_names_its_dice_unless_they_are_hidden(world):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    actions.call_for_roll(campaign, character=hero, notation="2d10", target=7)
    actions.call_for_roll(campaign, character=hero, notation="2d10", target=7, reveal={"dice": False})
    assert [text for kind, text, _ in lines(campaign) if kind == "call"] == [
        "The GM asks Hero d100 to roll 2d10",
        "The GM asks Hero d100 to roll the dice",
    ]


def test_the_execs_call_keeps_the_difficulty(world, gm):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    cgg.call_for_action(
        campaign,
        character=hero,
        attribute="dexterity",
        difficulty=Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",)),
    )
    assert lines(campaign) == [
        ("call", "The Exec asks Hero cgg to roll Dexterity", "table"),
        (
            "commitment",
            "The GM committed to the difficulty of Hero cgg's action.",
            "table",
        ),  # the digest alone
    ]


def test_a_tribute_opposed_test_and_an_ore_contest_are_calls_too(world, gm):
    tribute, ore = world["campaigns"]["tribute"][0], world["campaigns"]["ore"][0]
    npc = {"character": None, "name": "Guard", "rank": 0, "attribute": "Might", "focus": 1, "burden": 1}
    tribute_actions.call_opposed(
        tribute, gm, character=world["characters"]["tribute"], attribute="Might", opponent=npc, label="Arm wrestle"
    )
    ore_actions.call_contest(
        ore,
        gm,
        character=world["characters"]["ore"],
        stat="Body",
        skill="",
        opponent=ore_actions.npc_side("Guard", 4, 0, 0),
    )
    assert lines(tribute) == [("call", "The GM asks Hero tribute to roll Arm wrestle (an opposed test)", "table")]
    assert lines(ore) == [("call", "The GM asks Hero ore to roll Body (a dynamic contest)", "table")]


def test_fortune_is_the_tables_and_misfortune_the_gms(d100_campaign, gm):
    d100.change_pools(d100_campaign, actor=gm, reason="Ana re-rolled Stealth", fortune=3)
    d100.change_pools(d100_campaign, actor=gm, reason="Ana re-rolled Stealth", fortune=-1, misfortune=1)
    assert lines(d100_campaign) == [
        ("pool", "The Fortune pool 0 → 3 (Ana re-rolled Stealth)", "table"),
        ("pool", "The Fortune pool 3 → 2 (Ana re-rolled Stealth)", "table"),
        ("pool", "The Misfortune pool 0 → 1 (Ana re-rolled Stealth)", "gm"),
    ]


def test_misfortune_shown_to_the_table_is_the_tables_line_too(d100_campaign, gm):
    d100_campaign.settings["show_misfortune"] = True
    d100_campaign.save()
    d100.change_pools(d100_campaign, actor=gm, reason="Ambush", misfortune=2)
    assert lines(d100_campaign) == [("pool", "The Misfortune pool 0 → 2 (Ambush)", "table")]


def test_karma_names_its_character(world, player):
    hero = world["characters"]["zener"]
    pool = zener.karma_pool(hero)
    start = ledger.balance(pool).value
    ledger.grant(pool, 1, actor=player, reason="Good deed")
    assert lines(hero.campaign) == [("pool", f"Hero zener's Karma {start} → {start + 1} (Good deed)", "table")]


def test_a_pool_change_paying_for_a_secret_roll_is_the_gms(d100_campaign, gm):
    secret = actions.roll_notation(d100_campaign, gm, notation="1d20", label="x", secret=True)
    d100.change_pools(d100_campaign, actor=gm, reason="re-roll", fortune=1, roll=secret)
    assert lines(d100_campaign)[-1][2] == "gm"


def test_crisis_clock_hours_spent(world, gm):
    hero = world["characters"]["cgg"]
    hours = crisis_clock(hero).hours
    cgg.adjust_clock(hero, gm, pay=2, reason="Idle!")
    assert lines(hero.campaign) == [("clock", f"Hero cgg's Crisis Clock {hours} → {hours - 2} hours (Idle!)", "table")]


def test_tension_mode_on_and_off(world, gm):
    campaign = world["campaigns"]["cgg"][0]
    cgg.start_tension(campaign, gm, bleakness=Bleakness("bad"))
    cgg.end_tension(campaign, gm)
    cgg.end_tension(campaign, gm)  # already off: nothing more to tell
    assert lines(campaign) == [
        ("tension", "The Exec starts tension mode", "table"),
        ("tension", "The Exec ends tension mode", "table"),
    ]


def test_a_line_knows_its_session(campaign, gm):
    session = actions.start_session(campaign, gm)
    event = events.record(campaign, "note", "x")
    assert event.session == session


def test_an_event_is_never_changed():
    event = TableEvent.objects.none().model(kind="x", text="x")
    event._state.adding = False
    with pytest.raises(ValueError, match="never changed"):
        event.save()


# The log: in time order among the rolls, per audience.


def test_events_go_between_the_rolls_in_time_order(d100_campaign, gm, player):
    actions.roll_notation(d100_campaign, player, notation="1d6", label="first")
    actions.start_session(d100_campaign, gm, refill=3)
    actions.roll_notation(d100_campaign, player, notation="1d6", label="second")
    d100.change_pools(d100_campaign, actor=gm, reason=GM_LINE.split("(")[1][:-1], misfortune=2)
    actions.roll_notation(d100_campaign, player, notation="1d6", label="third")
    committed = "The GM committed to the Misfortune pool this session starts with."  # its digest alone
    assert log_entries(table(gm, d100_campaign)) == [
        "third",
        GM_LINE,
        "second",
        committed,
        "The Fortune pool 0 → 3 (Session start)",
        "Session 1 started",
        "first",
    ]
    assert log_entries(table(player, d100_campaign)) == [
        "third",
        "second",
        committed,
        "The Fortune pool 0 → 3 (Session start)",
        "Session 1 started",
        "first",
    ]


def test_a_player_never_gets_a_gm_only_line(d100_campaign, gm, player, layer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        d100.change_pools(d100_campaign, actor=gm, reason="an ambush", misfortune=2)
        d100.change_pools(d100_campaign, actor=gm, reason="for all", fortune=1)
    to_player = " ".join(layer.received_by(d100_campaign, player))
    to_gm = " ".join(layer.received_by(d100_campaign, gm))
    assert GM_LINE in to_gm
    assert GM_LINE not in to_player
    assert 'data-event-id="' in to_player
    assert "The Fortune pool 0 → 1 (for all)" in to_player
    for html in (
        table(player, d100_campaign),
        table(player, d100_campaign, "?after=0", HTTP_HX_REQUEST="true"),
        table(player, d100_campaign, "?show=events"),
    ):
        assert "ambush" not in html
        assert "The Fortune pool 0 → 1 (for all)" in html
    assert GM_LINE in table(gm, d100_campaign, "?after=0", HTTP_HX_REQUEST="true")


def test_one_line_live_to_each_audience_once(campaign, gm, player, layer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        events.record(campaign, "note", "A door creaks")
    assert [html.count("A door creaks") for html in layer.received_by(campaign, player)] == [1]
    assert [html.count("A door creaks") for html in layer.received_by(campaign, gm)] == [1]


def test_the_catch_up_brings_the_events_since_the_newest_roll(campaign, gm, player):
    events.record(campaign, "note", "Long ago")
    seen = actions.roll_notation(campaign, player, notation="1d6", label="seen")
    events.record(campaign, "note", "While away")
    html = table(player, campaign, f"?after={seen.pk}", HTTP_HX_REQUEST="true")
    assert "While away" in html
    assert "Long ago" not in html


def test_the_filter_shows_rolls_only_or_events_only(campaign, gm, player):
    actions.start_session(campaign, gm)
    actions.roll_notation(campaign, player, notation="1d6", label="a roll")
    events.record(campaign, "note", "An event")
    assert log_entries(table(player, campaign)) == ["An event", "a roll", "Session 1 started"]
    assert log_entries(table(player, campaign, "?show=rolls")) == ["a roll"]
    assert log_entries(table(player, campaign, "?show=events")) == ["An event", "Session 1 started"]
    assert 'value="events" selected' in table(player, campaign, "?show=events")


def test_events_only_with_a_character_picked_says_the_events_are_the_whole_tables(campaign, player):
    """Play-test: "Dax Orrin" + "Table events only" listed the GM asking Mara Vell, with nothing saying why."""
    from characters.models import Character

    dax = Character.objects.create(campaign=campaign, owner=player, name="Dax", sheet={})
    events.record(campaign, "note", "An event")
    note = "Table events are the whole table's: the character and roll picks choose rolls only."
    assert note in table(player, campaign, f"?show=events&character={dax.pk}")
    assert note not in table(player, campaign, "?show=events")
    assert note not in table(player, campaign, f"?character={dax.pk}")


def test_a_bad_show_value_gets_a_message_and_the_whole_log(campaign, player):
    events.record(campaign, "note", "An event")
    response = client_for(player).get(reverse("table", args=[campaign.pk]) + "?show=nonsense")
    assert response.status_code == 422
    assert "An event" in response.content.decode()


def test_events_only_pages_back(campaign, player):
    for i in range(FIRST_LOG_PAGE + 5):  # the table's first page is shorter than the pages after it
        events.record(campaign, "note", f"event {i}")
    first = table(player, campaign, "?show=events")
    assert log_entries(first) == [f"event {i}" for i in range(FIRST_LOG_PAGE + 4, 4, -1)]
    older = re.search(r'hx-get="[^"?]*\?([^"]+)"', first[first.index('class="older"') :]).group(1)
    second = table(player, campaign, "?" + older.replace("&amp;", "&"), HTTP_HX_REQUEST="true")
    assert log_entries(second) == [f"event {i}" for i in range(4, -1, -1)]


def test_each_event_is_on_one_page_of_the_log(campaign, player):
    """Pagination by rolls still works: every event shows once, on the page of the roll after it."""
    for i in range(LOG_PAGE + 5):
        actions.roll_notation(campaign, player, notation="1d6", label=f"roll {i}")
        events.record(campaign, "note", f"after roll {i}")
    first = table(player, campaign)
    older = re.search(r'hx-get="[^"?]*\?(before=[^"]+)"', first).group(1)
    second = table(player, campaign, "?" + older, HTTP_HX_REQUEST="true")
    everything = log_entries(first) + log_entries(second)
    expected = [text for i in range(LOG_PAGE + 4, -1, -1) for text in (f"after roll {i}", f"roll {i}")]
    assert everything == expected


def test_the_export_holds_the_events_with_their_audience(d100_campaign, gm):
    d100.change_pools(d100_campaign, actor=gm, reason="an ambush", misfortune=2)
    record = json.loads(client_for(gm).get(reverse("export", args=[d100_campaign.pk, "json"])).content)
    assert [(e["kind"], e["text"], e["audience"]) for e in record["events"]] == [("pool", GM_LINE, "gm")]
    csv_text = client_for(gm).get(reverse("export", args=[d100_campaign.pk, "csv"]) + "?part=events").content
    assert GM_LINE in csv_text.decode()


def test_a_removed_player_stays_in_the_story(campaign, player):
    Membership.objects.filter(campaign=campaign, user=player).delete()
    assert lines(campaign) == []  # leaving is not (yet) a line; joining is
