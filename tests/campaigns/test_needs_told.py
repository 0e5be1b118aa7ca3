"""An open table's "Needs you" strip fetches itself again only when a live message tells it that what
waits on its viewer may have changed (campaigns.table.live.NEEDS_CHANGED, static/fivefold/needs.js).
So every step that changes a viewer's strip, in every system, must send that viewer such a message;
and a plain roll, which changes no strip, must not make every open table fetch it."""

from contextlib import contextmanager

import pytest

from campaigns.calls import card_calls
from campaigns.life import lifecycle
from campaigns.models import Membership, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.d100 import actions as d100
from campaigns.systems.ore import actions as ore
from campaigns.systems.tribute import actions as tribute
from campaigns.table import actions, live
from campaigns.table.needs import Viewer, needs_for
from rules.cgg.sheet import default_sheet
from rules.cgg.venture import Wrench
from rules.tribute.effects import Assignment
from tests.campaigns.test_needs import call_action, table

pytestmark = pytest.mark.django_db


class Table:
    """A campaign's GM and two players, and the live messages each of their open tables got."""

    def __init__(self, campaign, gm, players, sent):
        self.campaign, self.gm, self.players, self.sent = campaign, gm, players, sent

    def strips(self) -> dict:
        viewers = [Viewer(self.gm, True)] + [Viewer(user, False) for user in self.players]
        return {viewer: [need.text for need in needs_for(self.campaign, viewer)] for viewer in viewers}

    def groups(self, viewer) -> set[str]:
        if viewer.is_gm:
            return {live.gm_group(self.campaign.pk)}
        return {live.table_group(self.campaign.pk), live.player_group(self.campaign.pk, viewer.user.pk)}

    def told(self, viewer) -> bool:
        return any(group in self.groups(viewer) and live.NEEDS_CHANGED in html for group, html in self.sent)


@pytest.fixture
def sent(monkeypatch):
    """Every (group, html) the live updates send, instead of sending them."""
    messages = []
    monkeypatch.setattr(live, "_deliver", lambda pairs: messages.extend((g, m["html"]) for g, m in pairs))
    return messages


@pytest.fixture
def step(django_capture_on_commit_callbacks, sent):
    """Run one step of play as a request does (its live messages sent once it is committed), and check that
    every viewer whose strip it changed was told so; gives back the step's result."""

    @contextmanager
    def run(at: Table, *, changes: bool = True):
        before = at.strips()
        sent.clear()
        with django_capture_on_commit_callbacks(execute=True):
            yield
        after = at.strips()
        changed = [viewer for viewer in before if before[viewer] != after[viewer]]
        assert bool(changed) == changes, (before, after)
        for viewer in changed:
            assert at.told(viewer), f"{viewer.user} was not told: {before[viewer]} -> {after[viewer]}"

    return run


def a_table(system, gm, player, other_player, sent, sheet=None):
    campaign, ada, bo = table(system, gm, player, other_player, sheet=sheet)
    return Table(campaign, gm, [player, other_player], sent), ada, bo


def test_a_notation_call_answered_cancelled_or_left_behind(gm, player, other_player, sent, step):
    at, ada, bo = a_table("zener", gm, player, other_player, sent)
    with step(at):
        climb = actions.call_for_roll(at.campaign, character=ada, notation="2d6", target=7, label="Climb")
    with step(at):
        actions.answer_call(climb.pk, player)
    with step(at):
        swim = actions.call_for_roll(at.campaign, character=ada, notation="2d6", target=7, label="Swim")
    with step(at):
        actions.cancel_call(swim)
    with step(at):
        actions.call_for_roll(at.campaign, character=bo, notation="2d6", target=7, label="Run")
    with step(at):
        lifecycle.delete_character(bo, actor=gm)  # played or not, its calls leave the strip
    with step(at):
        actions.call_for_roll(at.campaign, character=ada, notation="2d6", target=7, label="Hide")
    with step(at):
        actions.remove_player(Membership.objects.get(campaign=at.campaign, user=player))


def test_a_call_from_the_card(gm, player, other_player, sent, step):
    at, ada, _bo = a_table("d100", gm, player, other_player, sent)
    key = card_calls.card_buttons(ada)[0].key
    with step(at):
        call = card_calls.call_from_card(at.campaign, gm, character=ada, key=key, number="standard")
    with step(at):
        card_calls.answer(call.pk, player)


def test_d100_a_secret_test(gm, player, other_player, sent, step):
    at, ada, _bo = a_table("d100", gm, player, other_player, sent)
    with step(at):
        test = d100.start_test(
            at.campaign, player, character=ada, skill="Stealth", attribute="Agility", difficulty=None
        )
    with step(at):
        d100.set_difficulty(test.pk, gm, "hard")


def test_ore_a_secret_difficulty_and_wiggle_dice(gm, player, other_player, sent, step, script_dice):
    at, ada, _bo = a_table("ore", gm, player, other_player, sent)
    side = ore.side_for(ada, "Coordination", "Piloting")
    with step(at):
        secret = ore.start_roll(at.campaign, player, character=ada, side=side, difficulty=None)
    with step(at):
        ore.set_difficulty(secret.pk, gm, 2)
    script_dice(1, 3, 5, 7, 9, 2)
    with step(at):
        ore.start_roll(at.campaign, player, character=ada, side=ore.side_for(ada, "Sense", "Perception"), difficulty=2)
    waiting = RollCall.objects.get(status=RollCall.Status.PLAYER_TURN)
    with step(at):
        ore.choose_wiggle(waiting.pk, player, (10,) * waiting.request["side"]["wiggle"])


def test_tribute_a_secret_opposition_then_profit_and_waste(gm, player, other_player, sent, step, script_dice):
    at, ada, _bo = a_table("tribute", gm, player, other_player, sent)
    with step(at):
        test = tribute.start_test(at.campaign, player, character=ada, attribute="Might", focus=1, burden=1)
    with step(at):
        tribute.set_opposition(test.pk, gm, 3)
    script_dice(6, 5, 1)  # a Win with 1 Profit to assign
    with step(at):
        tribute.start_test(
            at.campaign, player, character=ada, attribute="Might", focus=2, burden=1, effect="Punch", opposition=1
        )
    waiting = RollCall.objects.get(status=RollCall.Status.PLAYER_TURN)
    with step(at):
        tribute.assign_profit_and_waste(waiting.pk, player, Assignment(complications=waiting.state.get("waste", 0)))


def test_cgg_an_action_from_the_call_to_the_hammer(gm, player, other_player, sent, step, script_dice):
    sheet = default_sheet()
    sheet["attributes"] = sheet["attributes"] | {"dexterity": "3d+1"}
    at, ada, _bo = a_table("cgg", gm, player, other_player, sent, sheet=sheet)
    with step(at):
        made = call_action(at.campaign, ada)
    script_dice(6, 6, 4, 2, 8)  # two Venture
    with step(at):
        cgg.roll_for_call(made.pk, player)
    with step(at):
        cgg.choose_wrench(made.pk, player, (Wrench.THAT_WAS_CLOSE,))
    with step(at):
        cgg.choose_hammer(made.pk, gm, ())


def test_a_plain_roll_tells_no_strip(gm, player, other_player, sent, step):
    at, ada, _bo = a_table("zener", gm, player, other_player, sent)
    with step(at, changes=False):
        actions.roll_notation(at.campaign, player, notation="2d6", character=ada)
    assert sent, "the roll went to the open tables"
    assert not any(live.NEEDS_CHANGED in html for _group, html in sent)
