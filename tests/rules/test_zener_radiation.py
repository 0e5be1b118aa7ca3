"""Zener Gate radiation (seed: "Radiation Damage"): the transition's CON roll at +15 and its damage, the
long-term CON recovery track, anti-radiation therapies; long-term CON damage lowers CON alone."""

import pytest

from rules import RulesError
from rules.dice import ScriptedDice
from rules.zener.checks import stat_check
from rules.zener.death import death_save, state_of
from rules.zener.radiation import Therapy, radiation_day, radiation_of, track_step, transition, treat
from rules.zener.recovery import days_pass
from rules.zener.sheet import validate_sheet
from rules.zener.stats import in_play

FAIL = (6, 6, 6, 6)  # 24 on CON 20 - 15: 4d6 needing 5
PASS = (1, 1, 1, 1)


def _fail(sheet) -> tuple[int, ...]:
    """Sixes on every die of the CON roll at +15, however many the impossible-chance rule adds."""
    return (6,) * stat_check(in_play(sheet)["CON"], -15).rolled[0]


def _sheet(con=20, radiation=None, **damage):
    stats = {
        name: 12 for name in ("STR", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
    } | {"CON": con}
    damage = {"trauma": 0, "shock": 0, "end_spent": 0, "stats": {}, **damage}
    if radiation:
        damage["radiation"] = {**radiation_of({}), **radiation}
    return {"stats": stats, "int_dice": [3, 3], "damage": damage}


def test_the_con_roll_is_at_plus_15_a_penalty_with_impossible_chances():
    done = transition(_sheet(con=20), "1", ScriptedDice([*PASS, 2]))
    assert (done.check.target, done.check.success) == (5, True)
    # CON 12 - 15 = -3: impossible, 11d6 needing 11 (seed: "Impossible Chances")
    done = transition(_sheet(con=12), "1", ScriptedDice([*(1,) * 11, 2]))
    assert (len(done.check.faces), done.check.target, done.check.success) == (11, 11, True)


def test_success_is_one_long_term_con_and_d3_trauma_and_shock():
    done = transition(_sheet(), "2", ScriptedDice([*PASS, 3]))
    assert (done.con, done.harm) == (1, 3)
    damage = done.sheet["damage"]
    assert (damage["trauma"], damage["shock"], damage["radiation"]["con"]) == (3, 3, 1)


@pytest.mark.parametrize(
    ("category", "faces", "con", "harm"),
    [
        ("1", (5,), 3, 5),  # 1/2 d6 (round up), the whole d6 as shock and trauma
        ("2", (4,), 4, 10),  # d6, d6 + 6
        ("3A", (5, 6), 11, 6),  # 2d6, half of it (round up)
        ("3B", (2, 4, 5), 2, 12),  # d6, 2d6 + 3
    ],
)
def test_each_category_on_a_failure(category, faces, con, harm):
    done = transition(_sheet(), category, ScriptedDice([*FAIL, *faces]))
    assert (done.con, done.harm, done.faces) == (con, harm, faces)


def test_the_fourth_and_fifth_category_1_transitions_of_the_seed():
    # "If the fourth Zener Transition is a Category-1 event ... 1/2 d6 +3 temporary CON damage and 1d6+3 shock and
    # trauma. If the fifth transition is also a Category-1 event ... 1/2 d6 +4 ... and 1d6+4 shock and trauma"
    sheet = _sheet()
    for _ in range(3):
        sheet = transition(sheet, "1", ScriptedDice([*_fail(sheet), 1])).sheet
    fourth = transition(sheet, "1", ScriptedDice([*_fail(sheet), 4]))
    assert (fourth.number, fourth.extra, fourth.con, fourth.harm) == (4, 3, 2 + 3, 4 + 3)
    fifth = transition(fourth.sheet, "1", ScriptedDice([*_fail(fourth.sheet), 4]))
    assert (fifth.number, fifth.extra, fifth.con, fifth.harm) == (5, 4, 2 + 4, 4 + 4)


def test_long_term_con_lowers_con_but_not_hp_end_or_shk():
    whole = in_play(_sheet())
    hurt = in_play(_sheet(radiation={"con": 5}))
    assert hurt["CON"] == whole["CON"] - 5
    assert (hurt["HP"], hurt["END"], hurt["SHK"]) == (whole["HP"], whole["END"], whole["SHK"])
    assert state_of(_sheet(con=5, radiation={"con": 5})) == "dying"  # CON at 0 (seed: "Death")


def test_the_transition_shock_over_the_threshold_calls_the_shock_save():
    # SHK 13 (HP 64); a 3B of 2d6 6, 6 + 3 + 3 extra = 18, 5 over: a CON save at -5 (CON 20 - 2 - 5 = 13), failed
    sheet = _sheet(radiation={"transitions": 3, "extra": 3})
    done = transition(sheet, "3B", ScriptedDice([*FAIL, 2, 6, 6, 6, 6, 6, 6, 7]))
    assert done.harm == 18
    assert done.save.save.target == 20 - 5 - 5
    assert not done.save.save.success
    assert done.sheet["state"] == "unconscious"
    assert done.sheet["out_for"] == done.save.out_for


def test_the_dead_do_not_transition_and_categories_are_named():
    with pytest.raises(RulesError, match="dead"):
        transition({**_sheet(), "state": "dead"}, "1", ScriptedDice([]))
    with pytest.raises(RulesError, match="Category 1, 2, 3A or 3B"):
        transition(_sheet(), "4", ScriptedDice([]))


def test_the_recovery_track_is_6_4_2_1_then_one_every_2_3_4_days():
    assert [track_step(step) for step in range(7)] == [(1, 6), (1, 4), (1, 2), (1, 1), (2, 1), (3, 1), (4, 1)]
    record, healed_by_day = radiation_of(_sheet(radiation={"con": 20})), []
    for _ in range(13):
        record, healed = radiation_day(record)
        healed_by_day.append(healed)
    assert healed_by_day == [6, 4, 2, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1]
    assert record["con"] == 20 - 16


def test_days_of_rest_heal_long_term_con_and_start_over_once_healed():
    sheet, healed = days_pass(_sheet(radiation={"con": 8}), 1)
    assert (sheet["damage"]["radiation"]["con"], healed["radiation"]) == (2, 6)
    sheet, healed = days_pass(sheet, 1)  # up to 4: the 2 left
    assert (sheet["damage"]["radiation"]["con"], healed["radiation"]) == (0, 2)
    assert sheet["damage"]["radiation"]["step"] == 0


def test_a_therapy_heals_con_reduces_the_extra_and_the_steps_and_hurts():
    sheet = _sheet(radiation={"con": 9, "transitions": 4, "extra": 4, "step": 5, "waited": 2})
    therapy = Therapy(con_healed=2, extra_off="d3", steps_back="2d6", shock="d6", trauma="3")
    done = treat(sheet, therapy, ScriptedDice([3, 1, 2, 6]))
    record = done.sheet["damage"]["radiation"]
    assert (record["con"], record["extra"], record["step"], record["waited"]) == (7, 1, 2, 0)
    assert (done.sheet["damage"]["shock"], done.sheet["damage"]["trauma"]) == (6, 3)


def test_half_the_therapy_shock_and_trauma_may_be_taken_as_end_the_same_off_both():
    # "if you reduce trauma by 4 you must also reduce shock by 4, suffering 8 END loss"
    therapy = Therapy(shock="9", trauma="8")
    done = treat(_sheet(), therapy, ScriptedDice([1, 2, 3, 4]), as_end=4)
    damage = done.sheet["damage"]
    assert (damage["shock"], damage["trauma"], damage["end_spent"], done.end_hours) == (5, 4, 8, 10)
    with pytest.raises(RulesError, match="0 to 4, not 5"):
        treat(_sheet(), therapy, ScriptedDice([]), as_end=5)


def test_a_therapy_out_of_bounds_is_refused():
    with pytest.raises(RulesError, match="0 to 3 points"):
        Therapy(con_healed=4)
    with pytest.raises(RulesError, match="additional trauma is 0 to 12"):
        Therapy(trauma="3d6")
    with pytest.raises(RulesError):
        Therapy(shock="d")


def test_the_sheet_keeps_its_radiation_record():
    raw = _sheet(radiation={"con": 3, "transitions": 2, "extra": 2})
    assert validate_sheet(raw)["damage"]["radiation"]["con"] == 3
    with pytest.raises(RulesError, match="Radiation"):
        validate_sheet({**raw, "damage": {**raw["damage"], "radiation": {"con": -1}}})


def test_a_character_dying_of_radiation_is_restored_to_1_con_by_a_stabilising_save():
    sheet = {**_sheet(con=6, radiation={"con": 7}, stats={"CON": 1}), "state": "dying"}  # CON -2
    saved = death_save(sheet, aided=True, dice=ScriptedDice([1] * 10))  # CON -2: 10d6 needing 10
    assert saved.result == "stabilised"
    assert in_play(saved.sheet)["CON"] == 1
    assert saved.sheet["damage"]["stats"].get("CON", 0) == 0  # the stat damage goes first,
    assert saved.sheet["damage"]["radiation"]["con"] == 5  # then radiation's
