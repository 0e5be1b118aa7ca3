"""Coin flips at the table: what each audience sees. The target is the GM's secret: the
table (the flipper too) sees the coins, the heads and whether the flip succeeded; the GM
sees the target and, on the call's card, the exact chance."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.charts import Chart, totals_chart
from campaigns.plugins.roll_kind import CalledKind
from tests.coin.rules import Flip, chance, heads_distribution


def coin_chart(coins: int, target: int | None, *, landed: int | None = None) -> Chart:
    """Each count of heads; with the target (the GM's view) those above it are filled. Without
    it (the table's) every bar is filled alike, so the picture tells nothing of the target."""
    title = f"{coins} coins" + ("" if target is None else f", more than {target} heads")
    chart = totals_chart(
        title, heads_distribution(coins), lambda heads: target is None or heads > target, landed=landed
    )
    return Chart(title, chart.bars, None if target is None else chart.chance, "heads")


class CoinKind(CalledKind):
    key = "coin"
    name = "Coin flip"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request, outcome = roll.request, roll.outcome
        return {
            "coins": request["coins"],
            "faces": outcome["faces"],
            "heads": outcome["heads"],
            "success": outcome["success"],
            "target": request["target"] if audience is Audience.GM else None,
        }

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        verdict = "success" if data["success"] else "failure"
        return f"{who} flipped {data['coins']} coins: {data['heads']} heads, {verdict}."

    def chart(self, data: dict[str, Any]) -> Chart | None:
        return coin_chart(data["coins"], data["target"], landed=data["heads"])

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        data: dict[str, Any] = {"coins": call.request["coins"]}
        if audience is Audience.GM:
            target = call.request["target"]
            data |= {"target": target, "chance": chance(Flip(data["coins"], target))}
        return data


COIN = CoinKind()
