"""Centaurus Gate's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import CallNumber
from campaigns.models import Roll, RollCall
from campaigns.plugins.base import SystemAdapter
from campaigns.systems.cgg import actions, clock, panel
from campaigns.systems.cgg import card as explorer_card
from campaigns.systems.cgg import needs as cgg_needs
from campaigns.systems.cgg.conditions import CGG_CONDITION
from campaigns.systems.cgg.diligence import CGG_DILIGENCE
from campaigns.systems.cgg.fallout import CGG_FALLOUT, roll_fallout_after
from campaigns.systems.cgg.kind import CGG, CGG_SPIN
from campaigns.systems.cgg.leverage_goals import CGG_LEVERAGE
from campaigns.systems.cgg.plain_roll import CGG_RISK
from campaigns.systems.cgg.sheet_form import ExplorerSheetForm
from rules.cgg import SYSTEM
from rules.cgg.difficulty import DIFFICULTY_TABLE, Difficulty, RiskLevel


class CentaurusGate(SystemAdapter):
    rules = SYSTEM
    kinds = (CGG, CGG_SPIN, CGG_DILIGENCE, CGG_FALLOUT, CGG_CONDITION, CGG_LEVERAGE, CGG_RISK)
    urls = "campaigns.systems.cgg.urls"
    css = "systems/cgg/cgg.css"
    bench = "campaigns.systems.cgg.bench"
    table_queries = {"gm": 18, "player": 18}
    sheet_form = ExplorerSheetForm
    demo_sheet = {
        "attributes": {
            "dexterity": "4d+1",
            "strength": "2d+2",
            "perception": "3d+2",
            "knowledge": "2d",
            "technical": "3d",
            "mechanical": "2d+1",
        },
        "roles": ["Pilot"],
        "abilities": [{"name": "Piloting", "mastery": 2}, {"name": "Blaster", "mastery": 1}],
        "gear": ["Armour jacket 2d", "Comlink"],
    }

    def needs(self, campaign, viewer, calls):
        return cgg_needs.needs(campaign, viewer, calls)

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)  # a player's turn forms are their own

    # The Exec's call from the card (campaigns/calls/card_calls.py): the base difficulty (seed, "Difficulty": 3d to 9d),
    # always secret, as the Exec's difficulty is; the adjustments, risk and contest stay on the panel's call form.
    CALL_NUMBER = CallNumber(
        "Base difficulty",
        tuple((str(row.dice), f"{row.dice}d — {row.challenge_level}") for row in DIFFICULTY_TABLE),
        "4",
        open=False,
    )

    def card_call_number(self, campaign):
        return self.CALL_NUMBER

    def card_call(self, campaign, gm, *, character, key, number, secret, label):
        """The Exec's own call (actions.call_for_action: committed there), answered by the card's button or
        the call's "Roll" as any of the Exec's calls."""
        attribute = key.removeprefix(explorer_card.ATTRIBUTE_KEY)
        difficulty = Difficulty(base_dice=int(number), success_dice=0)
        return actions.call_for_action(
            campaign, character=character, attribute=attribute, difficulty=difficulty, label=label, gm=gm
        )

    def card(self, character, *, data=None):
        return explorer_card.card(character, data=data)

    def gm_sheets(self, campaign, characters):
        return explorer_card.gm_sheets(campaign, characters)

    def card_roll(self, character, key, options, *, actor, label=""):
        return explorer_card.card_roll(character, key, options, actor=actor, label=label)

    def sheet_saved(self, character, *, actor) -> None:
        clock.sync_clock_to_roles(character, actor=actor)

    def play_everyday(self, campaign, gm, player, hero) -> None:
        actions.call_for_action(
            campaign,
            character=hero,
            attribute="dexterity",
            difficulty=Difficulty(base_dice=4, success_dice=0),
            label="Thread the asteroid field",
        )

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        # Fallout on the difficulty's code (base 6d): the code, and its dice's number, are the Exec's.
        certain = Difficulty(base_dice=6, success_dice=0, risk=RiskLevel.EXTREME, risk_bonus=30)  # never avoided
        call = actions.call_for_action(campaign, character=hero, attribute="dexterity", difficulty=certain)
        actions.roll_for_call(call.pk, player)
        if actions.choose_wrench(call.pk, player, ()).status == RollCall.Status.GM_TURN:
            actions.choose_hammer(call.pk, gm, ())
        roll_fallout_after(Roll.objects.get(call=call), gm, "material")
        difficulty = Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",))
        call = actions.call_for_action(campaign, character=hero, attribute="dexterity", difficulty=difficulty)
        actions.roll_for_call(call.pk, player)
        return ("base 5d; Rushed for time", "6d − Strength")


ADAPTER = CentaurusGate()
