"""Equipment and Campaign MacGuffin events in the log (campaigns/systems/zener/gear.py): public, as
the panel's totals are; the whole table reads what was invested, bought, delayed and used up."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.plugins.roll_kind import DicelessKind
from rules.zener.macguffins import SCALE, UPGRADES
from rules.zener.words import counted


def improvement_line(request: dict) -> str:
    """ "Limited comms home (Limited Comms to Zener Command): a new capability, 10 points"."""
    upgrade = f" ({UPGRADES[request['upgrade']]})" if request.get("upgrade") else ""
    return f"{request['name']}{upgrade}: {SCALE[request['scale']][0].lower()}, {counted(request['points'], 'point')}"


class ZenerGearKind(DicelessKind):
    key = "zener_gear"
    name = "Equipment and MacGuffins"
    roll_template = "systems/zener/gear_row.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request, unspent = roll.request, roll.outcome.get("unspent")
        event = request["event"]
        if event == "invest":
            line = (
                f"invests {request['amount']} Karma in the {request['component']} "
                f"(Campaign MacGuffins: {unspent} unspent)"
            )
        elif event == "improvement":
            line = f"Campaign improvement: {improvement_line(request)} ({unspent} unspent)"
        elif event == "delay":
            line = f"spends {request['cost']} Karma to delay the next Zener Transition (x{request['times']:g} the time)"
        else:
            line = (
                f"'s {request['item']} is used up: {request['refund']} of its "
                f"{counted(request['cost'], 'skill point')} come back"
            )
        return {"event": event, "line": line}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        if data["event"] == "improvement":
            return data["line"] + "."
        return f"{who}{'' if data['line'].startswith("'") else ' '}{data['line']}."


ZENER_GEAR = ZenerGearKind()
