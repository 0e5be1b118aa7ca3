"""Zener Gate equipment, loads and Campaign MacGuffins (seed: "Weapons", "Armor", "Loads",
"Campaign MacGuffins", "Other Uses For Karma")."""

import pytest

from rules import RulesError
from rules.zener.equipment import (
    ArmourDesign,
    WeaponDesign,
    armour_cost,
    kept_when_consumed,
    load_index,
    load_weight,
    weapon_cost,
)
from rules.zener.macguffins import UPGRADES, delay_cost, improvement_cost
from rules.zener.sheet import validate_sheet


def test_base_damage_points_follow_the_seeds_ladder():
    # Seed: "1 point for 1/3 d6, 2 points for 1/2 d6, 3 points for 1d6, 4 points for 2d6, 5 points for 3d6".
    assert [weapon_cost(WeaponDesign(d)).base for d in ("1d2", "1d3", "1d6", "2d6", "3d6", "6d6")] == [1, 2, 3, 4, 5, 8]


def test_rate_of_fire_and_additional_damage_add_points():
    # "1 point for 1 shot ..., 2 points for a short burst ..., 3 points for full auto"; "1 point for each +1".
    assert weapon_cost(WeaponDesign("2d6")).points == 5
    assert weapon_cost(WeaponDesign("2d6", fire="burst")).points == 6
    assert weapon_cost(WeaponDesign("2d6", fire="full_auto")).points == 7
    assert weapon_cost(WeaponDesign("2d6+2")).points == 7


def test_the_points_are_the_base_range_and_an_effective_range_takes_1_per_2_steps():
    # "The above costs are added together and compared to the universal index table to determine the base
    # range ... reducing the cost of the weapon 1 point for every 2 steps up the table."
    rifle = weapon_cost(WeaponDesign("3d6", fire="burst"))  # 5 + 2 = 7: index 7 on Distance/Range, 5 m
    assert (rifle.range_index, rifle.cost) == (7, 7)
    short = weapon_cost(WeaponDesign("3d6", fire="burst", restricted=5))
    assert (short.range_index, short.cost) == (2, 5)


def test_a_melee_weapon_has_zero_range_and_buys_reach():
    sword = weapon_cost(WeaponDesign("1d6", melee=True))
    assert (sword.range_index, sword.cost) == (None, 4)
    spear = weapon_cost(WeaponDesign("1d6", melee=True, reach=3))
    assert (spear.range_index, spear.cost) == (3, 7)
    with pytest.raises(RulesError, match="only for a melee weapon"):
        WeaponDesign("1d6", reach=2)


def test_a_skill_halves_rounding_up_and_found_equipment_costs_nothing():
    # "This cost is halved (round up) if the character takes an appropriate skill in the weapon's use."
    assert weapon_cost(WeaponDesign("2d6", skill=True)).cost == 3  # 5 / 2, rounded up
    assert weapon_cost(WeaponDesign("2d6", found=True)).cost == 0


def test_weapon_damage_must_be_priced_in_d6():
    with pytest.raises(RulesError, match="d6"):
        weapon_cost(WeaponDesign("1d8"))
    with pytest.raises(RulesError, match="single shot, a short burst or full auto"):
        WeaponDesign("2d6", fire="laser")


def test_armour_costs_hardness_times_coverage_plus_the_nim_penalty_over_three():
    # "These are multiplied together, The penalty imposed to Nimbleness is then ... added to the total.
    # The result divided by three is the cost of the armor in Skill Points."
    assert armour_cost(ArmourDesign(hardness=5, coverage=3, nim_penalty=1)) == 6  # (15 + 1) / 3 = 5.33, up
    assert armour_cost(ArmourDesign(hardness=6, coverage=2, nim_penalty=0)) == 4
    assert armour_cost(ArmourDesign(hardness=5, coverage=3, nim_penalty=1, skill=True)) == 3
    assert armour_cost(ArmourDesign(hardness=5, coverage=3, nim_penalty=1, found=True)) == 0
    with pytest.raises(RulesError, match="Coverage is 1"):
        ArmourDesign(hardness=5, coverage=5, nim_penalty=0)


def test_consumed_equipment_refunds_all_but_one_point():
    assert [kept_when_consumed(cost) for cost in (0, 1, 5)] == [0, 1, 1]


def test_loads_count_by_their_kind_and_divide_among_the_carriers():
    # Seed, "Loads": balanced 1/2, unbalanced full, distributed 1/3; shared loads divide by participants.
    # "Weight/Load: index 10 = 30kg".
    assert load_weight(60, "balanced") == 30
    assert load_weight(30, "unbalanced") == 30
    assert load_weight(90, "distributed") == 30
    assert load_weight(120, "unbalanced", carriers=4) == 30
    assert load_index(60, "balanced") == 10
    assert load_index(240, "unbalanced", carriers=2) == 24  # 120 kg each, as the table prints
    with pytest.raises(RulesError, match="balanced, unbalanced or distributed"):
        load_weight(10, "awkward")
    with pytest.raises(RulesError, match="at least one"):
        load_weight(10, "balanced", carriers=0)


def test_macguffin_improvements_follow_the_rough_scale():
    # "4 points for a minor improvement, 10 points for a new capability, 20 points for the complete removal".
    assert [improvement_cost(scale) for scale in ("minor", "capability", "removal")] == [4, 10, 20]
    assert improvement_cost("minor", 6) == 6  # the GM's own figure ("left flexible")


def test_delaying_the_transition_needs_the_three_upgrades_and_costs_the_time_shift():
    # "The cost in Karma is the Time Shift shown on the modifiers table. This will only be possible after
    # three specific campaign upgrades are purchased".
    with pytest.raises(RulesError, match="Limited Comms to Zener Command, Zener Transition Threshold Detection"):
        delay_cost(2, {"meitner"})
    assert delay_cost(2, set(UPGRADES)) == 2  # twice the time: x2 on the Aiming/Extra time table
    assert delay_cost(4, set(UPGRADES)) == 4  # ten times
    with pytest.raises(RulesError, match="longer than"):
        delay_cost(0, set(UPGRADES))


STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)


def test_equipment_costs_count_against_the_skill_point_budget():
    # INT 12 with dice 3-3: 24 skill points.
    skills = [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}]
    sheet = validate_sheet(
        {
            "stats": STATS,
            "int_dice": [3, 3],
            "skills": skills,
            "weapons": [{"name": "Rifle", "damage": "3d6", "fire": "burst"}],
        }
    )
    assert sheet["weapons"][0]["cost"] == 7
    assert sheet["equipment_points"] == 7
    with pytest.raises(RulesError, match="with equipment"):
        validate_sheet(
            {
                "stats": STATS,
                "int_dice": [3, 3],
                "skills": skills,
                "weapons": [{"name": "Cannon", "damage": "20d6", "fire": "full_auto"}],
            }
        )


def test_armour_on_the_sheet_is_priced_and_found_gear_is_free():
    sheet = validate_sheet(
        {"stats": STATS, "int_dice": [3, 3], "armour": 5, "armour_design": {"coverage": 3, "nim_penalty": 1}}
    )
    assert sheet["armour_design"]["cost"] == 6
    free = validate_sheet(
        {"stats": STATS, "int_dice": [3, 3], "armour": 5, "armour_design": {"coverage": 3, "found": True}}
    )
    assert free["armour_design"]["cost"] == 0
    # Armour without its coverage is whole-body, the NIM penalty the armour table's (type 5: -1).
    assert validate_sheet({"stats": STATS, "int_dice": [3, 3], "armour": 5})["armour_design"]["cost"] == 7


def test_points_kept_for_consumed_gear_stay_spent():
    sheet = validate_sheet({"stats": STATS, "int_dice": [3, 3], "consumed_points": 2})
    assert sheet["equipment_points"] == 2


def test_a_weapon_the_sheet_cannot_price_is_refused_by_name():
    with pytest.raises(RulesError, match="Bow: Weapon damage is priced in d6"):
        validate_sheet({"stats": STATS, "int_dice": [3, 3], "weapons": [{"name": "Bow", "damage": "1d8"}]})
    with pytest.raises(RulesError, match="Laser: Fire a single shot"):
        validate_sheet(
            {"stats": STATS, "int_dice": [3, 3], "weapons": [{"name": "Laser", "damage": "2d6", "fire": "beam"}]}
        )
    with pytest.raises(RulesError, match="Pistol: Distance/Range: index -15 is off the table"):
        validate_sheet(
            {"stats": STATS, "int_dice": [3, 3], "weapons": [{"name": "Pistol", "damage": "2d6", "restricted": 20}]}
        )


def test_armour_from_a_low_tech_world_defaults_to_its_shifted_nim_penalty():
    # Armour 5 from a low-tech world (+3) counts as 8 for NIM: -3 (seed, "Other Armour Effects").
    sheet = validate_sheet({"stats": STATS, "int_dice": [3, 3], "armour": 5, "armour_tech": 3})
    assert sheet["armour_design"]["nim_penalty"] == 3
    assert sheet["armour_design"]["cost"] == 8  # (5 x 4 + 3) / 3 = 7.67, up
