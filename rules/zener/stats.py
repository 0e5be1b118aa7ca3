"""Zener Gate stats and skills (seed: "Stats", "Skills", "Skill Points", "Weapon Skills").

Interpretations (published on /rules/#zener):
- INT = 1/4 (PRAC + THEO + ENC + LAN), rounded down, + 1d6 - 1d6 (the two dice rolled once, at creation).
- DEX in use is the average of DEX and NIM, rounded up.
- Starting Karma counts the thirteen rolled stats (not the derived END, INT, HP, SHK).
- Stat damage lowers a stat in play, and what comes from it (`in_play`); the sheet keeps the
  stats as made and bought, which Karma and skill points count.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil

from rules.errors import RulesError

ROLLED_STATS = ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
DERIVED_STATS = ("END", "INT", "HP", "SHK")
STAT_RANGE = (1, 40)
BREADTH_COST = {"specific": 1, "narrow": 2, "broad": 4, "weapon_broad": 2, "weapon_general": 3}


def foundation(stat: int) -> int:
    """A skill's base from its stat: stat / 2 + 2, rounded up."""
    return ceil(stat / 2) + 2


def dex_in_use(dex: int, nim: int) -> int:
    return ceil((dex + nim) / 2)


def intelligence(stats: dict[str, int], plus: int, minus: int) -> int:
    if not (1 <= plus <= 6 and 1 <= minus <= 6):
        raise RulesError("INT's dice are two d6.")
    return (stats["PRAC"] + stats["THEO"] + stats["ENC"] + stats["LAN"]) // 4 + plus - minus


def derived(stats: dict[str, int], int_dice: tuple[int, int]) -> dict[str, int]:
    hp = 2 * stats["CON"] + stats["RES"] + stats["NIM"]
    return {
        "END": stats["CON"],
        "INT": intelligence(stats, *int_dice),
        "HP": hp,
        "SHK": ceil(hp / 5),
        "DEX in use": dex_in_use(stats["DEX"], stats["NIM"]),
    }


def in_play(sheet: Mapping) -> dict[str, int]:
    """Every stat as it plays: the sheet's rolled stats less their stat damage, and END, INT, HP, SHK
    and DEX in use computed from those, END less its own damage. Seed ("Damage & Recovery"): "Stat
    damage reduces the affected stat by the indicated amount", and "stat losses reduce a character's
    abilities immediately" ("reducing his defenses by 1", the damage example). Every check, Defense,
    attack and initiative reads this. Nothing holds a stat above 0: the text's dying starts there.
    Long-term CON damage from radiation lowers CON alone: "CON losses from radiation have no effect on
    calculated stats -- Hit Points, END, and Shock Resistance remain" (seed: "Radiation Damage"). Loss
    the GM moved to another stat lowers that stat alone, as it is "healed as though it were still long-term
    CON loss" (reading on the Zener rules page)."""
    damage = sheet.get("damage", {})
    lost = damage.get("stats", {})
    stats = {name: value - lost.get(name, 0) for name, value in sheet["stats"].items()}
    values = {**stats, **derived(stats, tuple(sheet["int_dice"]))}
    values["END"] -= lost.get("END", 0)
    radiation = damage.get("radiation", {})
    values["CON"] -= radiation.get("con", 0)
    for name, n in radiation.get("moved", {}).items():  # moved by the GM (rules.zener.radiation.move_loss)
        values[name] -= n
    return values


def starting_karma(stats: dict[str, int]) -> int:
    """10, -1 per stat of 17 or more, +1 per stat of 8 or less."""
    return 10 - sum(stats[s] >= 17 for s in ROLLED_STATS) + sum(stats[s] <= 8 for s in ROLLED_STATS)


MAX_RANKS = 20
MAX_WEAPON_RANKS = 3  # seed ("Attacks"): "weapon skill ranks - if he has three of the latter (the maximum)"
WEAPON_BREADTHS = ("weapon_broad", "weapon_general")


def skill_cost(breadth: str, ranks: int) -> int:
    """The breadth's price (specific 1, narrow 2, broad 4; weapons 2 or 3) + 1 per extra rank."""
    if breadth not in BREADTH_COST:
        raise RulesError("A skill is specific, narrow, broad, or a weapon skill (broad or general).")
    if not 1 <= ranks <= MAX_RANKS:
        raise RulesError(f"A skill has 1 to {MAX_RANKS} ranks.")
    return BREADTH_COST[breadth] + ranks - 1


def stat_raise_cost(current: int) -> int:
    """Karma for +1 to a stat: 2, doubled once the stat exceeds 25 and again for every 5 beyond."""
    if current <= 25:
        return 2
    return 2 * 2 ** (1 + (current - 26) // 5)


def stat_basis(skill: dict | None, chosen: str) -> str:
    """The stat a check uses. Seed ("Skill Checks"): "The GM selects a stat basis that he thinks is
    most relevant": a skill's sheet stat is its usual basis and the default ("" on the form: "the
    skill's own"); another stat the GM names is allowed, and the log says so. A stat check, or an
    unproficient check (no skill from the sheet), names its stat (published on /rules/#zener)."""
    if skill is None:
        if not chosen:
            raise RulesError("Choose the stat for a stat check or an unproficient check, or a skill from the sheet.")
        return chosen
    return chosen or skill["stat"]
