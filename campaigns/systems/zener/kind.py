"""Zener Gate checks in the log: the dice, the target and the margin. A GM's
secret check is a GM-only roll; Karma re-rolls and +5s are new events that
point at the roll they change."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.plugins.roll_kind import DicelessKind, FacesKind, RollKind
from campaigns.systems.zener import actions
from campaigns.systems.zener.chart import zener_chart
from rules.zener.checks import KARMA_BOOST, eventual_time
from rules.zener.combat import MEL_AS_WRITTEN
from rules.zener.words import counted


def target_raised(request: dict, outcome: dict, boosted_by: str = "") -> str:
    """How the target rose above the check's own sum, so the line adds up: "−3 + 2 × 6 more dice, an
    impossible chance" (seed: "Impossible Chances"), "11 + 5 from Ren"; "" when it did not."""
    more = request["dice"] - request.get("base_dice", request["dice"])
    bonus = outcome.get("bonus", 0)
    if request.get("benefit"):  # seed, "Impossible Chances": extra benefits on a check that can't fail
        rose = f"{request['base_target']}" + (f" − 2 × {more} more dice" if more else "")
        return rose + f" − {request['benefit']} for extra benefits" + (f" + {bonus} from {boosted_by}" if bonus else "")
    if not (more or bonus) or "base_target" not in request:
        return ""
    base = request["base_target"]
    rose = (f"{base}" if base >= 0 else f"−{-base}") + (f" + 2 × {more} more dice" if more else "")
    return rose + (f" + {bonus} from {boosted_by}" if bonus else "") + (", an impossible chance" if more else "")


def more_dice(dice: int, base_dice: int, target: int) -> str:
    """A roll of `base_dice` d6 that the impossible-chance rule gave `dice` and raised to `target`, said as a
    check's row says it ("−8 + 2 × 12 more dice, an impossible chance"); "" without more dice. For the rolls
    that keep no request of their own: the shock save, the death save, a transition's CON roll (play-test:
    "CON save at −12: 4d6 → [16 dice]")."""
    more = dice - base_dice
    return target_raised({"dice": dice, "base_dice": base_dice, "base_target": target - 2 * more}, {})


def eventual_line(request: dict, outcome: dict) -> str:
    """An eventual success's time, from the standing margin (seed, "Eventual Success"); "" for a plain check."""
    if "eventual" not in request:
        return ""
    index, times = eventual_time(outcome["margin"], request["eventual"])
    wanted = f" (by {request['eventual']} wanted)" if request["eventual"] else ""
    return f"Eventual success{wanted}: it takes x{times:g} normal time (index {index:+d})."


def chips(faces: list[int], keep: int | None) -> list[tuple[int, str]]:
    """Each die as its chip shows it: "kept", or "dropped" when only the lowest `keep` count
    (extra benefits, rules.zener.checks.extra_benefits); of equal faces, the first ones count."""
    if not keep or keep >= len(faces):
        return [(face, "kept") for face in faces]
    counted = set(sorted(range(len(faces)), key=lambda i: faces[i])[:keep])
    return [(face, "kept" if i in counted else "dropped") for i, face in enumerate(faces)]


def stands(request: dict, outcome: dict) -> bool:
    """Whether a Karma change's row holds the check's final result, the one that stands: a
    success (Karma changes failures only); a re-roll after a +5 (both spent); or a re-roll failed by more
    than a +5 mends (actions.boost_helps). A first roll, or a re-roll a +5 may still change, is marked
    later by its Karma menu ("Changed since"), which knows the chain."""
    if not (request.get("reroll_of") or request.get("boost_of")):
        return False
    return outcome["success"] or bool(request.get("boosted_by")) or outcome["margin"] < -KARMA_BOOST


# The Karma spends on a check, the row's menu and the card's (campaigns.table.last_roll) alike.
KARMA_MENU = "systems/zener/karma_options.html#options"


class ZenerKind(RollKind):
    key = "zener"
    name = "Check"

    def follow_ups(self, roll, user):
        """The row's Karma menu (a re-roll, a +5 from another of the user's characters), on the card at once."""
        return KARMA_MENU, actions.karma_options(roll, user)

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request, outcome = roll.request, roll.outcome
        return {
            "what": request["what"],
            "dice": request["dice"],
            "keep": request.get("keep"),
            "faces": outcome["faces"],
            "total": outcome["total"],
            "target": outcome["target"],
            "margin": outcome["margin"],
            "success": outcome["success"],
            "eventual": eventual_line(request, outcome),
            "chips": chips(outcome["faces"], request.get("keep")),
            "replaced": request.get("replaced"),
            "stands": stands(request, outcome),
            "verdict": f"{'✔ success' if outcome['success'] else '✘ failure'} by {abs(outcome['margin'])}",
            "reroll_of": request.get("reroll_of"),
            "boost_of": request.get("boost_of"),
            "boosted_by": request.get("boosted_by", ""),
            "of": request.get("of", ""),
            # A failed result at the table may take Karma, if it still stands and the viewer can pay:
            # that is per player and changes later, so the row loads it (views.karma_options).
            "raised": target_raised(request, outcome, request.get("boosted_by", "")),
            "karma_open": not outcome["success"] and audience is not Audience.GM and roll.visibility == "table",
            # A re-roll or +5 changes the standing result of the row it was bought on: that row's spends,
            # loaded per player, are reloaded where the change appears (live, in a catch-up or a page).
            "changed_row": (request.get("reroll_of") or request.get("boost_of"))
            if audience is not Audience.GM and roll.visibility == "table"
            else None,
        }

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The d6s thrown; a +5 with Karma (`boost_of`) throws none, its row shows the dice it raised."""
        return [] if roll.request.get("boost_of") else [(Die(6), face) for face in roll.outcome["faces"]]

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        verdict = "success" if data["success"] else "failure"
        result = f"{data['total']} against {data['target']}, {verdict} by {abs(data['margin'])}."
        if data["reroll_of"]:
            return f"{who} re-rolled {data['what']} with Karma: {result}"
        if data["boost_of"]:
            return f"{who}'s {data['what']} with +5 from {data['boosted_by']}: {result}"
        return f"{who} checked {data['what']}: {result}"

    def chart(self, data: dict[str, Any]):
        return zener_chart(len(data["faces"]), data["target"], keep=data.get("keep"), landed=data["total"])


ZENER = ZenerKind()


class ZenerAttackKind(RollKind):
    """An attack the GM resolved: public, like the fight."""

    key = "zener_attack"
    name = "Attack"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = {**roll.request, **roll.outcome}
        if isinstance(data.get("stat_damage"), str):  # logged before the hand's two rolls: one stat, not a list
            data["stat_damage"] = [data["stat_damage"]]
        # What each stat rolled lost: 1, or a d3 for a critical hit on a critical location (seed: "-d3 on a crit").
        stats = data.get("stat_damage", [])
        data["losses"] = list(zip(data.get("stat_points") or [1] * len(stats), stats, strict=True))
        data["d3"] = bool(data.get("critical") and data.get("critical_location") and data.get("stat_points"))
        data["raised"] = more_dice(data["dice"], 3, data["target"])
        data["missed_by"] = -data["margin"] if "margin" in data else None
        if "save" in data:
            save = data["save"]
            data["save"] = {
                **save,
                "dice": len(save["faces"]),
                "raised": more_dice(len(save["faces"]), 4, save["target"]),
            }
        return data

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        if not data["success"] and not data.get("near_miss"):
            return f"{who} attacks {data['target_name']} and misses."
        where = data["location"].lower()
        hits = "hits" if data["success"] else "nearly misses and still hits"
        hit = f"{who} {hits} {data['target_name']} in the {where}: {data['trauma']} trauma, {data['shock']} shock."
        if "save" in data:
            made = "makes" if data["save"]["success"] else "fails"
            hit += f" {data['target_name']} {made} the CON save at {data['save_modifier']}."
        if data.get("unconscious"):
            hit += f" {data['target_name']} is unconscious for {data['unconscious']}."
        return hit


ZENER_ATTACK = ZenerAttackKind()


class ZenerInitiativeKind(RollKind):
    key = "zener_initiative"
    name = "Initiative"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = dict(roll.outcome)
        data["micro_time"] = [_micro_time(data, turns) for turns in data.get("announce", [])]  # none logged before
        data["reading"] = _mel_reading(data)
        return data

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        order = (
            "Initiative: " + ", ".join(f"{name} {value}" for name, _, value in data["order"]) + f" ({data['reading']})."
        )
        return " ".join([order, *data["micro_time"]])


def _mel_reading(data: dict[str, Any]) -> str:
    """How the order ranked MEL (or ACC), as the campaign reads the seed (rules page, #zener-initiative-mel): a
    row logged before the setting was ranked as written."""
    by = data.get("by", "MEL")
    if data.get("mel", MEL_AS_WRITTEN) == MEL_AS_WRITTEN:
        return f"by AWA and {by} as written: the highest {by} +0, each lower +2"
    return f"by AWA and {by}: the highest {by} the most, +2 a place"


def _micro_time(data: dict[str, Any], turns: list[list[str]]) -> str:
    """One tie in words: "Micro-time at 4: Ren (RES 8), then Kai (RES 14) announce their actions; the GM
    resolves them together." (seed: "Micro-Time")."""
    value = next(tied for name, _, tied in data["order"] if name == turns[0][0])
    said = ", then ".join(" and ".join(f"{name} (RES {data['res'][name]})" for name in names) for names in turns)
    return f"Micro-time at {value}: {said} announce their actions; the GM resolves them together."


ZENER_INITIATIVE = ZenerInitiativeKind()


class ZenerDeathKind(FacesKind):
    """A dying character's CON save for the round (seed: "Death"): public, like the fight."""

    key = "zener_death"
    name = "Death save"
    die = Die(6)
    RESULTS = {"dying": "still dying", "dead": "dies", "stabilised": "is stabilised, restored to 1"}

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        raised = more_dice(roll.request["dice"], 4, roll.outcome["target"])
        return {**roll.request, **roll.outcome, "said": self.RESULTS[roll.outcome["result"]], "raised": raised}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        aid = ", with medical aid" if data["aided"] else ""
        return (
            f"{who}'s death save (CON {data['con']}, +{data['penalty']} to the die{aid}): "
            f"{data['total']} against {data['target']}; {who} {data['said']}."
        )


ZENER_DEATH = ZenerDeathKind()


class ZenerRecoveryKind(DicelessKind):
    """Days of rest the GM let pass, and what each character healed (seed: "Damage & Recovery")."""

    key = "zener_recovery"
    name = "Recovery"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        rows = [f"{h['name']}: {healed_text(h)}" for h in roll.outcome["healed"]]
        return {**roll.request, "rows": rows}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        days = "A day passes" if data["days"] == 1 else f"{data['days']} days pass"
        care = f" (healing ranks {data['ranks']})" if data["ranks"] else ""
        care += ", camping" if data.get("sleep") == "camping" else ""
        return f"{days}{care}. " + "; ".join(data["rows"]) + "."


def healed_text(healed: dict) -> str:
    """ "12 trauma, 4 shock, 3 END, RES 2 healed", or "nothing to heal"."""
    parts = [
        f"{healed[key]} {name}"
        for key, name in (("trauma", "trauma"), ("shock", "shock"), ("end_spent", "END"))
        if healed[key]
    ]
    parts += [f"{stat} {n}" for stat, n in healed["stats"].items()]
    if healed.get("radiation"):  # long-term CON damage (rules.zener.radiation); none in older entries
        parts.append(f"CON {healed['radiation']} (radiation)")
    parts += [f"{stat} {n} (radiation)" for stat, n in healed.get("radiation_moved", {}).items()]  # moved by the GM
    return ", ".join(parts) + " healed" if parts else "nothing to heal"


ZENER_RECOVERY = ZenerRecoveryKind()


class ZenerShockKind(DicelessKind):
    """A missed action the GM marked: shock recovered, and waking (seed: "SHOCK")."""

    key = "zener_shock"
    name = "Missed action"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return dict(roll.outcome)

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        line = f"{who} misses an action and recovers {data['recovered']} shock (shock {data['shock']})"
        if data["woke"]:
            return line + f", and wakes with {counted(data['threshold_left'], 'point')} of Shock Threshold."
        return line + "."


ZENER_SHOCK = ZenerShockKind()
