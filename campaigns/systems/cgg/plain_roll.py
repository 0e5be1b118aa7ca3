"""A plain risk roll from the character card: the explorer's die code, rolled now.

Reading (published on /rules/#cgg, "One click on the card"): with no Exec call the card's button
rolls the code as the seed's risk roll does (rules.cgg.risk: sixes are Venture and add nothing,
the other dice and the pips make the total), gear or bonus pips combined into it when the card's
options say so (rules.cgg.codes.combine, seed "Risk Roll Modifiers"). It is no action: no secret
difficulty, no Exec dice, no Failure, no Wrench or Hammer, no hours. The total and the Venture are
for the table to read; the Exec's call stays the way to act with consequences.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from campaigns.common import sources
from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.models import Roll
from campaigns.plugins.roll_kind import FacesKind
from campaigns.systems.cgg.chips import risk_chips
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.table import live
from rules.cgg.codes import DieCode, combine, parse_code
from rules.cgg.risk import roll_risk

KIND = "cgg_risk"


def roll_plain(
    character,
    actor,
    *,
    attribute: str,
    assists: tuple[tuple[str, DieCode], ...] = (),
    bonus_pips: int = 0,
    label: str = "",
) -> Roll:
    """Roll the explorer's `attribute` code now (with `assists` combined, then `bonus_pips`), in the open."""
    base = parse_code(character.sheet["attributes"][attribute])
    code = combine(base, *(assist for _, assist in assists), bonus_pips=bonus_pips)  # refuses past the biggest
    with transaction.atomic():
        risk = roll_risk(code, sources.dice())
        roll = Roll.objects.create(
            campaign=character.campaign,
            author=actor,
            character=character,
            kind=KIND,
            request={
                "label": label,
                "attribute": attribute,
                "base": str(base),
                "assists": [[name, str(assist)] for name, assist in assists],
                "bonus_pips": bonus_pips,
            },
            outcome={"code": str(code), "faces": list(risk.faces), "total": risk.total, "venture": risk.venture},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


class CggRiskKind(FacesKind):
    """A plain risk roll: public, with nothing secret in it."""

    key = KIND
    name = "Risk roll (die code)"
    roll_template = "systems/cgg/plain_roll.html"
    die = Die(6)

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request, outcome = roll.request, roll.outcome
        return dict(outcome) | {
            "attribute": ATTRIBUTE_LABELS[request["attribute"]],
            "base": request["base"],
            "assists": [f"{name} {code}" for name, code in request.get("assists", [])],
            "bonus_pips": request.get("bonus_pips", 0),
            "chips": risk_chips(outcome["faces"]),
            "badge": f"Total {outcome['total']}" + (f", {outcome['venture']} Venture" if outcome["venture"] else ""),
        }

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        added = [*data["assists"], *([f"+{data['bonus_pips']} BP"] if data["bonus_pips"] else [])]
        code = data["base"] + (" with " + ", ".join(added) + f" = {data['code']}" if added else "")
        text = f"{who} rolled {data['attribute']} {code}" + (f" for {label}" if label else "")
        return text + f" (a plain risk roll): total {data['total']}, {data['venture']} Venture."


CGG_RISK = CggRiskKind()
