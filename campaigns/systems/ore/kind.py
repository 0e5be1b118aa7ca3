"""One-Roll Engine rolls at the table: what each audience sees.

A secret difficulty stays with the GM: the player and the table learn whether
the roll succeeded, not the number. A bad failure is flagged for the GM."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html

from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.plugins.roll_kind import CalledKind
from campaigns.systems.ore.chart import ore_chart
from campaigns.systems.ore.chips import dice_groups
from campaigns.systems.ore.extra_sets import action_sets, declared
from rules.ore.contest import contest, height_contest, highest_set
from rules.ore.pool import OreRoll, Pool, wiggle_options
from rules.ore.sheet import STATS


def pool_from(side: dict[str, Any]) -> Pool:
    return Pool(side["normal"], side["hard"], side["wiggle"], side.get("dropped", 0))


def roll_from(side: dict[str, Any], faces: list[int], wiggle: list[int] | None) -> OreRoll:
    return OreRoll(pool_from(side), tuple(faces), None if wiggle is None else tuple(wiggle))


def _side_view(side: dict[str, Any], rolled: OreRoll, difficulty: int) -> dict[str, Any]:
    best = rolled.best(difficulty) if not rolled.waiting_for_wiggle else None
    return {
        "who": side["who"],
        "what": side["what"],
        "pool": rolled.pool,
        "sets": [str(s) for s in rolled.sets],
        "loose": list(rolled.loose),
        "wiggle": list(rolled.wiggle_faces or ()),
        "waiting": rolled.waiting_for_wiggle,
        "success": best is not None,
        "best": str(best) if best else "",
        "bad_failure": rolled.bad_failure,
        "dice": dice_groups(rolled),
        "highest": highest.height if (highest := highest_set(rolled)) else 0,  # where it lands on the chart
    }


def view_data(request: dict[str, Any], state: dict[str, Any], label: str = "") -> dict[str, Any]:
    """Everything about the roll; the audience's view removes what it may not see."""
    difficulty = request.get("difficulty") or 0
    data: dict[str, Any] = {
        "difficulty": difficulty,
        "secret": bool(request.get("secret")),
        "height_only": bool(request.get("height_only")),
    }
    if request.get("extras"):  # declared before the dice fall: the GM setting a secret difficulty sees them
        data["declared"] = declared(request, label)
    if "faces" not in state:
        return data
    mine = roll_from(request["side"], state["faces"], state.get("wiggle"))
    data["test"] = _side_view(request["side"], mine, difficulty)
    if request.get("extras"):  # extra sets are extra actions
        data["declared"] = declared(request, label)
        if not mine.waiting_for_wiggle:
            data["actions"] = action_sets(request, label, mine, difficulty)
    if "opponent" in request:
        theirs = roll_from(request["opponent"], state["opponent_faces"], state.get("opponent_wiggle"))
        data["opponent"] = _side_view(request["opponent"], theirs, 0)
        if not mine.waiting_for_wiggle:
            result = (
                height_contest(highest_set(mine), highest_set(theirs))
                if data["height_only"]
                else contest(mine.best(), theirs.best())
            )
            first = {"a": request["side"]["who"], "b": request["opponent"]["who"], None: ""}[result.first]
            data["contest"] = {
                "first": first,
                "second_acts": result.second_acts,
                "summary": result.summary,
                **_contest_badge(result, first, data["height_only"]),
            }
    return data


def _contest_badge(result, first: str, height_only: bool) -> dict[str, str]:
    """The contest's outcome badge, "<strong>Drone</strong> wins.", toned from the rolling
    player's side ("a")."""
    if result.first is None:
        return {"badge": "A tie.", "tone": "neutral"}
    won = "wins" if height_only or not result.second_acts else "acts first"
    tone = "ok" if result.first == "a" else "fail"
    return {"badge": format_html("<strong>{}</strong> {}.", first, won), "tone": tone}


def _for_table(data: dict[str, Any]) -> dict[str, Any]:
    data = {**data}
    if data["secret"]:
        data["difficulty"] = None
    for side in ("test", "opponent"):
        if side in data:
            data[side] = {**data[side], "bad_failure": False}  # for the GM to narrate
    return data


class OreKind(CalledKind):
    key = "ore"
    name = "Set roll"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = view_data(roll.request, roll.outcome, roll.request.get("label", ""))
        data["struck_of"] = roll.request.get("struck_of")
        if audience is not Audience.GM:
            return _for_table(data)
        # The GM's "Not compatible" on an extra action (campaigns/systems/ore/compatible.py).
        data["strike_open"] = any(not a["primary"] and not a["struck"] for a in data.get("actions", ()))
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The normal dice of both sides (d10s): hard dice are 10 and wiggle dice are set, neither thrown;
        a GM's ruling on an extra action (`struck_of`) shows the ruled roll's dice again."""
        if roll.request.get("struck_of"):
            return []
        return [(Die(10), face) for face in (*roll.outcome["faces"], *roll.outcome.get("opponent_faces", ()))]

    def charted(self, data: dict[str, Any]) -> bool:
        test = data.get("test")
        return not (
            test is None or test["waiting"] or data["difficulty"] is None or "opponent" in data or "declared" in data
        )

    def chart(self, data: dict[str, Any]):
        """Where the roll's highest set landed among the pool's odds (a roll's page, the log's "On the
        odds"): for a roll against a difficulty the viewer knows, without extra actions or a contest,
        whose odds are not one pool's best height."""
        if not self.charted(data):
            return None
        test = data["test"]
        return ore_chart(test["pool"], data["difficulty"], landed=test["highest"])

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        test = data["test"]
        sets = ", ".join(test["sets"]) or "no set"
        verdict = "success" if test["success"] else "failure"
        extras = "".join(
            f"; {a['label']}: {'struck by the GM' if a['struck'] else a['set'] or 'no set'}"
            for a in data.get("actions", [])[1:]
        )
        contest = data.get("contest")
        if contest is not None and "opponent" in data:  # a contest: who won, not a success against a difficulty
            theirs = ", ".join(data["opponent"]["sets"]) or "no set"
            if contest["first"]:
                won = "wins" if data.get("height_only") or not contest["second_acts"] else "acts first"
                verdict = f"against {data['opponent']['who']} ({theirs}): {contest['first']} {won}"
            else:
                verdict = f"against {data['opponent']['who']} ({theirs}): a tie"
        return f"{who} rolled {test['what']}: {sets}, {verdict}{extras}."

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        data = view_data(call.request, call.state, call.label)
        request = call.request
        what = (
            request["side"]["what"]
            if "side" in request
            else request["stat"] + (f" + {request['skill']}" if request["skill"] else "")
        )
        data |= {"what": what, "opponent_setup": request.get("opponent")}
        if audience is not Audience.GM:
            data = _for_table(data)
            data["needs_difficulty"] = False
            if "opponent" in request and "faces" not in call.state and not request.get("height_only"):
                # extra actions the player may declare with the contest roll (stat alone or a skill)
                data["extra_stats"] = STATS
                data["extra_skills"] = [skill["name"] for skill in call.character.sheet.get("skills", [])]
            if "faces" in call.state and call.state.get("wiggle") is None:
                mine = roll_from(call.request["side"], call.state["faces"], None)
                # A secret difficulty must not steer the suggestion: the player does not know it.
                known = 0 if call.request.get("secret") else call.request.get("difficulty") or 0
                options = wiggle_options(mine, known)
                if call.request.get("height_only"):  # only the heights count: the highest set first
                    options.sort(key=lambda o: (o.made.height, o.made.width), reverse=True)
                data["options"] = [{"value": o.values[0], "made": str(o.made), "beats": o.beats} for o in options]
                data["suggested"] = options[0].values if options else (10,) * mine.pool.wiggle
                data["known_difficulty"] = known
                data["values"] = range(10, 0, -1)
                data["wiggle_slots"] = list(range(mine.pool.wiggle))
        else:
            data["needs_difficulty"] = call.request.get("secret") and "faces" not in call.state
        return data


ORE = OreKind()
