"""The d100 character sheet: primary attributes (the campaign's list), skills with
ranks (0-3) and common/special, talent and trait modifiers, peril."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RulesError
from rules.system import notes_only_sheet

DEFAULT_ATTRIBUTES = ("Combat", "Brawn", "Agility", "Perception", "Intelligence", "Willpower", "Fellowship")
PERIL_STEPS = (
    "Unhindered",
    "Imperiled",
    "Ignore 1 skill rank",
    "Ignore 2 skill ranks",
    "Ignore 3 skill ranks",
    "Incapacitated",
)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} is a whole number.")
    return value


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    names = tuple((settings or {}).get("attributes") or DEFAULT_ATTRIBUTES)
    given = raw.get("attributes", {})
    if not isinstance(given, Mapping) or set(given) - set(names):
        raise RulesError("The primary attributes are " + ", ".join(names) + ".")
    attributes = {}
    for name in names:
        value = _int(given.get(name, 40), name)
        if not 0 <= value <= 100:
            raise RulesError(f"{name} is 0 to 100.")
        attributes[name] = value
    skills = []
    for skill in raw.get("skills", []) if isinstance(raw.get("skills", []), list) else [None]:
        if not isinstance(skill, Mapping) or not str(skill.get("name", "")).strip():
            raise RulesError("Each skill has a name.")
        name = str(skill["name"]).strip()[:60]
        if skill.get("attribute") not in names:
            raise RulesError(f"{name}: its attribute is one of " + ", ".join(names) + ".")
        ranks = _int(skill.get("ranks", 0), f"{name}'s ranks")
        if not 0 <= ranks <= 3:
            raise RulesError(f"{name} has 0 to 3 ranks.")
        skills.append(
            {
                "name": name,
                "attribute": skill["attribute"],
                "ranks": ranks,
                "special": bool(skill.get("special", False)),
            }
        )
    modifiers = _int(raw.get("modifiers", 0), "Talent and trait modifiers")
    if abs(modifiers) > 30:
        raise RulesError("Talent and trait modifiers stay within -30 and +30.")
    peril = _int(raw.get("peril", 0), "Peril")
    if not 0 <= peril < len(PERIL_STEPS):
        raise RulesError("Peril is one of: " + ", ".join(PERIL_STEPS) + ".")
    return {
        "attributes": attributes,
        "skills": skills,
        "modifiers": modifiers,
        "peril": peril,
        "notes": notes_only_sheet(raw)["notes"],
    }


def effective_ranks(ranks: int, peril: int) -> int:
    """Peril ignores skill ranks: steps 2-4 ignore 1-3 ranks (Imperiled ignores none)."""
    return max(0, ranks - max(0, min(peril, 4) - 1))


def attribute_for(skill: Mapping[str, Any] | None, chosen: str) -> str:
    """The primary attribute a test uses. Seed ("Skill test summary"): "the appropriate Primary
    Attribute plus your Skill Ranks"; ("Common and special skills"): a skill is tested "using only
    their relevant Primary Attribute". So a skill is tested with the attribute its sheet files it
    under: "" (the form's "the skill's own") takes it, another is refused. Without a skill the
    player names the attribute (published on /rules/#d100)."""
    if skill is None:
        if not chosen:
            raise RulesError("Choose the primary attribute to test, or a skill.")
        return chosen
    if chosen and chosen != skill["attribute"]:
        raise RulesError(f"{skill['name']} is tested with {skill['attribute']}, its primary attribute.")
    return skill["attribute"]
