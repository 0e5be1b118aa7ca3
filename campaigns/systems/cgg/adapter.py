"""Centaurus Gate's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.systems.base import SystemAdapter
from campaigns.systems.cgg import actions, clock, panel
from campaigns.systems.cgg import card as explorer_card
from campaigns.systems.cgg import needs as cgg_needs
from campaigns.systems.cgg.conditions import CGG_CONDITION
from campaigns.systems.cgg.diligence import CGG_DILIGENCE
from campaigns.systems.cgg.fallout import CGG_FALLOUT
from campaigns.systems.cgg.kind import CGG, CGG_SPIN
from campaigns.systems.cgg.leverage_goals import CGG_LEVERAGE
from campaigns.systems.cgg.plain_roll import CGG_RISK
from campaigns.systems.cgg.sheet_form import ExplorerSheetForm
from rules.cgg import SYSTEM
from rules.cgg.difficulty import Difficulty


class CentaurusGate(SystemAdapter):
    rules = SYSTEM
    kinds = (CGG, CGG_SPIN, CGG_DILIGENCE, CGG_FALLOUT, CGG_CONDITION, CGG_LEVERAGE, CGG_RISK)
    urls = "campaigns.systems.cgg.urls"
    sheet_form = ExplorerSheetForm
    demo_sheet = {
        "attributes": {"dexterity": "4d+1", "strength": "2d+2", "perception": "3d+2", "knowledge": "2d",
                       "technical": "3d", "mechanical": "2d+1"},
        "roles": ["Pilot"],
        "abilities": [{"name": "Piloting", "mastery": 2}, {"name": "Blaster", "mastery": 1}],
        "gear": ["Armour jacket 2d", "Comlink"],
    }  # fmt: skip

    def needs(self, campaign, viewer, calls):
        return cgg_needs.needs(campaign, viewer, calls)

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)  # a player's turn forms are their own

    def card(self, character, *, data=None):
        return explorer_card.card(character, data=data)

    def gm_sheets(self, campaign, characters):
        return explorer_card.gm_sheets(campaign, characters)

    def card_roll(self, character, key, options, *, actor, label=""):
        return explorer_card.card_roll(character, key, options, actor=actor, label=label)

    def sheet_saved(self, character, *, actor) -> None:
        clock.sync_clock_to_roles(character, actor=actor)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        actions.call_for_action(campaign, character=hero, attribute="dexterity",
                                difficulty=Difficulty(base_dice=4, success_dice=0),
                                label="Thread the asteroid field")  # fmt: skip

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        difficulty = Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",))
        call = actions.call_for_action(campaign, character=hero, attribute="dexterity", difficulty=difficulty)
        actions.roll_for_call(call.pk, player)
        return ("base 5d; Rushed for time",)


ADAPTER = CentaurusGate()
