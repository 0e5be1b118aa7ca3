"""The d100 skill tests' web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import CallNumber
from campaigns.models import Commitment
from campaigns.plugins.base import SystemAdapter
from campaigns.systems.d100 import actions, forms, panel
from campaigns.systems.d100 import card as d100_card
from campaigns.systems.d100 import gm as d100_gm
from campaigns.systems.d100.kind import D100, D100_DIE, D100_OPPOSED
from campaigns.systems.d100.sheet_form import D100SheetForm
from campaigns.table.actions import ActionError
from campaigns.table.needs import secret_tests
from rules.d100 import SYSTEM
from rules.d100.test import DIFFICULTIES


class D100SkillTests(SystemAdapter):
    rules = SYSTEM
    kinds = (D100, D100_DIE, D100_OPPOSED)
    urls = "campaigns.systems.d100.urls"
    css = "systems/d100/d100.css"
    bench = "campaigns.systems.d100.bench"
    table_queries = {"gm": 22, "player": 21}
    fairness_note = (
        "Percentile dice: plain notation's d% counts as one d100 (1–100); a d100 skill test's tens, units"
        " and assist dice each count as a d10 read 0–9."
    )
    sheet_form = D100SheetForm
    demo_sheet = {"attributes": {"Agility": 45}, "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 1}]}

    def needs(self, campaign, viewer, calls):
        # The "Needs you" strip (campaigns/table/needs.py): a player's own test waits on the GM's secret step.
        return secret_tests(calls, viewer, actions.KIND, asks="a secret test", step="set its difficulty")

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    def live_panel(self, campaign, audience):
        return panel.pools_panel(campaign, audience)

    # The GM's call from the card (campaigns/calls/card_calls.py): the difficulty's step (seed, "Difficulty"), open, or
    # secret: a secret test ("Secret tests"), committed at the call and never revealed, as set_difficulty's.
    CALL_NUMBER = CallNumber(
        "Difficulty",
        tuple((key, f"{key.title()} ({value:+d})") for key, value in DIFFICULTIES.items()),
        "standard",
        kind="difficulty",
        reveal=Commitment.Reveal.NEVER,
    )

    def card_call_number(self, campaign):
        return self.CALL_NUMBER

    def card_call_options(self, number, secret):
        return {"difficulty": number, "called_secret": secret}

    def card_call(self, campaign, gm, *, character, key, number, secret, label):
        # A Fury or Chaos die is no test: a difficulty on its call would be committed and never used.
        if key.startswith("die:") and (secret or number != self.CALL_NUMBER.initial):
            raise ActionError("A Fury or Chaos die takes no difficulty: call it at Standard, in the open.")
        return None

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
        actions.start_test(
            campaign, player, character=hero, skill="Stealth", attribute="Agility", difficulty="standard"
        )

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        secret_test = actions.start_test(
            campaign, player, character=hero, skill="", attribute="Agility", difficulty=None
        )
        actions.set_difficulty(secret_test.pk, gm, "hard")
        actions.change_pools(campaign, actor=gm, reason="marker", misfortune=5)
        # The GM's own secret test of the player's character: not even its label reaches the player.
        d100_gm.gm_secret_test(
            campaign,
            gm,
            character=hero,
            skill="",
            attribute="Agility",
            difficulty="easy",
            label="Watched from the rafters",
        )
        return ("Hard:", "Misfortune pool: 5", "Watched from the rafters")


ADAPTER = D100SkillTests()
