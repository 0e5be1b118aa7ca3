"""Tribute Alpha's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import CallNumber
from campaigns.plugins.base import SystemAdapter
from campaigns.systems.tribute import actions, card, panel
from campaigns.systems.tribute.kind import TRIBUTE
from campaigns.systems.tribute.sheet_form import TributeSheetForm
from campaigns.table.needs import own_tests
from rules.tribute import SYSTEM
from rules.tribute.effects import Assignment
from rules.tribute.sheet import attribute_range

# The widest rank the call's select offers either side of 0 (a campaign may allow up to 99: a select that long
# is no longer a click; the panel's opposed test takes any rank).
CALL_RANKS = 20


class TributeAlpha(SystemAdapter):
    rules = SYSTEM
    kinds = (TRIBUTE,)
    urls = "campaigns.systems.tribute.urls"
    css = "systems/tribute/tribute.css"
    bench = "campaigns.systems.tribute.bench"
    table_queries = {"gm": 18, "player": 19}  # the player's +1: each card's last test, whose dice it keeps
    sheet_form = TributeSheetForm
    # Two effects (the seed's example of features and a bonus effect), so the card has them to roll.
    demo_sheet = {
        "attributes": {"Might": 2, "Agility": 1},
        "effects": [
            {
                "name": "Punch",
                "rank": 2,
                "features": [{"name": "damage", "rank": 2}, {"name": "range", "rank": 1}],
                "bonuses": ["knockback"],
            },
            {"name": "Sprint", "rank": 1},
        ],
    }

    def needs(self, campaign, viewer, calls):
        # The "Needs you" strip (campaigns/table/needs.py).
        return own_tests(calls, viewer, actions.KIND, number="opposition", choice="assign Profit and Waste")

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    def live_panel(self, campaign, audience):
        return panel.live_panel(campaign, audience)

    def card_call_number(self, campaign):
        """The GM's call from the card (campaigns/calls/card_calls.py): the opposition's result the test is compared
        with (seed, "Making Tests", 4), from the campaign's ranks plus a die either way, 0 (human average) first
        chosen; open, or secret: committed at the call and shown when a session ends, as set_opposition's."""
        widest = min(attribute_range(campaign.settings), CALL_RANKS) + campaign.settings.get("die_size", 6)
        choices = tuple((str(n), f"{n:+d}" if n else "0 (human average)") for n in range(-widest, widest + 1))
        return CallNumber("Opposition", choices, "0", kind="opposition")

    def card_call_options(self, number, secret):
        return {"opposition": int(number), "called_secret": secret}

    def card(self, character, *, data=None):
        return card.card(character, data=data)

    def card_roll(self, character, key, options, *, actor, label=""):
        return card.card_roll(character, key, options, actor=actor, label=label)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        actions.start_test(
            campaign,
            player,
            character=hero,
            attribute="Might",
            focus=2,
            burden=1,
            opposition=2,
            label="Force the hatch",
        )

    def play_step(self, call, player) -> None:
        # No Profit spent; every Waste a complication in the scene (seed: "Waste can also be used to
        # activate negative Effects or complications in the scene").
        actions.assign_profit_and_waste(call.pk, player, Assignment(complications=call.state["waste"]))

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        test = actions.start_test(campaign, player, character=hero, attribute="Might", focus=1, burden=1)
        actions.set_opposition(test.pk, gm, 187)
        return ("against 187",)


ADAPTER = TributeAlpha()
