"""The d100 skill tests' web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.needs import secret_tests
from campaigns.systems.base import SystemAdapter
from campaigns.systems.d100 import actions, forms, panel
from campaigns.systems.d100 import card as d100_card
from campaigns.systems.d100 import gm as d100_gm
from campaigns.systems.d100.kind import D100, D100_DIE, D100_OPPOSED
from campaigns.systems.d100.sheet_form import D100SheetForm
from rules.d100 import SYSTEM


class D100SkillTests(SystemAdapter):
    rules = SYSTEM
    kinds = (D100, D100_DIE, D100_OPPOSED)
    urls = "campaigns.systems.d100.urls"
    sheet_form = D100SheetForm
    demo_sheet = {"attributes": {"Agility": 45}, "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 1}]}

    def needs(self, campaign, viewer, calls):
        # The "Needs you" strip (campaigns/needs.py): a player's own test waits on the GM's secret step.
        return secret_tests(calls, viewer, actions.KIND, asks="a secret test", step="set its difficulty")

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    def live_panel(self, campaign, audience):
        return panel.pools_panel(campaign, audience)

    def card(self, character, *, data=None):
        return d100_card.card(character, data=data)

    def card_roll(self, character, key, options, *, actor, label=""):
        return d100_card.card_roll(character, key, options, actor=actor, label=label)

    def session_form(self, campaign, data=None):
        """How much Fortune the pool refills with, and whether the last session was short."""
        return forms.session_form(campaign, data)

    def session_started(self, campaign, gm, **inputs) -> None:
        actions.refill_fortune(campaign, gm, **inputs)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        actions.start_test(campaign, player, character=hero, skill="Stealth", attribute="Agility",
                           difficulty="standard")  # fmt: skip

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        secret_test = actions.start_test(campaign, player, character=hero, skill="", attribute="Agility",
                                         difficulty=None)  # fmt: skip
        actions.set_difficulty(secret_test.pk, gm, "hard")
        actions.change_pools(campaign, actor=gm, reason="marker", misfortune=5)
        # The GM's own secret test of the player's character: not even its label reaches the player (issue 21).
        d100_gm.gm_secret_test(campaign, gm, character=hero, skill="", attribute="Agility", difficulty="easy",
                               label="Watched from the rafters")  # fmt: skip
        return ("Hard:", "Misfortune pool: 5", "Watched from the rafters")


ADAPTER = D100SkillTests()
