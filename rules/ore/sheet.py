"""The ORE character sheet (seed: "Stats & Skills", "Hard Dice and Wiggle Dice")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RulesError
from rules.system import notes_only_sheet

STATS = ("Body", "Coordination", "Sense", "Brains", "Command", "Cool")


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} is a whole number.")
    return value


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    stats_raw = raw.get("stats", {})
    if not isinstance(stats_raw, Mapping) or set(stats_raw) - set(STATS):
        raise RulesError("The stats are " + ", ".join(STATS) + ".")
    stats = {}
    for name in STATS:
        value = _int(stats_raw.get(name, 2), name)
        if not 1 <= value <= 5:
            raise RulesError(f"{name} has 1 to 5 dice.")
        stats[name] = value
    skills = []
    for skill in raw.get("skills", []) if isinstance(raw.get("skills", []), list) else [None]:
        if not isinstance(skill, Mapping) or not str(skill.get("name", "")).strip():
            raise RulesError("Each skill has a name.")
        name = str(skill["name"]).strip()[:60]
        if skill.get("stat") not in STATS:
            raise RulesError(f"{name}: its stat is one of " + ", ".join(STATS) + ".")
        normal, hard, wiggle = (_int(skill.get(k, 0), f"{name}'s {k} dice") for k in ("normal", "hard", "wiggle"))
        if min(normal, hard, wiggle) < 0 or normal + hard + wiggle > 5:
            raise RulesError(f"{name} has 0 to 5 dice in all.")
        skills.append({"name": name, "stat": skill["stat"], "normal": normal, "hard": hard, "wiggle": wiggle})
    if len({s["name"].casefold() for s in skills}) != len(skills):  # "Piloting" and "piloting" are one skill
        raise RulesError("Skill names must differ, in more than capitals.")
    return {"stats": stats, "skills": skills, "notes": notes_only_sheet(raw)["notes"]}


def stat_for(skill: Mapping[str, Any] | None, chosen: str) -> str:
    """The stat a roll uses. Seed ("Stats & Skills"): "Each skill has an associated stat ... Add the
    stat and skill dice together": a skill rolls with its own stat; "" (the form's "the skill's
    own") takes it, another is refused. Without a skill the player names the stat
    (published on /rules/#ore)."""
    if skill is None:
        if not chosen:
            raise RulesError("Choose the stat to roll, or a skill.")
        return chosen
    if chosen and chosen != skill["stat"]:
        raise RulesError(f"{skill['name']} is rolled with {skill['stat']}, its stat.")
    return skill["stat"]
