"""Zener Gate: stats, skills, checks with impossible chances, exact odds."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules import RulesError
from rules.dice import ScriptedDice, SeededDice
from rules.zener import SYSTEM
from rules.zener.checks import Check, chance_of_success, roll_check, skill_check, stat_check
from rules.zener.combat import defense
from rules.zener.stats import derived, foundation, in_play, skill_cost, starting_karma, stat_raise_cost
from rules.zener.tables import TABLES, assistants_index

BASE = dict.fromkeys(("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12)


def test_derived_stats():
    stats = BASE | {"CON": 14, "RES": 10, "NIM": 9, "DEX": 12, "PRAC": 13, "THEO": 11, "ENC": 10, "LAN": 9}
    values = derived(stats, (5, 2))
    assert values == {"END": 14, "INT": 10 + 5 - 2, "HP": 2 * 14 + 10 + 9, "SHK": 10, "DEX in use": 11}  # 43/4 = 10


def test_stat_damage_lowers_the_stats_in_play_and_what_comes_from_them():
    # Seed, "Damage & Recovery": "Stat damage reduces the affected stat by the indicated amount";
    # "stat losses reduce a character's abilities immediately".
    sheet = {"stats": BASE | {"RES": 14}, "int_dice": [3, 3], "damage": {"stats": {"RES": 2, "PRAC": 4, "END": 1}}}
    values = in_play(sheet)
    assert (values["RES"], values["PRAC"], values["STR"]) == (12, 8, 12)
    assert values["HP"] == 2 * 12 + 12 + 12  # the sheet's is 2 * 12 + 14 + 12
    assert values["SHK"] == 48 // 5 + 1
    assert values["INT"] == (8 + 12 + 12 + 12) // 4  # + 3 - 3
    assert values["END"] == 12 - 1  # END = CON, less END's own damage
    assert values["DEX in use"] == 12
    assert in_play({**sheet, "damage": {}}) == {**BASE, "RES": 14, **derived(BASE | {"RES": 14}, (3, 3))}


def test_one_point_of_res_lowers_defense_by_one():
    # Seed, the damage example: "the character loses 1 point of RES, effectively reducing his defenses by 1".
    sheet = {"stats": BASE, "int_dice": [3, 3], "damage": {"stats": {}}}
    hurt = {**sheet, "damage": {"stats": {"RES": 1}}}
    assert defense(in_play(hurt)["RES"], 5) == defense(in_play(sheet)["RES"], 5) - 1


def test_starting_karma():
    assert starting_karma(BASE) == 10
    assert starting_karma(BASE | {"STR": 17, "CON": 18, "LAN": 8}) == 9


@pytest.mark.parametrize(("stat", "base"), [(10, 7), (11, 8), (12, 8), (3, 4)])
def test_skill_foundation_rounds_up(stat, base):
    assert foundation(stat) == base


def test_skill_costs():
    assert [skill_cost(b, 1) for b in ("specific", "narrow", "broad", "weapon_broad", "weapon_general")] == [
        1,
        2,
        4,
        2,
        3,
    ]
    assert skill_cost("narrow", 3) == 4
    with pytest.raises(RulesError, match="specific, narrow, broad"):
        skill_cost("vast", 1)


def test_stat_raises_get_dearer_above_25():
    assert [stat_raise_cost(s) for s in (10, 25, 26, 30, 31, 36)] == [2, 2, 4, 4, 8, 16]


def test_checks():
    assert skill_check(12, ranks=3, modifier=-1, extra_skills=1) == Check(3, 3 + 8 - 1 + 2)
    assert skill_check(12, ranks=0, indirect_skills=2) == Check(3, 8 + 2)  # unproficient
    assert stat_check(14, modifier=2) == Check(4, 16)  # a bonus, as on a skill check


def test_extra_time_makes_a_stat_check_easier():
    # Extra time x10 (+4) on STR 10 made 4d6 <= 6 (15 in 1,296, 1.16%), harder than no time at all.
    ten_times = TABLES["time"].index(10)
    assert ten_times == 4
    assert stat_check(10, ten_times) == Check(4, 14)
    assert chance_of_success(stat_check(10, ten_times)) > chance_of_success(stat_check(10))
    assert chance_of_success(stat_check(10, ten_times)) == Fraction(721, 1296)  # 4d6 <= 14


def test_rushing_makes_a_stat_check_harder():
    # Rushing x0.1 (-5) on CON 10 made 4d6 <= 15 (66%), easier than taking the normal time.
    rushed = TABLES["time"].index(0.1)
    assert rushed == -5
    assert stat_check(10, rushed) == Check(4, 5)
    assert chance_of_success(stat_check(10, rushed)) < chance_of_success(stat_check(10))


def test_assistants_make_a_stat_check_easier():
    assert chance_of_success(stat_check(10, assistants_index(3))) > chance_of_success(stat_check(10))


def test_a_bonus_pushes_both_kinds_of_check_the_same_way():
    for bonus in (-5, -1, 1, 4):
        easier = bonus > 0
        assert (chance_of_success(stat_check(10, bonus)) > chance_of_success(stat_check(10))) is easier
        assert (chance_of_success(skill_check(10, 2, bonus)) > chance_of_success(skill_check(10, 2))) is easier
    assert skill_check(10, ranks=2, modifier=4) == Check(3, 2 + 7 + 4)  # skill checks as before


def test_impossible_chances_add_dice():
    assert Check(3, 0).rolled == (6, 6)
    assert chance_of_success(Check(3, 0)) == Fraction(1, 46656)  # the seed's figure
    assert Check(3, 2).rolled == (4, 4)
    assert Check(4, 10).rolled == (4, 10)


def brute(count: int, target: int) -> Fraction:
    hits = sum(sum(faces) <= target for faces in itertools.product(range(1, 7), repeat=count))
    return Fraction(hits, 6**count)


@pytest.mark.parametrize("check", [Check(3, 10), Check(3, 4), Check(4, 14), Check(3, 1), Check(4, 2), Check(3, 18)])
def test_exact_odds_equal_brute_force(check):
    assert chance_of_success(check) == brute(*check.rolled)


def test_seeded_checks_match_the_odds():
    check, dice, rolls = Check(3, 10), SeededDice(6), 20_000
    seen = Counter(roll_check(check, dice).success for _ in range(rolls))
    p = chance_of_success(check)
    assert abs(seen[True] / rolls - float(p)) <= 5 * (float(p) * (1 - float(p)) / rolls) ** 0.5


def test_a_check_roll_reports_its_margin():
    rolled = roll_check(Check(3, 12), ScriptedDice([2, 3, 4]))
    assert (rolled.total, rolled.success, rolled.margin) == (9, True, 3)


def test_sheet():
    zener = SYSTEM
    pilot = {"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}
    sheet = zener.validate_sheet({"stats": {"PRAC": 14}, "int_dice": [4, 2], "skills": [pilot]})
    assert sheet["skills"][0]["ranks"] == 3
    with pytest.raises(RulesError, match="skill points"):
        zener.validate_sheet(
            {"skills": [{"name": f"S{i}", "breadth": "broad", "stat": "STR", "ranks": 5} for i in range(5)]}
        )
    with pytest.raises(RulesError, match="1 to 40"):
        zener.validate_sheet({"stats": {"STR": 0}})


def test_damage_on_the_sheet():
    zener = SYSTEM
    sheet = zener.validate_sheet({"damage": {"trauma": 4, "stats": {"RES": 1, "END": 2}}})
    assert sheet["damage"] == {"trauma": 4, "shock": 0, "end_spent": 0, "stats": {"RES": 1, "END": 2}}
    with pytest.raises(RulesError, match="no stat called LUCK"):
        zener.validate_sheet({"damage": {"stats": {"LUCK": 1}}})
    with pytest.raises(RulesError, match="never negative"):
        zener.validate_sheet({"damage": {"trauma": -1}})


def test_a_skills_stat_basis_is_its_own_unless_the_gm_names_another():
    from rules.zener.stats import stat_basis

    pilot = {"name": "Pilot", "stat": "PRAC"}
    assert stat_basis(pilot, "") == "PRAC"
    assert stat_basis(pilot, "AWA") == "AWA"  # "The GM selects a stat basis"
    with pytest.raises(RulesError, match="Choose the stat for a stat check"):
        stat_basis(None, "")


def test_eventual_success_reads_the_margin_as_extra_time():
    """Seed, "Eventual Success": the degree of success or failure is the index on the extra time chart."""
    from rules.zener.checks import eventual_time

    assert eventual_time(0) == (0, 1)  # made exactly: normal time
    assert eventual_time(-4) == (4, 10)  # failed by 4: it needed x10 time (+4)
    assert eventual_time(5) == (-5, 0.1)
    assert eventual_time(9) == (-5, 0.1)  # never faster than the chart's x0.1
    assert eventual_time(-20) == (13, 10000)  # never slower than its x10,000


def test_the_camp_site_eventual_success():
    """Seed: "the GM may decide that success by 5 or more is what they want to achieve; when they make their
    check, he reduces the margin of success by 5, accordingly, before consulting the extra time chart"."""
    from rules.zener.checks import eventual_time

    assert eventual_time(5, desired=5) == (0, 1)  # success by 5: the camp wanted, in normal time
    assert eventual_time(2, desired=5) == (3, 5)  # by 2, short by 3: x5 time
    assert eventual_time(7, desired=5) == (-2, 0.6)
    with pytest.raises(RulesError):
        eventual_time(5, desired=-1)


def test_extra_benefits_when_a_check_cannot_fail():
    """Seed, "Impossible Chances": "For every 2 over 18/-, the difficulty target gets reduced by 2 for every
    extra dice that the character gets to roll, while ignoring all but the lowest 3"; the benefit's difficulty
    then comes off the target."""
    check = Check(3, 22, benefit=4)  # 4 over 18: 2 more dice, 22 - 4 = 18, less 4 for the benefit
    assert (check.rolled, check.keep) == ((5, 14), 3)
    assert (Check(3, 19, benefit=3).rolled, Check(3, 19, benefit=3).keep) == ((3, 16), 3)
    assert Check(4, 26, benefit=1).rolled == (5, 23)  # a stat check's 4d6 cannot fail over 24
    assert roll_check(Check(3, 20, benefit=2), ScriptedDice([6, 6, 1, 6])).total == 13  # the lowest 3 count
    lowest = Counter(sum(sorted(faces)[:3]) for faces in itertools.product(range(1, 7), repeat=4))
    assert chance_of_success(Check(3, 20, benefit=2)) == Fraction(
        sum(n for total, n in lowest.items() if total <= 16), 6**4
    )
    assert Check(3, 22).rolled == (3, 22)  # without a benefit the check is as it was
    with pytest.raises(RulesError, match="can't fail"):
        Check(3, 17, benefit=2)


def test_the_profession_is_the_first_skill_listed():
    """Seed, "Skill Definitions": "Their profession must be the first such skill listed"."""
    from rules.zener.sheet import validate_sheet

    skills = [
        {"name": "Sneak", "breadth": "narrow", "stat": "NIM", "ranks": 1},
        {"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3},
    ]
    with pytest.raises(RulesError, match="Your profession, Pilot, is the first skill listed; Sneak is first now"):
        validate_sheet({"skills": skills, "profession": "Pilot"})
    with pytest.raises(RulesError, match="Your profession, Medic, is the first skill listed; it is not among them"):
        validate_sheet({"skills": skills, "profession": "Medic"})
    assert validate_sheet({"skills": skills[::-1], "profession": "Pilot"})["profession"] == "Pilot"
