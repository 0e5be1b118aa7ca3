"""Conditions on the sheet and their automatic effects (seed: "Core Condition Set")."""

from fractions import Fraction
from itertools import product

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.condition_effects import (
    before_roll,
    full_tracks,
    hindered_steps,
    new_condition,
    painful_harm_discard,
    questioning_dice,
    read_condition,
    surface_wound_chance,
    surface_wound_worsens,
    track_marks,
    worsen_surface_wound,
    worsened,
)
from rules.dice import ScriptedDice, SeededDice
from rules.errors import RulesError

SIZES = {"harm": 3, "persuasion": 10, "alteration": 11}


def test_sheet_lines_are_read_tolerantly():
    assert read_condition("Painful Harm").code == "HI1"
    custom = read_condition("Gravely Injured (HI3)")
    assert (custom.name, custom.code, custom.entry) == ("Gravely Injured", "HI3", "Gravely Injured (HI3)")
    old = read_condition("Sleepy")  # an older sheet's own words: kept, no code
    assert (old.name, old.code, old.entry) == ("Sleepy", "", "Sleepy")


def test_the_exec_names_a_core_condition_or_a_custom_one_with_its_code():
    assert new_condition("Surface Wound").entry == "Surface Wound"
    assert new_condition("Gravely Injured", "hi3").entry == "Gravely Injured (HI3)"
    for name, code in [("Gravely Injured", ""), ("Gravely Injured", "XI2"), ("", "HI1"), ("A (b)", "HI1")]:
        with pytest.raises(RulesError):
            new_condition(name, code)


def test_each_condition_fills_its_track_by_its_level_and_a_full_track_has_its_effect():
    lines = ["Surface Wound", "Distracting Injury", "Eager", "Sleepy"]  # HI1 + HI2, PE1, no code
    assert track_marks(lines, SIZES) == {"harm": 3, "persuasion": 1, "alteration": 0}
    assert full_tracks(lines, SIZES) == {"harm": "The explorer is incapacitated."}
    assert track_marks(["Crippling Wound", "Dire Injury"], SIZES)["harm"] == 3  # never past the dots
    assert full_tracks(["Painful Harm"], SIZES) == {}


def test_automatic_effects():
    assert painful_harm_discard(["Painful Harm"], venture=2) == 1
    assert painful_harm_discard(["Painful Harm"], venture=0) == 0
    assert painful_harm_discard(["Eager"], venture=2) == 0
    assert questioning_dice(["Questioning"], "knowledge") == 1
    assert questioning_dice(["Questioning"], "perception") == 1
    assert questioning_dice(["Questioning"], "dexterity") == 0
    assert hindered_steps(["Hindered"]) == 1
    assert hindered_steps([]) == 0


def test_surface_wound_worsens_on_venture_with_one_d10_of_1_to_3():
    assert surface_wound_worsens(["Surface Wound"], 0, ScriptedDice([1])) is None
    assert worsened(surface_wound_worsens(["Surface Wound"], 1, ScriptedDice([3])))
    assert not worsened(surface_wound_worsens(["Surface Wound"], 1, ScriptedDice([4])))
    assert surface_wound_worsens(["Surface Wound (HI2)"], 1, ScriptedDice([1])) is None  # already worse
    assert worsen_surface_wound(["Eager", "Surface Wound"]) == ["Eager", "Surface Wound (HI2)"]
    assert track_marks(["Surface Wound (HI2)"], SIZES)["harm"] == 2


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_surface_wound_chance_is_exact_against_brute_force(dice):
    code = DieCode(dice)
    worse = sum(
        1
        for faces in product(range(1, 7), repeat=dice)
        for d10 in range(1, 11)
        if worsened(surface_wound_worsens(["Surface Wound"], faces.count(6), ScriptedDice([d10])))
    )
    assert surface_wound_chance(code) == Fraction(worse, 6**dice * 10)


def test_surface_wound_chance_holds_over_seeded_rolls():
    dice, code, hits, n = SeededDice(21), DieCode(2), 0, 20000
    for _ in range(n):
        venture = sum(1 for _ in range(2) if dice.roll(6) == 6)
        hits += worsened(surface_wound_worsens(["Surface Wound"], venture, dice))
    assert abs(Fraction(hits, n) - surface_wound_chance(code)) < Fraction(1, 100)


def test_before_the_roll_pay_one_choices_and_questioning():
    from rules.cgg.condition_effects import before_roll, pay_options

    held = ["Questioning", "Eager", "Consumed", "Restrained"]
    assert [name for name, _ in pay_options(held)] == ["Eager", "Consumed", "Restrained"]
    unpaid = before_roll(held, "knowledge")
    assert (unpaid.risk_dice, unpaid.success_dice, unpaid.hours, unpaid.restrained) == (-1, 0, 0, True)
    paid = before_roll(held, "knowledge", ["Eager", "Consumed", "Restrained"])
    assert (paid.risk_dice, paid.success_dice, paid.hours, paid.restrained) == (1, 2, 3, False)
    assert paid.apply(DieCode(2, 1), 2) == (DieCode(3, 1), 4)
    with pytest.raises(RulesError):
        before_roll(held, "knowledge", ["Improved"])


def test_after_the_roll_in_order():
    from rules.cgg.condition_effects import after_roll

    found = after_roll(["Painful Harm", "Weakened", "Surface Wound"], 2, True, ScriptedDice([3, 7, 2]))
    assert (found.discarded, found.failures, found.worsen_wound) == (1, 1, True)
    assert found.labels == (
        "Painful Harm: first Venture discarded",
        "Restrained: d10 3, +1 Failure",
        "Weakened: d10 7, no effect",
        "Surface Wound: d10 2, becomes HI2",
    )
    # Painful Harm took the only Venture: nothing earned, the wound does not roll.
    assert after_roll(["Painful Harm", "Surface Wound"], 1, False, ScriptedDice([])).worsen_wound is False


@pytest.mark.parametrize(("dice", "restrained"), [(1, False), (2, True), (3, True), (2, False)])
def test_added_failures_are_exact_against_brute_force(dice, restrained):
    from rules.cgg.condition_effects import added_failures, after_roll

    entries = ["Weakened"]
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=dice):
        for d10s in product(range(1, 11), repeat=2):
            found = after_roll(entries, faces.count(6), restrained, ScriptedDice(list(d10s)))
            counts[found.failures] = counts.get(found.failures, 0) + 1
    total = 6**dice * 100
    assert added_failures(DieCode(dice), entries, restrained) == {k: Fraction(n, total) for k, n in counts.items()}


def test_the_execs_pay_one_choices():
    from rules.cgg.condition_effects import before_roll, check_exec_pays

    held = ["Distracting Injury", "Paralyzing Injury", "Confused"]
    assert check_exec_pays(held, ["Confused", "Confused"]) == ("Confused",)
    with pytest.raises(RulesError):
        check_exec_pays(["Confused"], ["Distracting Injury"])
    found = before_roll(held, "dexterity", exec_pays=held)
    assert (found.risk_dice, found.success_dice, found.hours) == (-2, -2, 0)
    assert found.labels == ("Distracting Injury: +1D difficulty", "Paralyzing Injury: -1D", "Confused: -1D risk")


def test_a_custom_enhancement_is_no_impairment_to_remove():
    from rules.cgg.venture import Wrench, missing_subject

    assert missing_subject(Wrench.NOT_AS_BAD, "Mara", conditions=["Lucky (PE1)"], gear=[])
    assert not missing_subject(Wrench.NOT_AS_BAD, "Mara", conditions=["Gravely Injured (HI3)"], gear=[])
    assert not missing_subject(Wrench.NOT_AS_BAD, "Mara", conditions=["Sleepy"], gear=[])


def test_crippling_wound_keeps_the_execs_attribute_and_that_code_loses_1d():
    from rules.cgg.condition_effects import before_roll

    held = new_condition("Crippling Wound", attribute="Strength")
    assert held.entry == "Crippling Wound [Strength]"
    read = read_condition(held.entry)
    assert (read.name, read.code, read.attribute) == ("Crippling Wound", "HI3", "strength")
    with pytest.raises(RulesError):
        new_condition("Crippling Wound")
    found = before_roll([held.entry], "strength")
    assert (found.risk_dice, found.success_dice) == (-1, -1)
    assert before_roll([held.entry], "dexterity").risk_dice == 0
    assert track_marks([held.entry], SIZES)["harm"] == 3


def test_troubled_rerolls_the_dice_without_a_failure_and_transcendent_those_with_one():
    from rules.cgg.condition_effects import RollConditions, pay_options, reroll_exec

    assert reroll_exec([2, 9, 5], RollConditions(troubled=True), ScriptedDice([1, 7])) == (2, 1, 7)
    assert reroll_exec([2, 9, 3], RollConditions(transcendent=True), ScriptedDice([8, 4])) == (8, 9, 4)
    both = RollConditions(troubled=True, transcendent=True)
    assert reroll_exec([9, 2], both, ScriptedDice([3, 6, 10])) == (6, 10)  # 9→3 (Troubled), then 3→6 and 2→10
    assert [name for name, _ in pay_options(["Transcendent"], "dexterity")] == []
    assert [name for name, _ in pay_options(["Transcendent"], "perception")] == ["Transcendent"]
    assert pay_options(["Augmented"], "dexterity", {"Augmented": True}) == []


def test_enhanced_succeeds_or_avoids_fallout():
    from dataclasses import replace

    from rules.cgg.action import Action
    from rules.cgg.difficulty import Difficulty, ExecRoll
    from rules.cgg.risk import RiskRoll

    action = Action(Difficulty(base_dice=5, success_dice=3), RiskRoll(DieCode(3), (6, 1, 1)), ExecRoll((1, 9)))
    assert not action.success
    assert action.risk_avoided is False
    assert replace(action, enhanced="succeed").success
    assert replace(action, enhanced="succeed").risk_avoided is False
    assert replace(action, enhanced="avoid").risk_avoided is True
    assert not replace(action, enhanced="avoid").success


def test_confused_and_improved_change_the_risk_roll_alone_after_the_code():
    """Confused's -1D and Improved's +1D are the risk roll's alone: the code that assists combine with
    keeps its dice, and they come off (or on) after the assists (rules page, #cgg-risk-penalties)."""
    confused = before_roll([], "strength", (), ("Confused",))
    assert confused.change_code(DieCode(3, 2), 3) == (DieCode(3, 2), 3)
    assert confused.risk_only == -1
    improved = before_roll(["Improved"], "strength", ("Improved",))
    assert improved.change_code(DieCode(3, 2), 3) == (DieCode(3, 2), 3)
    assert improved.risk_only == 1
