"""The Zener Gate character sheet: stats, INT's dice, skills, notes. Karma is a balance, not on the sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.dice import parse
from rules.errors import RulesError
from rules.system import notes_only_sheet
from rules.zener.armour import sheet_gear
from rules.zener.combat import armour_modifiers
from rules.zener.death import STATES
from rules.zener.disadvantages import (
    check_budget,
    sheet_creation,
    sheet_disadvantages,
    sheet_setbacks,
    starting_karma_of,
)
from rules.zener.equipment import ArmourDesign, WeaponDesign, armour_cost, weapon_cost
from rules.zener.immersion import sheet_clocks
from rules.zener.languages import check_language_budget, language_budget, sheet_language
from rules.zener.radiation import sheet_radiation
from rules.zener.recovery import sheet_healing
from rules.zener.stats import (
    MAX_RANKS,
    MAX_WEAPON_RANKS,
    ROLLED_STATS,
    STAT_RANGE,
    WEAPON_BREADTHS,
    derived,
    skill_cost,
)

DEFAULT_STAT = 10


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} is a whole number.")
    return value


def _state(raw: Mapping[str, Any]) -> tuple[dict, dict]:
    """The character's state, kept as stored ("conscious", "unconscious", "dying", "dead"; a sheet
    without one is conscious) with how long an unconscious character is out (a failed shock save or
    shock over HP; seed: "SHOCK"), and a dying character's death-save penalty (rules.zener.death)."""
    state = {}
    if "state" in raw:
        if raw["state"] not in STATES:
            raise RulesError("A character is " + ", ".join(STATES) + ".")
        state = {"state": raw["state"]}
        if raw["state"] == "unconscious":
            state["out_for"] = str(raw.get("out_for", ""))[:60]
    dying = {}
    if isinstance(raw.get("dying"), Mapping):
        dying = {"dying": {"penalty": max(0, _int(raw["dying"].get("penalty", 0), "The death-save penalty"))}}
    return state, dying


def _profession(given: Any, skills: list[dict]) -> str:
    """Seed, "Skill Definitions": "Their profession must be the first such skill listed". A sheet made
    before the profession was asked for has none; the sheet form asks for it (sheet_form.py)."""
    name = str(given or "").strip()[:60]
    if not name:
        return ""
    names = [skill["name"] for skill in skills]
    if not names or names[0] != name:
        where = f"{names[0]} is first now" if name in names else "it is not among them"
        raise RulesError(f"Your profession, {name}, is the first skill listed; {where}. List it first.")
    return name


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    given = raw.get("stats", {})
    if not isinstance(given, Mapping) or set(given) - set(ROLLED_STATS):
        raise RulesError("The rolled stats are " + ", ".join(ROLLED_STATS) + ".")
    stats = {}
    low, high = STAT_RANGE
    for name in ROLLED_STATS:
        value = _int(given.get(name, DEFAULT_STAT), name)
        if not low <= value <= high:
            raise RulesError(f"{name} is {low} to {high}.")
        stats[name] = value
    int_dice = raw.get("int_dice", [3, 3])
    if not isinstance(int_dice, list | tuple) or len(int_dice) != 2:
        raise RulesError("INT's dice are two d6.")
    int_dice = [_int(d, "An INT die") for d in int_dice]
    values = derived(stats, tuple(int_dice))  # INT from its dice: the rules refuse dice that are not two d6
    skills = []
    for skill in raw.get("skills", []) if isinstance(raw.get("skills", []), list) else [None]:
        if not isinstance(skill, Mapping) or not str(skill.get("name", "")).strip():
            raise RulesError("Each skill has a name.")
        name = str(skill["name"]).strip()[:60]
        if skill.get("stat") not in ROLLED_STATS:
            raise RulesError(f"{name}: its stat basis is one of " + ", ".join(ROLLED_STATS) + ".")
        ranks = _int(skill.get("ranks", 1), f"{name}'s ranks")
        if not 1 <= ranks <= MAX_RANKS:
            raise RulesError(f"{name} has 1 to {MAX_RANKS} ranks; {ranks} is not.")
        skill_cost(str(skill.get("breadth", "")), ranks)  # the breadth is one the rules price
        skills.append({"name": name, "breadth": skill["breadth"], "stat": skill["stat"], "ranks": ranks})
    if len({s["name"] for s in skills}) != len(skills):
        raise RulesError("Skill names must differ.")
    profession = _profession(raw.get("profession", ""), skills)
    given_languages = raw.get("languages", [])
    languages = [sheet_language(item) for item in (given_languages if isinstance(given_languages, list) else [None])]
    if len({(language["name"], language["era"]) for language in languages}) != len(languages):
        raise RulesError("Each language is listed once for each era.")
    check_language_budget(language_budget(languages, intelligence=values["INT"], skills=skills))
    bonus_points = _int(raw.get("bonus_skill_points", 0), "Bonus skill points")
    # Disadvantages and the trades at creation add to INT x 2 (rules.zener.disadvantages).
    creation = sheet_creation(raw, stats)
    starting = starting_karma_of({"stats": stats, **creation})
    growth = {
        **creation,
        "disadvantages": sheet_disadvantages(raw.get("disadvantages", []), starting),
        "setbacks": sheet_setbacks(raw.get("setbacks", [])),
    }
    gear = sheet_gear(raw)
    armour, armour_design = _armour(raw, gear["armour_tech"])
    weapons = [
        _weapon(weapon) for weapon in (raw.get("weapons", []) if isinstance(raw.get("weapons", []), list) else [None])
    ]
    consumed = max(0, _int(raw.get("consumed_points", 0), "Points kept for used-up equipment"))
    equipment = sum(weapon["cost"] for weapon in weapons) + armour_design.get("cost", 0) + consumed
    # Weapons and armour are paid from the same skill points as the skills (seed: "Weapons", "Armor").
    check_budget(
        {
            "stats": stats,
            "int_dice": int_dice,
            "skills": skills,
            "bonus_skill_points": bonus_points,
            "equipment_points": equipment,
            **growth,
        }
    )
    damage_raw = raw.get("damage", {})
    if not isinstance(damage_raw, Mapping):
        raise RulesError("Damage is trauma, shock, END spent and stat damage.")
    damage = {
        key: _int(damage_raw.get(key, 0), f"{key.replace('_', ' ').capitalize()} taken")
        for key in ("trauma", "shock", "end_spent")
    }
    if "rest_days" in damage_raw:  # days rested since the last trauma (rules.zener.recovery)
        damage["rest_days"] = _int(damage_raw["rest_days"], "Days rested")
    stat_damage = dict(damage_raw.get("stats", {}))
    unknown = set(stat_damage) - {*ROLLED_STATS, "END"}
    if unknown:
        raise RulesError(f"There is no stat called {', '.join(sorted(unknown))} to damage.")
    stat_damage = {name: _int(n, f"{name} damage") for name, n in stat_damage.items()}
    if any(value < 0 for value in [*damage.values(), *stat_damage.values()]):
        raise RulesError("Damage is never negative.")
    damage |= _later_damage(damage_raw, stat_damage)
    _cap_weapon_ranks(skills, weapons)
    state, dying = _state(raw)
    return {
        **state,
        **dying,
        "stats": stats,
        "armour": armour,
        **gear,  # the armour's technology shift and the hand protection (rules.zener.armour)
        **({"armour_design": armour_design} if armour_design else {}),
        "weapons": weapons,
        "consumed_points": consumed,
        "equipment_points": equipment,
        "damage": {**damage, "stats": stat_damage},
        "int_dice": int_dice,
        "profession": profession,
        "skills": skills,
        "languages": languages,
        **({"immersion": sheet_clocks(raw["immersion"])} if raw.get("immersion") else {}),
        "bonus_skill_points": bonus_points,
        **growth,
        **sheet_healing(raw),  # the player's order for stat recovery (rules.zener.recovery)
        "notes": notes_only_sheet(raw)["notes"],
    }


def _later_damage(damage_raw: Mapping, stat_damage: dict) -> dict:
    """What recovery keeps beside the damage: the parts of each stat's damage healing at the trauma pace
    and after the trauma (rules.zener.recovery), and radiation's record (rules.zener.radiation)."""
    kept = {}
    for key in ("stat_pace", "stat_late"):
        if key not in damage_raw:
            continue
        part = damage_raw[key]
        if not isinstance(part, Mapping):
            raise RulesError("Stat damage's healing parts are stats and points.")
        kept[key] = {name: max(0, _int(n, f"{name} damage")) for name, n in part.items() if name in stat_damage}
    if "radiation" in damage_raw:
        kept["radiation"] = sheet_radiation(damage_raw["radiation"])
    return kept


WEAPON_FLAGS = ("melee", "skill", "found")


def _weapon(weapon: Any) -> dict:
    """A weapon with its design and its cost in skill points (rules.zener.equipment, seed: "Weapons")."""
    if not isinstance(weapon, Mapping) or not str(weapon.get("name", "")).strip():
        raise RulesError("Each weapon has a name and its damage, e.g. 'Rifle 2d6'.")
    name, damage_text = str(weapon["name"]).strip()[:60], str(weapon.get("damage", ""))
    parse(damage_text)  # the rules' own message for bad notation
    reach = _int(weapon.get("reach", 0), f"{name}'s reach")
    restricted = _int(weapon.get("restricted", 0), f"{name}'s effective range")
    try:
        design = WeaponDesign(
            damage_text,
            fire=str(weapon.get("fire", "single")),
            reach=reach,
            restricted=restricted,
            **{flag: bool(weapon.get(flag)) for flag in WEAPON_FLAGS},
        )
        cost = weapon_cost(design).cost
    except RulesError as error:
        raise RulesError(f"{name}: {error}") from None
    kept = {key: weapon[key] for key in ("fire", "reach", "restricted", *WEAPON_FLAGS) if weapon.get(key)}
    return {"name": name, "damage": damage_text, **kept, "cost": cost}


def _armour(raw: Mapping[str, Any], tech_shift: int) -> tuple[int, dict]:
    """The armour type worn (0-10) and, when there is armour, what it was bought as (seed: "Armor").
    Without a recorded coverage it is whole-body; without the GM's NIM penalty, the armour table's
    for its type and technology (rules.zener.armour)."""
    armour = _int(raw.get("armour", 0), "Armour")
    if not 0 <= armour <= 10:
        raise RulesError("Armour is rated 0 (none) to 10.")
    if not armour:
        return armour, {}
    given = raw.get("armour_design") if isinstance(raw.get("armour_design"), Mapping) else {}
    penalty = given.get("nim_penalty")
    penalty = -armour_modifiers(armour, tech_shift)["NIM"] if penalty is None else _int(penalty, "The NIM penalty")
    design = ArmourDesign(
        armour,
        coverage=_int(given.get("coverage", 4), "Coverage"),
        nim_penalty=penalty,
        skill=bool(given.get("skill")),
        found=bool(given.get("found")),
    )
    return armour, {
        "coverage": design.coverage,
        "nim_penalty": design.nim_penalty,
        "skill": design.skill,
        "found": design.found,
        "cost": armour_cost(design),
    }


def _cap_weapon_ranks(skills: list[dict], weapons: list[dict]) -> None:
    """Weapon skills stop at 3 ranks (seed, "Attacks": "three of the latter (the maximum)"). A weapon
    skill is a weapon_broad or weapon_general skill, or a skill named like a weapon on the sheet (the
    seed's "specific skill in a specific model", which attacks read by that name)."""
    carried = {weapon["name"].lower() for weapon in weapons}
    for skill in skills:
        weapon = skill["breadth"] in WEAPON_BREADTHS or skill["name"].lower() in carried
        if weapon and skill["ranks"] > MAX_WEAPON_RANKS:
            raise RulesError(
                f"{skill['name']} is a weapon skill: at most {MAX_WEAPON_RANKS} ranks, not {skill['ranks']}."
            )
