"""Zener Gate's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import CallNumber
from campaigns.plugins.base import SystemAdapter
from campaigns.systems.zener import actions, card, growth, panel
from campaigns.systems.zener.endurance import ZENER_ENDURANCE
from campaigns.systems.zener.fight import ZENER_FIGHT_OVER
from campaigns.systems.zener.gear_kind import ZENER_GEAR
from campaigns.systems.zener.growth_kind import ZENER_GROWTH
from campaigns.systems.zener.immersion import ZENER_IMMERSION
from campaigns.systems.zener.kind import ZENER, ZENER_ATTACK, ZENER_DEATH, ZENER_INITIATIVE, ZENER_RECOVERY, ZENER_SHOCK
from campaigns.systems.zener.radiation_kind import ZENER_RADIATION_MOVE, ZENER_THERAPY, ZENER_TRANSITION
from campaigns.systems.zener.sheet_form import ZenerSheetForm
from rules.zener import SYSTEM


class ZenerGate(SystemAdapter):
    rules = SYSTEM
    kinds = (
        ZENER,
        ZENER_ATTACK,
        ZENER_DEATH,
        ZENER_INITIATIVE,
        ZENER_RECOVERY,
        ZENER_SHOCK,
        ZENER_ENDURANCE,
        ZENER_IMMERSION,
        ZENER_TRANSITION,
        ZENER_THERAPY,
        ZENER_RADIATION_MOVE,
        ZENER_GEAR,
        ZENER_FIGHT_OVER,
        ZENER_GROWTH,
    )
    urls = "campaigns.systems.zener.urls"
    css = "systems/zener/zener.css"
    bench = "campaigns.systems.zener.bench"
    table_queries = {"gm": 20, "player": 19}
    sheet_form = ZenerSheetForm
    demo_sheet = {
        "stats": {"PRAC": 12},
        "int_dice": [3, 3],
        "skills": [
            {"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3},
            {"name": "Pistol", "breadth": "specific", "stat": "ACC", "ranks": 2},
        ],
        "weapons": [{"name": "Pistol", "damage": "2d6"}],  # the seed's "most handguns will be 2d6"
    }

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel.panel(campaign, audience, user=user, **forms)

    # The GM's call from the card (campaigns/calls/card_calls.py): the check's modifier (seed: "Skill ranks + stat
    # basis + modifier = target value"), open only. A Zener check shows its target, the number the player rolls
    # under, so a hidden modifier would be read off every row; the rules' secret check is the GM's own (the panel).
    CALL_NUMBER = CallNumber(
        "Modifier",
        tuple((str(n), f"{n:+d}" if n else "0 (none)") for n in range(-20, 21)),
        "0",
        kind="modifier",
        secret=False,
    )

    def card_call_number(self, campaign):
        return self.CALL_NUMBER

    def card_call_options(self, number, secret):
        return {"modifier": int(number)}

    def card(self, character, *, data=None):
        return card.card(character, data=data)

    def card_roll(self, character, key, options, *, actor, label=""):
        return card.card_roll(character, key, options, actor=actor, label=label)

    def sheet_saved(self, character, *, actor) -> None:
        growth.pay_karma_trades(character, actor=actor)  # the Karma trades of creation (seed: "Other Uses For Karma")

    def play_everyday(self, campaign, gm, player, hero) -> None:
        what, check = actions.check_for(hero, stat="PRAC", skill="Pilot")
        actions.make_check(campaign, player, character=hero, what=what, check=check, label="Evasive turn")

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        what, check = actions.check_for(hero, stat="AWA")
        actions.make_check(campaign, gm, character=hero, what=what, check=check, secret=True, label="zqx-zener-secret")
        return ("zqx-zener-secret",)


ADAPTER = ZenerGate()
