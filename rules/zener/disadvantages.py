"""Zener Gate disadvantages and what Karma limits (seed: "Disadvantages", "Karma Limits",
"Removing/Reducing Disadvantages", "Karmic Debt", "Karmic Starvation"), and the stat trades of
character creation ("Improving Stats"; "Other Uses For Karma", the construction bullet).

The sheet keeps what makes its skill points add up: `disadvantages` ({name, points, ranks, bears_on}),
`rolled` (the stats a trade changed, as rolled), `karma_trades` ([lowered, raised] pairs, 1 Karma
each), `karma_changes` (each stat's change after creation: +1 bought with Karma, - a Complication's
loss) and `setbacks` (Complications still unpaid: ranks, stat points lost, starvation ranks).

Interpretations (published on /rules/#zener):
- Starting Karma is 10 -1/+1 per stat of 17+/8- counted on the stats as made (after the trades, before
  later changes), less the Karma spent on trades: "this also affects the character's Starting Karma".
- The stat trades with skill points are what the stats as made differ from the rolled ones once the
  Karma trades are set apart: each +1 costs 3 skill points, each -1 gives 2.
- A Complication nullifies one disadvantage the GM names; its ranks go to other disadvantages up to
  their limit, and only then to one stat, 1 point a rank. A setback is paid off for 1 Karma a rank
  (its starvation ranks too), which gives the stat points back; worsened disadvantages stay.
- Karmic Starvation is computed when the Complication is recorded: the fewest ranks (2 skill points
  each) that bring the skills' cost within the points available.
- A disadvantage's "two negative ranks" a rank reach the roll: the sheet says what it bears on (skills by
  name, stats by their three letters), and each check of a named skill, or on a named stat (its stat
  checks and the skill checks founded on it), has 2 a rank off its target (`bearing`; rules page,
  #zener-disadvantage-penalty). One the sheet does not name is the GM's to apply to a check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from math import ceil
from typing import Any

from rules.errors import RulesError
from rules.zener.stats import ROLLED_STATS, STAT_RANGE, derived, skill_cost, starting_karma

POINTS = (1, 2, 4)  # "awarded values of 1, 2, or 4 points, (specific to general)"
STAT_UP_COST = 3  # "+1 to a stat for -3 skill points"
STAT_DOWN_POINTS = 2  # "-1 to a stat for +2 skill points"
STARVATION_POINTS = 2  # "two skill points per rank in the Complication"
PENALTY_PER_RANK = 2  # "each confers the equivalent of two negative ranks"
MAX_BEARS_ON = 12


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} is a whole number.")
    return value


def disadvantage_value(points: int, ranks: int) -> int:
    """Skill points from a disadvantage. Seed: "Each additional rank reduces in value by 1 point to a
    minimum of one point": 4 points at 3 ranks is 4 + 3 + 2 = 9."""
    return sum(max(1, points - rank) for rank in range(ranks))


def rank_limit(starting: int) -> int:
    """Seed: "a limit to the total number of ranks ... in a given disadvantage equal to his starting
    Karma divided by 3, round up"."""
    return max(0, ceil(starting / 3))


def karma_delta(trades: list) -> Counter:
    """What the Karma trades did to each stat: the first of a pair -1, the second +2."""
    delta = Counter()
    for lowered, raised in trades:
        delta[lowered] -= 1
        delta[raised] += 2
    return delta


def creation_stats(sheet: Mapping) -> dict[str, int]:
    """The stats as made: the sheet's less what changed after creation (bought or lost to setbacks)."""
    changes = sheet.get("karma_changes", {})
    return {name: value - changes.get(name, 0) for name, value in sheet["stats"].items()}


def starting_karma_of(sheet: Mapping) -> int:
    """Starting Karma: 10 -1/+1 per high/low stat as made, less 1 per Karma trade (seed: "Note that this
    also affects the character's Starting Karma")."""
    return starting_karma(creation_stats(sheet)) - len(sheet.get("karma_trades", []))


def trade_points(rolled: Mapping[str, int], made: Mapping[str, int], trades: list) -> int:
    """Skill points the trades at creation give (+) or cost (-). Seed, "Improving Stats": "+1 to a stat
    for -3 skill points or -1 to a stat for +2 skill points"; the Karma trades are set apart first."""
    delta, points = karma_delta(trades), 0
    for name, value in made.items():
        change = value - delta[name] - rolled.get(name, value - delta[name])
        points += -STAT_UP_COST * change if change > 0 else STAT_DOWN_POINTS * -change
    return points


def skill_points(sheet: Mapping) -> dict[str, int]:
    """The skill points a sheet has and where they come from: INT x 2, disadvantages, stat trades,
    points bought with Karma; `starvation` is what Karmic Starvation takes off the skills' cost."""
    parts = {
        "int": derived(sheet["stats"], tuple(sheet["int_dice"]))["INT"] * 2,
        "disadvantages": sum(disadvantage_value(d["points"], d["ranks"]) for d in sheet.get("disadvantages", [])),
        "trades": trade_points(sheet.get("rolled", {}), creation_stats(sheet), sheet.get("karma_trades", [])),
        "bought": sheet.get("bonus_skill_points", 0),
    }
    starvation = STARVATION_POINTS * sum(s.get("starvation", 0) for s in sheet.get("setbacks", []))
    return {**parts, "starvation": starvation, "available": sum(parts.values())}


def skills_cost(sheet: Mapping) -> int:
    return sum(skill_cost(skill["breadth"], skill["ranks"]) for skill in sheet.get("skills", []))


def spent(sheet: Mapping) -> int:
    """The skill points a sheet spends: its skills and its equipment (weapons, armour, points kept for
    equipment used up; rules.zener.sheet totals them as `equipment_points`). Seed, "Weapons" and "Armor":
    equipment costs skill points. Every budget check and the sheet's budget line count this."""
    return skills_cost(sheet) + sheet.get("equipment_points", 0)


def overspent(sheet: Mapping) -> int:
    """How many skill points the sheet spends beyond what it has (0 when all is paid for)."""
    points = skill_points(sheet)
    return max(0, spent(sheet) - points["starvation"] - points["available"])


def check_budget(sheet: Mapping) -> None:
    """The skills and equipment are paid for, or a sentence that adds it up: "These skills cost 34 skill
    points; INT × 2 (24) + disadvantages (9) gives 33." (", 39 with equipment" when there is any)."""
    if not overspent(sheet):
        return
    points, skills = skill_points(sheet), skills_cost(sheet)
    with_equipment = f", {spent(sheet)} with equipment" if spent(sheet) != skills else ""
    starved = f" (− {points['starvation']} starvation)" if points["starvation"] else ""
    raise RulesError(
        f"These skills cost {skills} skill points{with_equipment}{starved}; {budget_terms(points)} "
        f"gives {points['available']}."
    )


def budget_terms(points: Mapping[str, int]) -> str:
    """ "INT × 2 (24) + disadvantages (9) + stat trades (−1)": each source of skill points that gives any."""
    names = {"disadvantages": "disadvantages", "trades": "stat trades", "bought": "bought with Karma"}
    terms = [f"INT × 2 ({points['int']})"]
    terms += [f"{names[key]} ({points[key]})".replace("-", "−") for key in names if points[key]]
    return " + ".join(terms)


def sheet_creation(raw: Mapping, stats: dict[str, int]) -> dict[str, Any]:
    """The trades at creation and the changes since, checked: `rolled`, `karma_trades`, `karma_changes`."""
    rolled, trades, changes = raw.get("rolled", {}), raw.get("karma_trades", []), raw.get("karma_changes", {})
    if not isinstance(rolled, Mapping) or set(rolled) - set(ROLLED_STATS):
        raise RulesError("The rolled stats are " + ", ".join(ROLLED_STATS) + ".")
    low, high = STAT_RANGE
    rolled = {name: _int(rolled[name], f"Rolled {name}") for name in ROLLED_STATS if name in rolled}
    if any(not low <= value <= high for value in rolled.values()):
        raise RulesError(f"A rolled stat is {low} to {high}.")
    if not isinstance(trades, list) or not all(isinstance(t, list | tuple) and len(t) == 2 for t in trades):
        raise RulesError("A Karma trade lowers one stat by 1 and raises another by 2: two different stats.")
    unknown = next((name for t in trades for name in t if name not in ROLLED_STATS), None)
    if unknown is not None:
        raise RulesError(
            f"{str(unknown)[:20]} is not a stat; a Karma trade names two of " + ", ".join(ROLLED_STATS) + "."
        )
    if any(lowered == raised for lowered, raised in trades):
        raise RulesError("A Karma trade lowers one stat by 1 and raises another by 2: two different stats.")
    if not isinstance(changes, Mapping) or set(changes) - set(ROLLED_STATS):
        raise RulesError("Only rolled stats change after creation.")
    changes = {name: _int(n, f"{name}'s change") for name, n in changes.items() if n}
    made = {"stats": stats, "karma_changes": changes}
    if len(trades) > max(0, starting_karma(creation_stats(made))):
        raise RulesError(
            f"{len(trades)} Karma trades cost more than the {starting_karma(creation_stats(made))} "
            "Karma the stats start with."
        )
    paid = _int(raw.get("karma_trades_paid", 0), "Karma trades paid")  # the ledger's count, kept by the web side
    return {
        "rolled": rolled,
        "karma_trades": [list(t) for t in trades],
        "karma_trades_paid": max(0, paid),
        "karma_changes": changes,
    }


def sheet_disadvantages(given: Any, starting: int) -> list[dict]:
    """Each disadvantage named once, worth 1, 2 or 4 points, its ranks within the Karma limit."""
    limit, disadvantages = rank_limit(starting), []
    for item in given if isinstance(given, list) else [None]:
        if not isinstance(item, Mapping) or not str(item.get("name", "")).strip():
            raise RulesError("Each disadvantage has a name.")
        name = str(item["name"]).strip()[:60]
        if item.get("points") not in POINTS:
            raise RulesError(f"{name}: a disadvantage is worth 1, 2 or 4 points (specific to general).")
        ranks = _int(item.get("ranks", 1), f"{name}'s ranks")
        if not 1 <= ranks <= limit:
            raise RulesError(
                f"{name}: at most {limit} ranks in one disadvantage (starting Karma {starting} / 3, "
                f"rounded up); {ranks} is not."
            )
        disadvantages.append(
            {"name": name, "points": item["points"], "ranks": ranks, **_bears_on(name, item.get("bears_on", []))}
        )
    if len({d["name"].lower() for d in disadvantages}) != len(disadvantages):
        raise RulesError("Disadvantage names must differ.")
    return disadvantages


def _bears_on(name: str, given: Any) -> dict:
    """What a disadvantage bears on: skills and stats by name, each once (none: left to the GM)."""
    if not isinstance(given, list) or not all(isinstance(n, str) for n in given):
        raise RulesError(f"{name}: what it bears on is a list of skills and stats.")
    names = [n.strip()[:60] for n in given if n.strip()]
    names = [n.upper() if n.upper() in ROLLED_STATS else n for n in names]
    if len(names) > MAX_BEARS_ON:
        raise RulesError(f"{name}: it bears on at most {MAX_BEARS_ON} skills and stats; name its area instead.")
    if len({n.lower() for n in names}) != len(names):
        raise RulesError(f"{name}: each skill or stat it bears on is named once.")
    return {"bears_on": names} if names else {}


def bearing(disadvantages: list[Mapping], *, skill: str, stat: str, also: str = "") -> list[tuple[str, int, int]]:
    """(name, ranks, penalty) of each disadvantage that bears on a check of `skill` ("" for a stat check or an
    unproficient one) on `stat`, the stat it rolls on, and of the one the GM names as bearing on it (`also`).
    Seed, "Disadvantages": a rank "confers the equivalent of two negative ranks" (rules page,
    #zener-disadvantage-penalty): 2 a rank off the target."""
    wanted = {stat.lower(), *([skill.lower()] if skill else [])}
    if also.strip() and not any(d["name"].lower() == also.strip().lower() for d in disadvantages):
        listed = ", ".join(d["name"] for d in disadvantages) or "none"
        raise RulesError(f"There is no disadvantage called {also.strip()} on the sheet; its disadvantages: {listed}.")
    found = []
    for item in disadvantages:
        named = {n.lower() for n in item.get("bears_on", [])}
        if named & wanted or item["name"].lower() == also.strip().lower():
            found.append((item["name"], item["ranks"], PENALTY_PER_RANK * item["ranks"]))
    return found


def sheet_setbacks(given: Any) -> list[dict]:
    """The Complications still unpaid, as `complication` recorded them."""
    setbacks = []
    for item in given if isinstance(given, list) else [None]:
        if not isinstance(item, Mapping) or not str(item.get("name", "")).strip():
            raise RulesError("Each setback has a name.")
        stats = item.get("stats", {})
        if not isinstance(stats, Mapping) or set(stats) - set(ROLLED_STATS):
            raise RulesError("A setback lowers rolled stats only.")
        numbers = [_int(item.get(k, 0), "A setback's ranks") for k in ("ranks", "starvation")]
        if min(numbers) < 0:
            raise RulesError("A setback's ranks are never negative.")
        setbacks.append(
            {
                "name": str(item["name"])[:80],
                "ranks": numbers[0],
                "worsened": dict(item.get("worsened", {})),
                "stats": {k: _int(v, "Stat points lost") for k, v in stats.items()},
                "starvation": numbers[1],
            }
        )
    return setbacks


def karmic_debt(sheet: Mapping, karma: int) -> int:
    """How many disadvantages are over the limit. Seed: "a limit to the number of disadvantages that a
    character can earn points from that is equal to his current Karma"."""
    return max(0, len(sheet.get("disadvantages", [])) - max(0, karma))


def _find(disadvantages: list[dict], name: str) -> dict:
    for item in disadvantages:
        if item["name"].lower() == name.strip().lower():
            return item
    raise RulesError(f"There is no disadvantage called {name} on the sheet.")


def remove_rank(sheet: Mapping, name: str) -> dict:
    """One rank off a disadvantage, which goes once it had one rank (seed: "Before a Disadvantage can be
    removed, it must be reduced to a single rank"); the action charges the 1 Karma. Refused if the skills
    would then cost more than the points left."""
    disadvantages = [dict(d) for d in sheet.get("disadvantages", [])]
    found = _find(disadvantages, name)
    found["ranks"] -= 1
    after = {**sheet, "disadvantages": [d for d in disadvantages if d["ranks"] > 0]}
    check_budget(after)
    return after


def complication(sheet: Mapping, *, karma: int, nullify: str, worsen: list[str], stat: str) -> dict:
    """Karmic Debt's Complication (seed: "Karmic Debt"): the disadvantage `nullify` goes; each of its
    ranks worsens another disadvantage by one rank (`worsen` names one per rank), and once the others are
    at the limit a stat other than Karma loses 1 point per rank left. If the skills then cost more than
    the points left, Karmic Starvation takes 2 skill points a rank off their cost ("Karmic Starvation").
    The setback is recorded to be paid off later."""
    if not karmic_debt(sheet, karma):
        count = len(sheet.get("disadvantages", []))
        raise RulesError(f"{count} disadvantage{'s' * (count != 1)} and {karma} Karma: no Karmic Debt.")
    disadvantages = [dict(d) for d in sheet.get("disadvantages", [])]
    gone = _find(disadvantages, nullify)
    others = [d for d in disadvantages if d is not gone]
    limit, ranks = rank_limit(starting_karma_of(sheet)), gone["ranks"]
    if len(worsen) > ranks:
        raise RulesError(f"{gone['name']} has {ranks} rank{'s' * (ranks != 1)}: worsen at most that many.")
    worsened = Counter()
    for name in worsen:
        if name.strip().lower() == gone["name"].lower():
            raise RulesError(f"{gone['name']} is the one nullified: worsen other disadvantages.")
        item = _find(others, name)
        if item["ranks"] >= limit:
            raise RulesError(f"{item['name']} is at its maximum of {limit} ranks.")
        item["ranks"] += 1
        worsened[item["name"]] += 1
    left, stats, changes = ranks - len(worsen), dict(sheet["stats"]), dict(sheet.get("karma_changes", {}))
    if left:
        open_ = [d["name"] for d in others if d["ranks"] < limit]
        if open_:
            raise RulesError(
                f"{gone['name']} has {ranks} ranks to make up: {open_[0]} can still take a rank "
                "before a stat is lowered."
            )
        if stat not in ROLLED_STATS:
            raise RulesError(f"Choose a stat (not Karma) to lose {left} point{'s' * (left != 1)}.")
        if stats[stat] - left < STAT_RANGE[0]:
            raise RulesError(f"{stat} {stats[stat]} cannot lose {left} point{'s' * (left != 1)}.")
        stats[stat] -= left
        changes[stat] = changes.get(stat, 0) - left
    names = {s["name"] for s in sheet.get("setbacks", [])}
    label = next(
        n
        for n in (f"{gone['name']} nullified", *(f"{gone['name']} nullified ({i})" for i in range(2, 99)))
        if n not in names
    )
    setback = {
        "name": label,
        "ranks": ranks,
        "worsened": dict(worsened),
        "stats": {stat: left} if left else {},
        "starvation": 0,
    }
    after = {
        **sheet,
        "stats": stats,
        "karma_changes": changes,
        "disadvantages": others,
        "setbacks": [*sheet.get("setbacks", []), setback],
    }
    setback["starvation"] = ceil(overspent(after) / STARVATION_POINTS)
    return after


def _setback(setbacks: list[dict], name: str) -> dict:
    """The setback by its name, or by the disadvantage it nullified ("Bad Temper" for "Bad Temper nullified",
    the oldest first: a play-test typed the name the panel shows before "nullified")."""
    wanted = name.strip().lower()
    for candidate in (wanted, f"{wanted} nullified"):
        found = next((s for s in setbacks if s["name"].lower() == candidate), None)
        if found is not None:
            return found
    unpaid = ", ".join(s["name"] for s in setbacks) or "none"
    raise RulesError(f"There is no setback called {name.strip()} to pay off; the setbacks unpaid: {unpaid}.")


def pay_off_setback(sheet: Mapping, name: str) -> tuple[dict, int]:
    """(the sheet, the Karma it costs) with a setback paid off: 1 Karma per rank, its starvation ranks
    included; its stat points come back (seed: setbacks "can be paid off whenever the GM deems it
    appropriate by the expenditure of earned Karma")."""
    setbacks = list(sheet.get("setbacks", []))
    found = _setback(setbacks, name)
    stats, changes = dict(sheet["stats"]), dict(sheet.get("karma_changes", {}))
    for stat, points in found["stats"].items():
        stats[stat] += points
        changes[stat] = changes.get(stat, 0) + points
    after = {
        **sheet,
        "stats": stats,
        "karma_changes": {k: v for k, v in changes.items() if v},
        "setbacks": [s for s in setbacks if s is not found],
    }
    check_budget(after)
    return after, found["ranks"] + found["starvation"]
