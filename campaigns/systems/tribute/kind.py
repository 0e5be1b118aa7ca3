"""Tribute Alpha tests at the table: what each audience sees.

Reading (published on /rules/#tribute-opposed): in an opposed test only the player's side has
Profit and Waste; the opposing side's dice set the opposition's result, and every card of an
opposed test says so.

A secret opposition (set by the GM) stays with the GM: the player and the
table learn the outcome, not the number. Everything else is open: the dice,
which FOCUS and BURDEN dice were used, Profit, Waste and the final ranks."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.plugins.roll_kind import CalledKind
from campaigns.systems.tribute.chart import tribute_chart
from rules.tribute.roll import Outcome, TestRoll, TestSpec


def spec_from(side: dict[str, Any]) -> TestSpec:
    return TestSpec(side["focus"], side["burden"], side["die_size"], side["rank"])


def roll_from(side: dict[str, Any]) -> TestRoll:
    return TestRoll(spec_from(side), tuple(side["focus_faces"]), tuple(side["burden_faces"]))


def _chips(faces, used: int, what: str, against: int, counted: str | None) -> list[tuple[int, str]]:
    """Each die with the word its chip says: the die used, a die that counts (Profit, Waste), or plain."""
    chips = []
    for index, face in enumerate(faces):
        if index == used:
            chips.append((face, f"{what} die used"))
        elif counted and face >= against:
            chips.append((face, f"{what}, {counted}"))
        else:
            chips.append((face, what))
    return chips


def _side_view(side: dict[str, Any], *, counts: bool = False) -> dict[str, Any]:
    """One side's dice; with `counts` (the tester's side of a Win or a Match) the chips also name
    the dice that made Profit and Waste."""
    rolled = roll_from(side)
    profit, waste = ("Profit", "Waste") if counts else (None, None)
    return {
        "focus_chips": _chips(rolled.focus_faces, rolled.focus_index, "FOCUS", rolled.burden_die, profit),
        "burden_chips": _chips(rolled.burden_faces, rolled.burden_index, "BURDEN", rolled.focus_die, waste),
        "who": side["who"],
        "attribute": side["attribute"],
        "rank": side["rank"],
        "focus_faces": list(rolled.focus_faces),
        "burden_faces": list(rolled.burden_faces),
        "focus_index": rolled.focus_index,
        "burden_index": rolled.burden_index,
        "result": rolled.result,
        "spec": rolled.spec,  # its odds chart's (chart)
    }


def _public(state: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "die_size": request["die_size"],
        "effect": request.get("effect") or "",
        "events": request.get("events", []),  # die-size events (rules/tribute/events.py); none before them
    }
    if "test" in state:
        got = Outcome(state["outcome"])
        data |= {
            "test": _side_view(state["test"], counts=got.delivers),
            "outcome": got.label,
            "won": got.delivers,
            "profit": state["profit"],
            "waste": state["waste"],
            "opponent": _side_view(state["opponent"]) if state.get("opponent") else None,
            "opposition": None if request.get("secret") else state["opposition"],
            "delivered": state.get("delivered"),  # the bought ranks, when nothing changed them
        }
    if "resolution" in state:
        data["resolution"] = state["resolution"]
    return data


class TributeKind(CalledKind):
    key = "tribute"
    name = "Test (Focus and Burden)"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = _public(roll.outcome, roll.request)
        if audience is Audience.GM:
            data["opposition"] = roll.outcome["opposition"]
            data["secret"] = bool(roll.request.get("secret"))
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The FOCUS and BURDEN dice of the tester's side and of an opposing side, each of its die size."""
        sides = [roll.outcome[name] for name in ("test", "opponent") if roll.outcome.get(name)]
        return [
            (Die(side["die_size"]), face) for side in sides for face in (*side["focus_faces"], *side["burden_faces"])
        ]

    def chart(self, data: dict[str, Any]):
        """Where the result landed against the opposition (a roll's page, the log's "On the odds"): for
        a test against a number the viewer knows; an opposing side's dice are no number set before it."""
        if not self.charted(data):
            return None
        test = data["test"]
        return tribute_chart(test["spec"], data["opposition"], landed=test["result"])

    def charted(self, data: dict[str, Any]) -> bool:
        return data.get("test") is not None and not data.get("opponent") and data.get("opposition") is not None

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        test = data["test"]
        text = f"{who} tested {test['attribute']}: {test['result']}, {data['outcome']}"
        if data["profit"] or data["waste"]:
            text += f", {data['profit']} Profit, {data['waste']} Waste"
        return text + "."

    def call_title(self, call) -> str:
        request = call.request
        what = request["attribute"] + (f" ({request['effect']})" if request.get("effect") else "")
        opponent = request.get("opponent")
        return f"{what} against {opponent['who']}" if opponent else what

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        request = call.request
        data = _public(call.state, request) | {
            "attribute": request["attribute"],
            "opponent_setup": request.get("opponent"),
        }
        if audience is Audience.GM:
            data["opposition"] = call.state.get("opposition", request.get("opposition"))
            data["needs_opposition"] = request.get("secret") and "test" not in call.state
        else:
            sheet = call.character.sheet
            data["effects"] = [effect["name"] for effect in sheet.get("effects", [])]
            data["rank"] = sheet.get("attributes", {}).get(request["attribute"], 0)
            if "test" in call.state and request.get("effect"):
                effect = next((e for e in sheet.get("effects", []) if e["name"] == request["effect"]), None)
                data["targets"] = (
                    [(f["name"], f["rank"]) for f in effect["features"]] or [(effect["name"], effect["rank"])]
                    if effect
                    else []
                )
                data["bonuses"] = effect["bonuses"] if effect else []
        return data


TRIBUTE = TributeKind()
