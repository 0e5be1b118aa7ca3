"""What a Zener Gate sheet spends: its skills and its equipment, against every budget check (a play-test:
a buy-off the skills alone allowed left a sheet the player could no longer save)."""

import pytest

from rules import RulesError
from rules.zener.disadvantages import complication, overspent, pay_off_setback, remove_rank, spent
from rules.zener.sheet import validate_sheet

STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)  # INT 12 with dice [3, 3]: 24 skill points
RIFLE = {"name": "Rifle", "damage": "2d6"}  # seed, "Weapons": 2d6 is 4 points, a single shot 1: 5


def _sheet(disadvantages, skill_ranks, **more):
    skills = [
        {"name": f"Pilot {i}", "breadth": "specific", "stat": "PRAC", "ranks": min(20, skill_ranks - 20 * i)}
        for i in range((skill_ranks + 19) // 20)
    ]  # a specific skill costs its ranks
    raw = {
        "stats": STATS,
        "int_dice": [3, 3],
        "disadvantages": disadvantages,
        "skills": skills,
        "weapons": [RIFLE],
        **more,
    }
    return validate_sheet(raw)


def test_a_sheet_spends_its_skills_and_its_equipment():
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 1}], 20)
    assert spent(sheet) == 25
    assert overspent(sheet) == 0


def test_a_rank_the_equipment_needs_is_not_bought_off():
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 1}], 20)  # 28 points, 20 + 5 spent
    with pytest.raises(RulesError, match=r"These skills cost 20 skill points, 25 with equipment; INT × 2 \(24\)"):
        remove_rank(sheet, "Hunted")


def test_karmic_starvation_counts_the_equipment():
    # 24 + 9 (Hunted) + 4 (Lame) = 37 points; the skills cost 27 and the rifle 5: 32. Without Hunted, 28:
    # 4 over, 2 ranks of starvation (seed, "Karmic Starvation": "two skill points per rank").
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 3}, {"name": "Lame", "points": 1, "ranks": 4}], 27)
    after = complication(sheet, karma=1, nullify="Hunted", worsen=[], stat="STR")
    assert after["setbacks"][0]["starvation"] == 2
    validate_sheet(after)


def test_paying_off_a_setback_counts_the_equipment():
    sheet = _sheet([{"name": "Hunted", "points": 4, "ranks": 3}, {"name": "Lame", "points": 1, "ranks": 4}], 27)
    after = complication(sheet, karma=1, nullify="Hunted", worsen=[], stat="STR")
    with pytest.raises(RulesError, match="These skills cost 27 skill points, 32 with equipment"):
        pay_off_setback(after, "Hunted nullified")
