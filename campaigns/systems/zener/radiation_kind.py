"""Radiation in the log (seed: "Radiation Damage"): a Zener transition, each character's CON roll and
damage; an anti-radiation therapy, what it did. Both public, like the fight."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.plugins.roll_kind import DicelessKind, RollKind
from campaigns.systems.zener.kind import more_dice
from rules.zener.radiation import CATEGORIES, TRANSITION_AS_BONUS, TRANSITION_AS_PENALTY
from rules.zener.words import counted


def transition_line(result: dict) -> str:
    """ "Kai (transition 2): CON roll 4d6: 24 against 5, failed: 5 long-term CON damage (+1 for the
    transitions before), 11 trauma and shock; shock save 4d6: 20 against 7, failed: unconscious for 10
    seconds." A roll given more dice says how many and why ("13d6: 78 against 13 (−5 + 2 × 9 more dice, an
    impossible chance)")."""
    made = "made" if result["success"] else "failed"
    extra = f" (+{result['extra']} for the transitions before)" if result["extra"] else ""
    line = (
        f"{result['name']} (transition {result['number']}): CON roll {result['dice']}d6: {result['total']} "
        f"against {result['target']}{_raised(result['dice'], result['target'])}, {made}: {result['con']} "
        f"long-term CON damage, {result['harm']} trauma and shock"
        f"{extra}"
    )
    if "save" in result:
        save = result["save"]
        rolled = f"{save['dice']}d6: " if "dice" in save else ""  # older rows kept no dice
        raised = _raised(save["dice"], save["target"]) if "dice" in save else ""
        line += f"; shock save {rolled}{save['total']} against {save['target']}{raised}, "
        line += "made" if save["success"] else "failed"
    if result["state"] == "dying":
        line += f"; {result['name']} is dying"
    elif result["out_for"]:
        line += f"; unconscious for {result['out_for']}"
    return line + "."


def _raised(dice: int, target: int) -> str:
    """ " (−5 + 2 × 9 more dice, an impossible chance)" for a 4d6 roll given more dice; "" for 4d6."""
    raised = more_dice(dice, 4, target)
    return f" ({raised})" if raised else ""


class ZenerTransitionKind(RollKind):
    key = "zener_transition"
    name = "Zener transition"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        category = CATEGORIES[roll.request["category"]]
        reading = ROLL_READINGS[roll.request.get("reading", TRANSITION_AS_PENALTY)]
        return {"category": category, "reading": reading, "rows": [transition_line(r) for r in roll.outcome["results"]]}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"Zener transition, {data['category']} ({data['reading']}): " + " ".join(data["rows"])


# The campaign's reading of "a CON roll at +15" (rules page, #zener-plus-fifteen), said on the row.
ROLL_READINGS = {
    TRANSITION_AS_PENALTY: "CON roll: 4d6 + 15 at or under CON",
    TRANSITION_AS_BONUS: "CON roll: 4d6 at or under CON + 15",
}


ZENER_TRANSITION = ZenerTransitionKind()


def therapy_line(outcome: dict) -> str:
    """ "2 long-term CON healed (7 left), extra damage −3, 2 steps back up the recovery track, 5 shock, 3 trauma,
    6 END (back after 4 hours)"."""
    parts = [f"{outcome['con']} long-term CON healed ({outcome['left']} left)"]
    if outcome["extra_off"]:
        parts.append(f"extra damage of later transitions −{outcome['extra_off']}")
    if outcome["steps_back"]:
        parts.append(f"{outcome['steps_back']} steps back up the recovery track")
    parts += [f"{outcome['shock']} shock", f"{outcome['trauma']} trauma"]
    if outcome["as_end"]:
        parts.append(f"{2 * outcome['as_end']} END instead (back after {counted(outcome['end_hours'], 'hour')})")
    return ", ".join(parts)


class ZenerTherapyKind(RollKind):
    key = "zener_therapy"
    name = "Anti-radiation therapy"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return {"line": therapy_line(roll.outcome)}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"{who} takes an anti-radiation therapy: {data['line']}."


ZENER_THERAPY = ZenerTherapyKind()


class ZenerRadiationMoveKind(DicelessKind):
    """The GM's move of long-term CON loss to another stat (rules.zener.radiation.move_loss): public."""

    key = "zener_radiation_move"
    name = "Long-term CON loss moved"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return {"line": roll.outcome["line"]}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return data["line"]


ZENER_RADIATION_MOVE = ZenerRadiationMoveKind()
