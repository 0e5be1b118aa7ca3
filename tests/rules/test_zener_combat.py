from fractions import Fraction

import pytest

from rules import RulesError
from rules.dice import ScriptedDice, parse
from rules.zener.checks import Check, chance_of_success, roll_check
from rules.zener.combat import (
    LOCATIONS,
    armour_modifiers,
    attack_check,
    critical_hit,
    damage,
    defense,
    hit_location,
    knocked_out,
    shock_recovered,
    shock_save,
)


def test_defense_and_the_seeds_attack_example():
    assert defense(20, 0) == 5
    # stat 20 (foundation 12) + 3 ranks - Defense 5 = 10 or less on 3d6: "about 50-50"
    check = attack_check(20, 3, defense(20, 0))
    assert check == Check(3, 10)
    assert chance_of_success(check) == Fraction(1, 2)


def test_full_armour_needs_a_miracle():
    check = attack_check(20, 3, defense(20, 10))  # 0 or less: 6d6 needing 6
    assert chance_of_success(check) == Fraction(1, 46656)


def test_armour_modifiers_follow_the_seed():
    assert armour_modifiers(0) == {"RES": -4, "NIM": 0, "ACC": 0, "MEL": 0, "DEX": 0}
    assert armour_modifiers(10) == {"RES": 0, "NIM": -4, "ACC": -3, "MEL": -6, "DEX": -6}
    assert armour_modifiers(6, tech_shift=-2)["MEL"] == 0  # high-tech armour counts as type 4
    with pytest.raises(RulesError, match="0 \\(none\\) to 10"):
        armour_modifiers(11)


def test_critical_hits_are_all_ones_under_the_target():
    assert critical_hit(roll_check(Check(3, 10), ScriptedDice([1, 1, 1])))
    assert not critical_hit(roll_check(Check(3, 3), ScriptedDice([1, 1, 1])))  # not under 3
    assert not critical_hit(roll_check(Check(3, 10), ScriptedDice([1, 1, 2])))


@pytest.mark.parametrize(
    ("rolls", "name"),
    [
        ([3], "Skull/Scalp"),
        ([20, 12], "Left chest"),
        ([33, 1], "Left shoulder"),
        ([33, 6], "Left elbow"),
        ([44, 6], "Left hand"),
        ([72, 3], "Right forearm"),
        ([80, 7], "Left knee"),
        ([90, 12], "Right foot"),
        ([100], "Skull/Scalp (chosen)"),
    ],
)
def test_whole_body_hit_locations(rolls, name):
    assert _where(hit_location(ScriptedDice(rolls))) == name


def _where(hit) -> str:
    return hit.name + (" (chosen)" if hit.chosen else "")


def test_the_seeds_damage_example_as_written():
    # Seed, "Damage & Recovery": a rifle for 2d6 rolls 8, the chest adds 1 trauma, armour 5: 9 - 5 = 4 trauma;
    # shock 4 / 2 = 2 + d6 + 2 from the chest; the d6 is a 4, "for a total of ... 8, exceeding the SHOCK
    # threshold of the target by 2" (SHK 6): a CON save at -2. The chest's d8 "gets a 4 ... loses 1 point of
    # RES": an ordinary hit on an ordinary location costs a stat point.
    hit = hit_location(ScriptedDice([20, 12]))  # "did not strike a Critical Location": the chest's d12 is 4-12
    result = damage(parse("2d6"), 5, hit, 6, dice=ScriptedDice([4, 4, 4, 4]))
    assert (result.weapon, result.trauma, result.shock) == (8, 4, 8)
    assert (result.save_needed, result.save_modifier, result.stats) == (True, -2, ("RES",))
    # "The character fails and rolls a 6; adding the modifiers shown results in a 4. The character is
    # unconscious for 10 seconds" (CON 10 at -2: 4d6 at or under 8; 12 fails).
    failed = shock_save(result.shock, 6, 10, result.saved_shock, ScriptedDice([3, 3, 3, 3, 6]))
    assert (failed.save.target, failed.save.success, failed.shock) == (8, False, 8)
    assert (failed.out_roll, failed.out_index, failed.out_for) == (6, 4, "10 seconds")
    # "He recovers 1/3 of the shock damage inflicted, rounding up, i.e. 3 points ... since he was at -2, he
    # awakens with 1 point of Shock Threshold".
    assert shock_recovered(8) == 3
    assert 6 - (8 - shock_recovered(8)) == 1
    # "If the character had succeeded in his save, the amount shown on the additional d6 would have been
    # halved to 2, and the base shock from the Trauma not counted, inflicting 2 +2 from hit location shock".
    made = shock_save(result.shock, 6, 10, result.saved_shock, ScriptedDice([1, 2, 2, 1]))
    assert (made.save.success, made.shock, made.out_for) == (True, 4, "")


def test_no_save_within_the_threshold_and_the_time_chart_ends():
    assert shock_save(6, 6, 10, 3, ScriptedDice([])) is None
    # d10 10 - 4 + 9 over = 15: past the chart's top (13), read at 10,000 seconds
    assert shock_save(15, 6, 20, 3, ScriptedDice([6, 6, 6, 6, 10])).out_for == "10000 seconds"


def test_cumulative_shock_over_hp_knocks_out_for_d10_minus_7_minutes():
    assert knocked_out(40, 40, ScriptedDice([])) is None
    assert knocked_out(41, 40, ScriptedDice([9])) == (9, "2 minutes")  # index 2: x2
    assert knocked_out(41, 40, ScriptedDice([1])) == (1, "under 0.1 minutes")  # index -6, the chart's "< x 0.1"


def test_every_hit_on_a_location_damages_a_stat():
    skull = hit_location(ScriptedDice([2]))
    result = damage(parse("1d6"), 0, skull, 99, dice=ScriptedDice([3, 1, 8]))
    assert result.stats == ("PERS",)  # skull d8: 6-8 = PERS
    chest = damage(parse("1d6"), 0, hit_location(ScriptedDice([20, 12])), 99, dice=ScriptedDice([3, 1, 1]))
    assert chest.stats == ("STR",)  # an ordinary hit on an ordinary location
    hand = hit_location(ScriptedDice([45, 6]))  # left forearm, d6 6 = left hand
    assert hand.name == "Left hand"
    # "Hand (d10, 2 rolls): 1=STR, 2-4=DEX, 5-6=ACC ...": two stats, one roll each
    assert damage(parse("1d6"), 0, hand, 99, dice=ScriptedDice([3, 1, 2, 5])).stats == ("DEX", "ACC")
    assert len(LOCATIONS["abdomen"].stat_die) == 12


def test_near_misses_on_smaller_targets():
    from rules.zener.combat import NearMiss, near_miss

    assert near_miss(-3, size=-1, cover=False) == NearMiss(-1, True, -1)
    assert near_miss(-8, size=-3, cover=False) == NearMiss(-2, False, 0, steps=2)
    assert near_miss(-3, size=0, cover=False) is None  # whole body: a miss is a miss
    assert near_miss(-3, size=-2, cover=True) is None  # smaller because of cover
    assert near_miss(-11, size=-6, cover=False) is None


def test_initiative():
    from rules.zener.combat import MEL_AS_WRITTEN, initiative

    order = initiative(
        {"Kai": (12, 14), "Ren": (15, 10), "Ash": (9, 14)},
        ScriptedDice([3, 2, 6]),
        prone=frozenset({"Ash"}),
        mel=MEL_AS_WRITTEN,
    )
    # As written: Kai: 3 + AWA place 1 + MEL place 0 = 4; Ren: 2 + 2 + 2*1 = 6; Ash: min(6, 3) + 0 + 0 = 3
    assert order == [("Ren", 2, 6), ("Kai", 3, 4), ("Ash", 3, 3)]
    order = initiative(
        {"Kai": (12, 14), "Ren": (15, 10), "Ash": (9, 14)}, ScriptedDice([3, 2, 6]), prone=frozenset({"Ash"})
    )
    # The best fighter first (the default): Kai: 3 + 1 + 2*1 = 6; Ren: 2 + 2 + 0 = 4; Ash: 3 + 0 + 2*1 = 5
    assert order == [("Kai", 3, 6), ("Ash", 3, 5), ("Ren", 2, 4)]
    assert initiative({"Kai": (12, 14)}, ScriptedDice([5]), surprised=frozenset({"Kai"})) == [("Kai", 0, 0)]


@pytest.mark.parametrize(
    ("column", "rolls", "name"),
    [
        ("head_torso", [8], "Face"),
        ("head_torso", [45, 2], "Left abdomen/groin"),
        ("head_torso", [80, 3], "Right forearm"),
        ("head_torso", [85], "Skull/Scalp (chosen)"),
        ("head_neck", [10], "Skull/Scalp"),
        ("head_neck", [25, 2], "Neck"),
        ("head_neck", [50, 6], "Left hand"),
        ("head_neck", [78], "Skull/Scalp (chosen)"),
        ("left_hand", [33, 2], "Left abdomen/groin"),
        ("left_hand", [40, 6], "Left hand"),
        ("left_hand", [58, 2], "Right abdomen/groin"),
        ("left_hand", [75], "Left upper leg"),
        ("left_hand", [85], "Right upper leg"),
        ("left_hand", [86], "Skull/Scalp (chosen)"),
        ("right_hand", [18, 2], "Left abdomen/groin"),
        ("right_hand", [45, 1], "Right shoulder"),
        ("right_hand", [75], "Left upper leg"),
        ("right_hand", [76], "Right upper leg"),
        ("eye", [15], "Skull/Scalp"),
        ("eye", [16], "Eye"),
        ("eye", [40], "Eye"),
        ("eye", [63, 6], "Left hand"),
        ("eye", [76], "Skull/Scalp (chosen)"),
    ],
)
def test_aimed_columns(column, rolls, name):
    # Each aim rolls on its own column, not the whole-body one.
    assert _where(hit_location(ScriptedDice(rolls), column)) == name


@pytest.mark.parametrize("column", ["head_torso", "head_neck", "eye"])
def test_a_head_shot_never_hits_a_leg(column):
    for percent in range(1, 101):
        hit = hit_location(ScriptedDice([percent, 1]), column)
        assert not hit.name.endswith(("leg", "knee", "foot")), (column, percent, hit.name)


def test_each_column_runs_from_01_to_00_and_its_sizes_follow_the_seed():
    from rules.zener.combat import COLUMNS

    for name, _, bands in COLUMNS.values():
        tops = [top for top, _ in bands]
        assert tops == sorted(tops), name
        assert tops[-1] == 100, name
    # "-1 for head & torso ...; -2 for head and neck; -3 for an open hand ...; -6 for an eye socket"
    assert [size for _, size, _ in COLUMNS.values()] == [0, -1, -2, -3, -3, -6]


@pytest.mark.parametrize(
    ("rolls", "name", "critical"),
    [
        ([12, 1], "Neck", True),
        ([12, 2], "Neck", False),
        ([20, 3], "Left chest", True),
        ([20, 4], "Left chest", False),
        ([50, 1], "Right chest", True),
        ([50, 6], "Right chest", False),
        ([38, 1], "Left abdomen/groin", True),
        ([68, 1], "Right abdomen/groin", True),
        ([68, 2], "Right abdomen/groin", False),
        ([3], "Skull/Scalp", True),
        ([8], "Face", False),
    ],
)
def test_partial_critical_locations_are_rolled(rolls, name, critical):
    # The seed: "Neck (1 in 6 critical location)", "Left chest (d12: 3 in 12 ...)",
    # "Right chest (1 in 6 ...)".
    hit = hit_location(ScriptedDice(rolls))
    assert (hit.name, hit.critical) == (name, critical)


def test_the_attackers_choice_is_an_automatic_critical_location():
    # The seed: "96-00 Attacker's choice, automatic critical location if one available".
    hit = hit_location(ScriptedDice([97]), "whole", "left chest")  # no d12: the choice is critical
    assert (_where(hit), hit.critical, hit.critical_roll) == ("Left chest (chosen)", True, None)
    leg = hit_location(ScriptedDice([99, 12]), "whole", "right leg")  # a leg cannot be critical; its d12 still rolls
    assert (_where(leg), leg.critical) == ("Right foot (chosen)", False)
    assert _where(hit_location(ScriptedDice([80]), "eye", "eye")) == "Eye (chosen)"
    with pytest.raises(RulesError, match="head & neck column"):
        hit_location(ScriptedDice([97]), "head_neck", "left leg")
    with pytest.raises(RulesError, match="Aim at"):
        hit_location(ScriptedDice([97]), "tail")
