"""Notation rolls and calls (plain or with operators): what each audience sees of them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.charts import notation_chart
from campaigns.common.fair_dice import FATE_DIE, Die
from campaigns.plugins.roll_kind import RollKind
from rules.dice import Comparison
from rules.notation import parse
from rules.notation.grammar import FATE

REVEAL_ALL = {"dice": True, "target": True, "success": True}
# What the table sees of an answered call unless the GM chooses otherwise.
CALL_REVEAL_DEFAULT = {"dice": True, "target": False, "success": False}


@lru_cache(maxsize=256)
def _dice_of(notation: str) -> tuple[Die, ...]:
    """Each pool's die: a campaign rolls the same few notations thousands of times (the fairness page)."""
    return tuple(FATE_DIE if pool.sides == FATE else Die(pool.sides) for pool in parse(notation).pools)


class NotationKind(RollKind):
    key = "notation"
    name = "Dice notation"
    roll_template = "campaigns/rolls/notation.html"
    player_call_template = "campaigns/calls/notation_player.html"
    gm_call_template = "campaigns/calls/notation_gm.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        shown = REVEAL_ALL if audience is Audience.GM else {**REVEAL_ALL, **roll.reveal}
        request, outcome = roll.request, roll.outcome
        target = request.get("target")
        return {
            "notation": request["notation"],
            "faces": outcome["faces"] if shown["dice"] else None,
            # Kept/dropped, exploded and re-rolled dice: only rolls with operators store them.
            "dice": outcome.get("dice") if shown["dice"] else None,
            "successes": outcome.get("counts_successes", False),
            "total": outcome["total"] if shown["dice"] else None,
            "target": target if shown["target"] else None,
            "comparison": Comparison(request.get("comparison", Comparison.AT_LEAST)).symbol,
            "success": outcome.get("success") if shown["success"] and target is not None else None,
        }

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        text = f"{who} rolled {data['notation']}" + (f" for {label}" if label else "")
        if data["total"] is not None:
            if data.get("successes"):
                text += f": {data['total']} success" + ("" if data["total"] == 1 else "es")
            else:
                text += f": {data['total']}"
        if data["success"] is not None:
            text += ", success" if data["success"] else ", failure"
        return text + "."

    def charted(self, data: dict[str, Any]) -> bool:
        """No total shown (a call's dice kept from the table), no chart."""
        return data["total"] is not None

    def chart(self, data: dict[str, Any]):
        """The roll's chart from what its audience sees: no target, no success marked."""
        if not self.charted(data):
            return None
        comparison = Comparison.AT_MOST if data["comparison"] == Comparison.AT_MOST.symbol else Comparison.AT_LEAST
        return notation_chart(parse(data["notation"]), data["target"], comparison, landed=data["total"])

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """Every face thrown (re-rolled, exploded and dropped dice too), with its die; none where
        the table is not shown the dice (a call's reveal)."""
        if audience is not Audience.GM and not {**REVEAL_ALL, **roll.reveal}["dice"]:
            return []
        dice = _dice_of(roll.request["notation"])
        if "dice" in roll.outcome:  # rolls with operators keep each throw of each die
            return [
                (die, face)
                for die, pool in zip(dice, roll.outcome["dice"], strict=True)
                for each in pool
                for face in (*each["rerolled"], *each["rolls"])
            ]
        return [(die, face) for die, faces in zip(dice, roll.outcome["faces"], strict=True) for face in faces]

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        data = {"notation": call.request["notation"]}
        if audience is Audience.GM:
            data |= {
                "target": call.request["target"],
                "comparison": Comparison(call.request["comparison"]).symbol,
            }
        return data


NOTATION = NotationKind()
