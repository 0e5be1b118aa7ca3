"""The GM's disadvantage and setback steps in the log (campaigns/systems/zener/growth.py): public, so the
player sees what happened to their character (play-test: the steps left no row)."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.plugins.roll_kind import DicelessKind

KIND = "zener_growth"


def _ranks(n: int) -> str:
    return f"{n} rank{'s' if n != 1 else ''}"


def growth_line(request: dict) -> str:
    """What follows the character's name: " buys off a rank of Lame for 1 Karma: 3 ranks left", "'s
    Complication: Bad Temper nullified (2 ranks): Lame +1 rank; STR −1", " pays off the setback Bad Temper
    nullified for 2 Karma: STR +1 back"."""
    event = request["event"]
    if event == "remove":
        left = f"{_ranks(request['left'])} left" if request["left"] else f"{request['name']} is gone"
        return f" buys off a rank of {request['name']} for 1 Karma: {left}"
    if event == "complication":
        setback = request["setback"]
        parts = [f"{name} +{_ranks(n)}" for name, n in setback["worsened"].items()]
        parts += [f"{stat} −{n}" for stat, n in setback["stats"].items()]
        if setback["starvation"]:
            parts.append(f"Karmic Starvation {setback['starvation']}")
        return f"'s Complication: {setback['name']} ({_ranks(setback['ranks'])}): " + "; ".join(parts)
    back = ", ".join(f"{stat} +{n}" for stat, n in request["stats"].items())
    return f" pays off the setback {request['name']} for {request['cost']} Karma" + (f": {back} back" if back else "")


class ZenerGrowthKind(DicelessKind):
    key = KIND
    name = "Disadvantages and setbacks"
    roll_template = "systems/zener/growth_row.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return {"line": growth_line(roll.request)}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"{who}{data['line']}."


ZENER_GROWTH = ZenerGrowthKind()
