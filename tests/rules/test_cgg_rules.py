"""Centaurus Gate rules beyond the odds: difficulty, Venture, the clock, stunts,
leverage, fallout, conditions, tension and advancement."""

import pytest

from rules import RulesError
from rules.cgg.action import apply_hammer, apply_wrench, roll_action
from rules.cgg.advancement import advancement_pips, brings_endeavor, raise_cost
from rules.cgg.clock import CrisisClock
from rules.cgg.codes import DieCode
from rules.cgg.conditions import CONDITIONS_BY_NAME, CORE_CONDITIONS, Track, check_track_dots, track_full
from rules.cgg.difficulty import Difficulty, FailureGrade, RiskLevel, base_risk_for, failure_grade
from rules.cgg.fallout import grade_name, roll_fallout
from rules.cgg.leverage import Leverage, leverage_from
from rules.cgg.sheet import default_sheet, validate_sheet
from rules.cgg.stunts import Stunt
from rules.cgg.tension import Bleakness, Pitfall, Spend, spin_the_world, tension_dice
from rules.cgg.venture import Hammer, Wrench
from rules.dice import ScriptedDice

# --- difficulty ---


@pytest.mark.parametrize(("dice", "risk"), [(3, 4), (4, 7), (5, 10), (6, 13), (7, 16), (8, 19), (9, 22)])
def test_base_risk_follows_the_table(dice, risk):
    assert Difficulty(base_dice=dice, success_dice=0).base_risk == risk == base_risk_for(dice)


def test_adjustments_and_attribute_dice_set_the_remaining_dice():
    difficulty = Difficulty(base_dice=5, success_dice=3, adjustments=("missing_specialist", "rushed"))
    assert (difficulty.adjusted_dice, difficulty.remaining_dice, difficulty.trivial) == (8, 5, False)
    assert Difficulty(base_dice=4, success_dice=4).trivial


def test_never_more_than_six_difficulty_dice():
    assert Difficulty(base_dice=9, success_dice=0, adjustments=("extreme_rush",)).remaining_dice == 6


def test_one_adjustment_per_group():
    with pytest.raises(RulesError, match="one adjustment for time"):
        Difficulty(base_dice=5, success_dice=1, adjustments=("rushed", "all_the_time"))
    with pytest.raises(RulesError, match="Unknown"):
        Difficulty(base_dice=5, success_dice=1, adjustments=("bribery",))
    with pytest.raises(RulesError, match="3d to 9d"):
        Difficulty(base_dice=10, success_dice=1)


def test_a_contest_uses_the_opponents_dice_plus_one():
    contest = Difficulty.for_contest(3, success_dice=2)  # opponent 3d+2
    assert (contest.base_dice, contest.base_risk) == (4, 7)
    assert Difficulty.for_contest(1, success_dice=0).base_risk == 1  # 2d: 3 per die below the table


def test_no_risk_has_no_target_and_bonus_raises_it():
    assert Difficulty(base_dice=5, success_dice=1, risk=RiskLevel.NONE).base_risk is None
    assert Difficulty(base_dice=5, success_dice=1, risk_bonus=2).base_risk == 12


@pytest.mark.parametrize(
    ("failures", "grade"),
    [
        (0, FailureGrade.SUCCESS),
        (1, FailureGrade.BARELY),
        (2, FailureGrade.BADLY),
        (3, FailureGrade.HORRIBLY),
        (5, FailureGrade.HORRIBLY),
    ],
)
def test_failure_grades(failures, grade):
    assert failure_grade(failures) is grade


# --- one action with Venture ---


THREE_DICE = DieCode(3)


def action(risk_faces, exec_faces, base_dice=5, success_dice=2, code=THREE_DICE):
    difficulty = Difficulty(base_dice=base_dice, success_dice=success_dice)
    return roll_action(difficulty, code, ScriptedDice([*risk_faces, *exec_faces]))


def test_sixes_are_venture_not_total():
    rolled = action([6, 4, 6], [2, 9, 5], code=DieCode(3, 1))
    assert (rolled.risk.total, rolled.risk.venture) == (5, 2)
    assert (rolled.failures, rolled.risk_target, rolled.risk_avoided) == (1, 12, False)


def test_wrench_uses_change_the_outcome():
    rolled = action([6, 6, 5], [2, 9, 3])  # 2 Venture; 2 Failures; target 10 + 5 = 15
    after = apply_wrench(rolled, (Wrench.THAT_WAS_CLOSE, Wrench.GOTTA_MAKE_IT), ScriptedDice([]))
    assert (after.risk_total, after.failures, after.risk_target, after.venture_left) == (10, 1, 15, 0)


def test_im_that_good_rerolls_the_failure_dice():
    rolled = action([6, 2, 2], [1, 2, 3])
    after = apply_wrench(rolled, (Wrench.IM_THAT_GOOD,), ScriptedDice([8, 9, 1]))
    assert (after.failures, after.risk_target, after.first_exec_roll.faces) == (1, 11, (1, 2, 3))


def test_time_to_get_serious_adds_a_risk_die():
    rolled = action([6, 2, 2], [9, 9, 9])
    after = apply_wrench(rolled, (Wrench.TIME_TO_GET_SERIOUS,), ScriptedDice([5]))
    assert (after.risk_total, after.risk.venture) == (9, 1)


def test_wrench_needs_venture_and_one_of_each_type():
    rolled = action([6, 2, 2], [9, 9, 9])
    with pytest.raises(RulesError, match="one Venture"):
        apply_wrench(rolled, (Wrench.THAT_WAS_CLOSE, Wrench.GOTTA_MAKE_IT), ScriptedDice([]))
    with pytest.raises(RulesError, match="one use of each type"):
        apply_wrench(action([6, 6, 6], [9, 9, 9]), (Wrench.GOTTA_MAKE_IT, Wrench.GOTTA_MAKE_IT), ScriptedDice([]))


def test_hammer_uses_what_the_player_left():
    rolled = apply_wrench(action([6, 6, 1], [9, 9, 9]), (Wrench.THAT_WAS_CLOSE,), ScriptedDice([]))
    after = apply_hammer(rolled, (Hammer.CANT_DO_IT,))
    assert (after.failures, after.success, after.venture_left) == (1, False, 0)
    with pytest.raises(RulesError, match="already used the Hammer"):
        apply_hammer(after, ())
    with pytest.raises(RulesError, match="before the Exec's Hammer"):
        apply_wrench(after, (), ScriptedDice([]))


def test_use_costs():
    assert [w.hours for w in Wrench] == [1, 1, 1, 2, 2]
    assert [h.hours for h in Hammer] == [1, 1, 2, 3]


# --- the Crisis Clock ---


def test_clock_sizes_by_roles():
    assert CrisisClock.full(1).hours == 12
    assert CrisisClock.full(2).hours == 9
    with pytest.raises(RulesError):
        CrisisClock(hours=10, roles=2)


def test_paying_to_zero_starts_a_crisis_and_blocks_the_clock():
    clock = CrisisClock(hours=2).pay(2)
    assert (clock.hours, clock.in_crisis) == (0, True)
    with pytest.raises(RulesError, match="in crisis"):
        clock.pay(1)
    assert clock.gain(3) == clock


def test_cannot_pay_hours_the_clock_does_not_have():
    with pytest.raises(RulesError, match="only 1 hour left"):
        CrisisClock(hours=1).pay(2)


def test_gains_stop_at_the_maximum():
    assert CrisisClock(hours=11).gain(3).hours == 12
    assert CrisisClock(hours=8, roles=2).gain(3).hours == 9


def test_resolving_a_crisis():
    clock = CrisisClock(hours=0, in_crisis=True)
    assert clock.resolve_crisis(4).hours == 7
    critical = CrisisClock(hours=0, roles=2, in_crisis=True, critical_count=5).resolve_crisis(6, critical=True)
    assert (critical.hours, critical.critical_count, critical.in_crisis) == (9, 6, False)
    with pytest.raises(RulesError, match="critical count is full"):
        CrisisClock(hours=0, roles=2, in_crisis=True, critical_count=6).resolve_crisis(1, critical=True)
    with pytest.raises(RulesError, match="not in crisis"):
        CrisisClock(hours=3).resolve_crisis(2)


# --- stunts, leverage, fallout ---


def test_han_solos_stunt():
    risk, success = Stunt(mastery=2, moved=2).apply(DieCode(6), 6)
    assert (risk, success, Stunt(mastery=2, moved=2).hours) == (DieCode(4), 9, 1)


def test_stunt_limits():
    assert Stunt(mastery=3, moved=3, extra=2).hours == 3
    with pytest.raises(RulesError):
        Stunt(mastery=2, moved=3)
    with pytest.raises(RulesError, match="only 1 dice"):
        Stunt(mastery=3, moved=2).apply(DieCode(1, 2), 3)


def test_diligence_makes_and_grows_leverage():
    assert leverage_from(8) == DieCode(2, 2)
    assert leverage_from(7, DieCode(2, 2)) == DieCode(3, 2)  # ceil(7 / 3) = 3 pips on 8


def test_leverage_pays_or_shrinks_then_expires():
    leverage = Leverage("Starship repair", DieCode(1, 1))
    assert leverage.use(pay_hour=True) == leverage
    smaller = leverage.use(pay_hour=False)
    assert smaller.code == DieCode(0, 1)
    assert smaller.use(pay_hour=False) is None
    with pytest.raises(RulesError, match="purpose"):
        Leverage(" ", DieCode(1))


def test_fallout_grades():
    assert [grade_name(n) for n in range(6)] == ["Minor", "Moderate", "Major", "Critical", "Critical +1", "Critical +2"]
    rolled = roll_fallout(DieCode(5), 2, ScriptedDice([1, 3, 4]))
    assert (rolled.steps, rolled.grade) == (2, "Major")
    assert roll_fallout(DieCode(2), 3, ScriptedDice([])).grade == "Minor"


# --- conditions and tracks ---


def test_the_eighteen_core_conditions():
    assert len(CORE_CONDITIONS) == 18
    assert CONDITIONS_BY_NAME["Crippling Wound"].code == "HI3"
    assert CONDITIONS_BY_NAME["Eager"].code == "PE1"
    assert {c.track for c in CORE_CONDITIONS} == set(Track)


def test_track_dots_and_full_tracks():
    sizes = check_track_dots({Track.HARM: 7, Track.PERSUASION: 4, Track.ALTERATION: 4})
    assert sizes == {Track.HARM: 10, Track.PERSUASION: 7, Track.ALTERATION: 7}
    with pytest.raises(RulesError, match="exactly 15"):
        check_track_dots({Track.HARM: 1, Track.PERSUASION: 1, Track.ALTERATION: 1})
    assert track_full(Track.HARM, 10, 10) == "The explorer is incapacitated."
    assert track_full(Track.HARM, 10, 9) is None


# --- tension mode ---


def test_pitfalls_happen_at_fifteen_and_are_avoided_at_zero():
    pitfall = Pitfall("The reactor blows", 13).move(3)
    assert (pitfall.tension, pitfall.state) == (15, "happened")
    assert Pitfall("Caught", 1).move(-2).state == "avoided"
    with pytest.raises(RulesError, match="already happened"):
        pitfall.move(-1)


def test_tension_dice():
    assert tension_dice(Bleakness.BAD, players=3) == 3
    assert tension_dice(Bleakness.DOOMED, players=4, worse_cues=1) == 5


def test_spinning_the_world():
    spin = spin_the_world(4, ScriptedDice([1, 3, 4, 10]))
    assert spin.successes == 2
    assert Spend(slide=2).check(2)
    with pytest.raises(RulesError, match="spends 4"):
        Spend(slide=2, slip=True).check(3)
    with pytest.raises(RulesError, match="at most 3"):
        Spend(slide=4).check(9)


# --- advancement ---


def test_advancement_pips():
    assert [advancement_pips(n) for n in range(1, 9)] == [20, 30, 40, 50, 60, 70, 40, 40]
    assert advancement_pips(1, critical_count=5) == 35
    assert [brings_endeavor(n) for n in range(1, 7)] == [False, True, False, True, False, True]


def test_raising_a_code_costs_its_dice_per_pip():
    assert raise_cost(DieCode(2), 3) == 6
    assert raise_cost(DieCode(3, 2), 2) == 7  # 3 for 4d, then 4 for 4d+1


# --- the sheet ---


def test_default_sheet_is_valid():
    assert validate_sheet(default_sheet()) == default_sheet()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"attributes": {**default_sheet()["attributes"], "strength": "3d+3"}}, "Strength"),
        ({"attributes": {"strength": "2d"}}, "six attributes"),
        ({"roles": ["A", "B", "C"]}, "Roles"),
        ({"roles": []}, "Roles"),
        ({"abilities": [{"name": "Blaster", "mastery": 4}]}, "mastery"),
        ({"tracks": {"harm": 20, "persuasion": 3, "alteration": 3}}, "exactly 15"),
        ({"tracks": {"harm": 8}}, "Track sizes"),
        ({"marked": {"harm": 9, "persuasion": 0, "alteration": 0}}, "harm track"),
        ({"leverage": [{"purpose": "", "code": "2d"}]}, "purpose"),
        ({"leverage": [{"purpose": "Repair", "code": "2d+4"}]}, "pips"),
    ],
)
def test_bad_sheets_are_explained(change, message):
    with pytest.raises(RulesError, match=message):
        validate_sheet({**default_sheet(), **change})


def test_a_tension_mode_from_start_to_a_pitfall():
    from rules.cgg.tension import Spin, TensionState

    state = TensionState.start(Bleakness.HORRIBLE, players=3).add_pitfall("The reactor blows", 10)
    assert (state.dice, state.round) == (4, 1)
    state = state.add_bonus("Mara", "dexterity").move(0, -2)
    assert state.pitfalls[0].tension == 8
    state = state.make_worse(0)
    assert (state.pitfalls[0].tension, state.dice) == (9, 3)
    with pytest.raises(RulesError, match="Spin the world first"):
        state.spend(Spend(slide=1), pitfall=0)
    state = state.spin(Spin((1, 2, 3)))
    with pytest.raises(RulesError, match="Spend the last spin"):
        state.spin(Spin((1,)))
    with pytest.raises(RulesError, match="Choose the pitfall"):
        state.spend(Spend(slide=1))
    with pytest.raises(RulesError, match="spends 4"):
        state.spend(Spend(slide=2, slip=True), pitfall=0, slip_bonus=0)
    state = state.spend(Spend(slide=1, slip=True), pitfall=0, slip_bonus=0)
    assert (state.pitfalls[0].tension, state.bonuses, state.spotlight, state.successes) == (10, (), 0, None)
    state = state.next_round().move(0, 5)
    assert state.over
    assert TensionState.from_dict(state.as_dict()) == state
