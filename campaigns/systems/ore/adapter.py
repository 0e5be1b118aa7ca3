"""The One-Roll Engine's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import CallNumber
from campaigns.common.audience import Audience
from campaigns.plugins.base import SystemAdapter
from campaigns.systems.ore import actions, panel
from campaigns.systems.ore import card as ore_card
from campaigns.systems.ore.kind import ORE
from campaigns.systems.ore.sheet_form import OreSheetForm
from campaigns.table.needs import own_tests
from rules.ore import SYSTEM


class OneRollEngine(SystemAdapter):
    rules = SYSTEM
    kinds = (ORE,)
    urls = "campaigns.systems.ore.urls"
    css = "systems/ore/ore.css"
    bench = "campaigns.systems.ore.bench"
    table_queries = {"gm": 17, "player": 19}
    sheet_form = OreSheetForm
    # A hard die and a wiggle die on the demo sheet, so its card shows every kind of button.
    demo_sheet = {
        "stats": {"Coordination": 3, "Sense": 3},
        "skills": [
            {"name": "Piloting", "stat": "Coordination", "normal": 2, "hard": 0, "wiggle": 0},
            {"name": "Dodge", "stat": "Coordination", "normal": 1, "hard": 1, "wiggle": 0},
            {"name": "Perception", "stat": "Sense", "normal": 1, "hard": 0, "wiggle": 1},
        ],
    }

    def needs(self, campaign, viewer, calls):
        # The "Needs you" strip (campaigns/table/needs.py).
        return own_tests(calls, viewer, actions.KIND, number="difficulty", choice="set your wiggle dice")

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    def live_panel(self, campaign, audience):
        # The GM's contest form lists the characters; a player's panel is their own roll form alone, which
        # a panel drawn for no one in particular would take away: nothing is sent them.
        return panel.panel(campaign, audience) if audience is Audience.GM else None

    # The GM's call from the card (campaigns/calls/card_calls.py): the difficulty, 0 (any set) to 10
    # (seed "Difficulty"), open or secret; a secret one is committed at the call and shown when a session
    # ends, as set_difficulty's.
    CALL_NUMBER = CallNumber(
        "Difficulty", tuple((str(n), "0 (none)" if n == 0 else str(n)) for n in range(11)), "0", kind="difficulty"
    )

    def card_call_number(self, campaign):
        return self.CALL_NUMBER

    def card_call_options(self, number, secret):
        return {"difficulty": int(number), "called_secret": secret}

    def card(self, character, *, data=None):
        return ore_card.card(character, data=data)

    def card_roll(self, character, key, options, *, actor, label=""):
        return ore_card.card_roll(character, key, options, actor=actor, label=label)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        side = actions.side_for(hero, "Coordination", "Piloting")
        actions.start_roll(campaign, player, character=hero, side=side, difficulty=3, label="Land in the storm")

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        side = actions.side_for(hero, "Body")
        pending = actions.start_roll(campaign, player, character=hero, side=side, difficulty=None)
        actions.set_difficulty(pending.pk, gm, 9)
        return ("difficulty 9",)


ADAPTER = OneRollEngine()
