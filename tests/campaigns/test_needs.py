"""The "Needs you" strip (campaigns/table/needs.py): for each system, what waits on the GM and on
each player, never a GM's item for a player nor another player's; the strip's own endpoint; the
page title's count; a fixed number of queries whatever the number of items."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Membership, Roll, RollCall
from campaigns.plugins.registry import get
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.d100 import actions as d100
from campaigns.systems.ore import actions as ore
from campaigns.systems.tribute import actions as tribute
from campaigns.table import actions
from campaigns.table.needs import Viewer, needs_for
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet
from rules.cgg.venture import Wrench

pytestmark = pytest.mark.django_db


def table(system, gm, player, other_player, sheet=None):
    """A campaign of `system` with two players seated, each with a character (the system's demo sheet)."""
    campaign = actions.create_campaign(gm, name=f"Needs {system}", system=system, settings={})
    if sheet is None:
        sheet = campaign.rules_system.validate_sheet(dict(get(system).demo_sheet), campaign.settings)
    heroes = []
    for user, name in ((player, "Ada"), (other_player, "Bo")):
        Membership.objects.create(campaign=campaign, user=user)
        heroes.append(Character.objects.create(campaign=campaign, owner=user, name=name, sheet=sheet))
    return campaign, *heroes


def texts(campaign, user, *, is_gm=False) -> list[str]:
    return [need.text for need in needs_for(campaign, Viewer(user, is_gm))]


def test_the_gms_notation_call_waits_on_its_player_only(gm, player, other_player):
    campaign, ada, _bo = table("zener", gm, player, other_player)
    actions.call_for_roll(campaign, character=ada, notation="2d6", target=7, label="Climb")
    assert texts(campaign, player) == ["The GM asks Ada: roll Climb."]
    assert texts(campaign, other_player) == []
    assert texts(campaign, gm, is_gm=True) == []  # the GM waits on the player, not the other way


def test_d100_a_secret_test_waits_on_the_gm(gm, player, other_player):
    campaign, ada, _bo = table("d100", gm, player, other_player)
    test = d100.start_test(
        campaign, player, character=ada, skill="Stealth", attribute="Agility", difficulty=None, label="Sneak"
    )
    assert texts(campaign, gm, is_gm=True) == ["Ada asks for a secret test (Sneak): set its difficulty."]
    assert texts(campaign, player) == texts(campaign, other_player) == []
    d100.set_difficulty(test.pk, gm, "hard")
    assert texts(campaign, gm, is_gm=True) == []


def test_ore_a_secret_difficulty_waits_on_the_gm_and_wiggle_dice_on_their_player(gm, player, other_player, script_dice):
    campaign, ada, _bo = table("ore", gm, player, other_player)
    ore.start_roll(
        campaign,
        player,
        character=ada,
        side=ore.side_for(ada, "Coordination", "Piloting"),
        difficulty=None,
        label="Land",
    )
    assert texts(campaign, gm, is_gm=True) == ["Ada asks for a secret difficulty (Land): set the difficulty."]
    assert texts(campaign, player) == []
    script_dice(1, 3, 5, 7, 9, 2)  # no wiggle at best: the wiggle die waits for the player
    ore.start_roll(
        campaign, player, character=ada, side=ore.side_for(ada, "Sense", "Perception"), difficulty=2, label="Look"
    )
    assert texts(campaign, player) == ["Ada's Look: set your wiggle dice."]
    assert texts(campaign, other_player) == []
    assert len(texts(campaign, gm, is_gm=True)) == 1  # the wiggle dice are the player's, not the GM's


def test_tribute_a_secret_opposition_waits_on_the_gm(gm, player, other_player):
    campaign, ada, _bo = table("tribute", gm, player, other_player)
    test = tribute.start_test(campaign, player, character=ada, attribute="Might", focus=1, burden=1, label="Lift")
    assert texts(campaign, gm, is_gm=True) == ["Ada asks for a secret opposition (Lift): set the opposition."]
    assert texts(campaign, player) == texts(campaign, other_player) == []
    tribute.set_opposition(test.pk, gm, 3)
    assert texts(campaign, gm, is_gm=True) == []


def test_tribute_profit_and_waste_wait_on_their_player(gm, player, other_player, script_dice):
    campaign, ada, _bo = table("tribute", gm, player, other_player)
    script_dice(6, 5, 1)  # FOCUS 6 and 5, BURDEN 1: a Win with 1 Profit to assign
    tribute.start_test(
        campaign, player, character=ada, attribute="Might", focus=2, burden=1, effect="Punch", opposition=1, label="Hit"
    )
    assert RollCall.objects.get().status == RollCall.Status.PLAYER_TURN
    assert texts(campaign, player) == ["Ada's Hit: assign Profit and Waste."]
    assert texts(campaign, other_player) == texts(campaign, gm, is_gm=True) == []


@pytest.fixture
def explorers(gm, player, other_player):
    sheet = default_sheet()
    sheet["attributes"] = sheet["attributes"] | {"dexterity": "3d+1"}
    return table("cgg", gm, player, other_player, sheet=sheet)


def call_action(campaign, explorer):
    return cgg.call_for_action(
        campaign,
        character=explorer,
        attribute="dexterity",
        label="Jump the gap",
        difficulty=Difficulty(base_dice=5, success_dice=0, risk_bonus=0),
    )


def test_cgg_an_action_goes_from_the_player_to_the_exec(gm, player, other_player, explorers, script_dice):
    campaign, mara, _bo = explorers
    made = call_action(campaign, mara)
    assert texts(campaign, player) == ["The GM asks Ada: roll Jump the gap."]
    script_dice(6, 6, 4, 2, 8)  # two Venture
    cgg.roll_for_call(made.pk, player)
    assert texts(campaign, player) == ["Ada's Jump the gap: choose your Wrench uses."]
    assert texts(campaign, gm, is_gm=True) == []
    cgg.choose_wrench(made.pk, player, (Wrench.THAT_WAS_CLOSE,))
    assert texts(campaign, gm, is_gm=True) == [
        "Ada's Jump the gap: the player has rolled; Venture is left for your Hammer."
    ]
    assert texts(campaign, player) == texts(campaign, other_player) == []


def test_the_exec_publishes_from_the_strip_with_one_click(
    gm, player, other_player, explorers, script_dice, gm_client, player_client, htmx
):
    campaign, mara, _bo = explorers
    made = call_action(campaign, mara)
    script_dice(6, 6, 4, 2, 8)
    cgg.roll_for_call(made.pk, player)
    cgg.choose_wrench(made.pk, player, ())
    strip = gm_client.get(reverse("needs", args=[campaign.pk]), **htmx).content.decode()
    assert 'data-count="1"' in strip
    assert f'href="#call-{made.pk}"' in strip
    hammer = reverse("cgg_hammer", args=[campaign.pk, made.pk])
    assert f'hx-post="{hammer}"' in strip
    player_strip = player_client.get(reverse("needs", args=[campaign.pk])).content.decode()
    assert 'data-count="0"' in player_strip
    assert "Hammer" not in player_strip

    assert gm_client.post(hammer, **htmx).status_code == 200  # the strip's button: no Hammer uses
    assert Roll.objects.get().call_id == made.pk
    assert 'data-count="0"' in gm_client.get(reverse("needs", args=[campaign.pk])).content.decode()


def test_the_page_title_counts_what_waits(gm, player, other_player, gm_client, player_client):
    campaign, ada, _bo = table("d100", gm, player, other_player)
    d100.start_test(campaign, player, character=ada, skill="Stealth", attribute="Agility", difficulty=None)
    d100.start_test(campaign, player, character=ada, skill="", attribute="Agility", difficulty=None)
    assert (
        "<title>(2) Needs d100 · Fivefold</title>"
        in gm_client.get(reverse("table", args=[campaign.pk])).content.decode()
    )
    assert (
        "<title>Needs d100 · Fivefold</title>"
        in player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    )


def test_the_strip_answers_members_only(gm, player, other_player, outsider_client, client):
    campaign, _ada, _bo = table("d100", gm, player, other_player)
    url = reverse("needs", args=[campaign.pk])
    assert outsider_client.get(url).status_code == 404
    assert client.get(url).status_code == 302  # to the log-in page
    assert outsider_client.post(url).status_code == 405


def strip_queries(client, campaign) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(reverse("needs", args=[campaign.pk])).status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("system", ["d100", "ore", "tribute"])
def test_the_strip_costs_the_same_queries_for_one_item_or_many(
    system, gm, player, other_player, gm_client, player_client
):
    campaign, ada, bo = table(system, gm, player, other_player)
    secret = {
        "d100": lambda hero, user: d100.start_test(
            campaign, user, character=hero, skill="", attribute="Agility", difficulty=None
        ),
        "ore": lambda hero, user: ore.start_roll(
            campaign, user, character=hero, difficulty=None, side=ore.side_for(hero, "Coordination", "Piloting")
        ),
        "tribute": lambda hero, user: tribute.start_test(
            campaign, user, character=hero, attribute="Might", focus=1, burden=1
        ),
    }[system]
    secret(ada, player)
    actions.call_for_roll(campaign, character=ada, notation="1d6", target=3)
    one_gm, one_player = strip_queries(gm_client, campaign), strip_queries(player_client, campaign)
    for _ in range(4):
        secret(ada, player)
        secret(bo, other_player)
        actions.call_for_roll(campaign, character=ada, notation="1d6", target=3)
    assert len(texts(campaign, gm, is_gm=True)) == 9
    assert len(texts(campaign, player)) == 5
    assert strip_queries(gm_client, campaign) == one_gm
    assert strip_queries(player_client, campaign) == one_player


def test_the_sound_is_off_until_the_user_turns_it_on(gm, player, other_player, player_client):
    campaign, _ada, _bo = table("d100", gm, player, other_player)
    assert 'data-sound="off"' in player_client.get(reverse("needs", args=[campaign.pk])).content.decode()
    page = player_client.get(reverse("account_settings"))
    assert "needs_sound" in page.content.decode()
    assert player_client.post(reverse("account_settings"), {"needs_sound": "on"}).status_code == 302
    player.refresh_from_db()
    assert player.needs_sound
    assert 'data-sound="on"' in player_client.get(reverse("needs", args=[campaign.pk])).content.decode()


def test_a_players_several_items_are_counted_above_their_cards_not_listed_twice(
    gm, player, other_player, gm_client, player_client
):
    """The player's items are their call cards, just below the strip: one is named (a link to its card),
    several are counted (a link to the cards), so the newest card stays on a phone's first screen."""
    campaign, ada, _bo = table("zener", gm, player, other_player)
    url = reverse("needs", args=[campaign.pk])
    actions.call_for_roll(campaign, character=ada, notation="2d6", target=7, label="Climb")
    one = player_client.get(url).content.decode()
    assert "The GM asks Ada: roll Climb." in one
    assert 'href="#call-' in one
    actions.call_for_roll(campaign, character=ada, notation="2d6", target=7, label="Swim")
    several = player_client.get(url).content.decode()
    assert "2 of your rolls wait for you under Now" in several
    assert 'href="#my-calls"' in several
    assert "roll Climb" not in several
    assert "roll Swim" not in several

    tests, hero, _other = table("d100", gm, player, other_player)
    for skill in ("Stealth", ""):
        d100.start_test(tests, player, character=hero, skill=skill, attribute="Agility", difficulty=None)
    gms = gm_client.get(reverse("needs", args=[tests.pk])).content.decode()
    assert gms.count('class="need"') == 2  # the GM's list is every item, named


def test_the_strip_answers_204_while_what_it_shows_is_unchanged(gm, player, other_player, player_client):
    """The strip fetches itself again after a call's live message: unchanged, it is answered 204 (htmx swaps
    nothing, its buttons stay under the pointer); changed, the new strip."""
    campaign, ada, _bo = table("zener", gm, player, other_player)
    url = reverse("needs", args=[campaign.pk])
    first = player_client.get(url)
    shown = re.search(r'id="needs-shown" name="shown" value="(\w+)"', first.content.decode())[1]
    assert player_client.get(url, {"shown": shown}).status_code == 204
    assert player_client.get(url, {"shown": "something else"}).status_code == 200
    actions.call_for_roll(campaign, character=ada, notation="2d6", target=7, label="Climb")
    changed = player_client.get(url, {"shown": shown})
    assert changed.status_code == 200
    assert "roll Climb" in changed.content.decode()
