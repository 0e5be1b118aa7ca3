"""Tribute Alpha's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.needs import own_steps, secret_tests
from campaigns.systems.base import SystemAdapter
from campaigns.systems.tribute import actions, card, panel
from campaigns.systems.tribute.kind import TRIBUTE
from campaigns.systems.tribute.sheet_form import TributeSheetForm
from rules.tribute import SYSTEM


class TributeAlpha(SystemAdapter):
    rules = SYSTEM
    kinds = (TRIBUTE,)
    urls = "campaigns.systems.tribute.urls"
    sheet_form = TributeSheetForm
    # Two effects (the seed's example of features and a bonus effect), so the card has them to roll.
    demo_sheet = {
        "attributes": {"Might": 2, "Agility": 1},
        "effects": [
            {"name": "Punch", "rank": 2, "features": [{"name": "damage", "rank": 2}, {"name": "range", "rank": 1}],
             "bonuses": ["knockback"]},
            {"name": "Sprint", "rank": 1},
        ],
    }  # fmt: skip

    def needs(self, campaign, viewer, calls):
        # The "Needs you" strip (campaigns/needs.py): a player's own test waits on the GM's secret step,
        # and a roll of theirs on their choice.
        gm = secret_tests(calls, viewer, actions.KIND, asks="a secret opposition", step="set the opposition")
        return gm + own_steps(calls, viewer, actions.KIND, step="assign Profit and Waste")

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    def live_panel(self, campaign, audience):
        return panel.live_panel(campaign, audience)

    def card(self, character, *, data=None):
        return card.card(character, data=data)

    def card_roll(self, character, key, options, *, actor, label=""):
        return card.card_roll(character, key, options, actor=actor, label=label)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        actions.start_test(campaign, player, character=hero, attribute="Might", focus=2, burden=1, opposition=2,
                           label="Force the hatch")  # fmt: skip

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        test = actions.start_test(campaign, player, character=hero, attribute="Might", focus=1, burden=1)
        actions.set_opposition(test.pk, gm, 187)
        return ("against 187",)


ADAPTER = TributeAlpha()
