"""A call for a roll from the character's card: the GM asks for "Stealth" or "Pistol
attack" by the card's own button, and the player answers it with that button, one click. The call
is only a request: the system rolls the button as the card does (`SystemAdapter.card_roll`), with
the card's defaults and the call's number (a difficulty, an opposition…), and that roll is the system's
own kind in the log. A secret number is the GM's: committed at the call, shown to no player
(/rules/#calls-from-the-card)."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.plugins.roll_kind import RollKind


class CardCallKind(RollKind):
    key = "card"
    name = "A roll from the character's card"
    roll_template = ""  # never a roll's kind: the system's roll answers it
    player_call_template = "campaigns/calls/card_player.html"
    gm_call_template = "campaigns/calls/card_gm.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return {}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"{who} rolled {label}."

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        request = call.request
        data = {"key": request["key"], "what": request["what"]}
        if "number" in request:  # the system's number (campaigns.calls.card_calls): a secret one is the GM's alone
            shown = audience is Audience.GM or not request["secret"]
            data |= {
                "number_label": request["number_label"],
                "secret": request["secret"],
                "number_words": request["number_words"] if shown else None,
            }
        return data


CARD = CardCallKind()
