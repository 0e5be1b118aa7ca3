"""Zener Gate: the GM "transfers" long-term CON loss to another stat (seed: "Radiation Damage": "Rather than
kill a PC with CON Loss, the GM is free to 'transfer' the long-term CON loss to some other affected stat. This
is healed as though it were still long-term CON loss")."""

import pytest

from rules import RulesError
from rules.dice import ScriptedDice
from rules.zener.death import restore_to_one, state_of
from rules.zener.radiation import Therapy, long_term, move_loss, radiation_day, radiation_of, sheet_radiation, treat
from rules.zener.recovery import days_pass
from rules.zener.stats import in_play


def _sheet(con=12, radiation=None, **more):
    stats = {
        name: 12 for name in ("STR", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS")
    } | {"CON": con}
    damage = {"trauma": 0, "shock": 0, "end_spent": 0, "stats": {}}
    if radiation:
        damage["radiation"] = {**radiation_of({}), **radiation}
    return {"stats": stats, "int_dice": [3, 3], "damage": damage, **more}


def test_moved_loss_lowers_the_other_stat_and_frees_con():
    after, moved = move_loss(_sheet(radiation={"con": 5}), "STR", 2)
    assert moved == 2
    record = after["damage"]["radiation"]
    assert (record["con"], record["moved"]) == (3, {"STR": 2})
    values = in_play(after)
    assert (values["CON"], values["STR"]) == (9, 10)


def test_all_moves_the_whole_con_loss_and_a_second_move_adds():
    after, moved = move_loss(_sheet(radiation={"con": 5, "moved": {"STR": 1}}), "STR", None)
    assert moved == 5
    assert after["damage"]["radiation"]["con"] == 0
    assert after["damage"]["radiation"]["moved"] == {"STR": 6}
    assert long_term(after["damage"]["radiation"]) == 6


def test_a_moved_loss_leaves_the_calculated_stats_alone():
    """HP = 2 CON + RES + NIM: radiation on RES, as on CON, leaves HP, SHK and END as they were."""
    sheet = _sheet(radiation={"con": 4})
    after, _ = move_loss(sheet, "RES", 4)
    before, now = in_play(sheet), in_play(after)
    assert now["RES"] == before["RES"] - 4
    assert (now["HP"], now["SHK"], now["END"]) == (before["HP"], before["SHK"], before["END"])


@pytest.mark.parametrize(
    ("stat", "points", "message"),
    [
        ("CON", 1, "another rolled stat"),
        ("HP", 1, "another rolled stat"),
        ("STR", 0, "1 to 5"),
        ("STR", 6, "1 to 5"),
    ],
)
def test_bad_moves_are_refused(stat, points, message):
    with pytest.raises(RulesError, match=message):
        move_loss(_sheet(radiation={"con": 5}), stat, points)


def test_no_con_loss_no_move_and_the_dead_are_refused():
    with pytest.raises(RulesError, match="no long-term CON"):
        move_loss(_sheet(), "STR", None)
    with pytest.raises(RulesError, match="dead"):
        move_loss(_sheet(radiation={"con": 3}, state="dead"), "STR", 1)


def test_a_dying_character_the_move_saves_is_no_longer_dying():
    sheet = _sheet(con=12, radiation={"con": 13}, state="dying", dying={"penalty": 2})
    assert state_of(sheet) == "dying"
    after, _ = move_loss(sheet, "STR", 3)
    assert in_play(after)["CON"] == 2
    assert after["state"] == "conscious"
    assert "dying" not in after


def test_moved_loss_heals_on_the_same_track_con_first():
    """The track's 6, 4, 2, 1 counts CON's loss and the moved loss together, CON's first."""
    record = {**radiation_of({}), "con": 2, "moved": {"STR": 7}}
    record, healed = radiation_day(record)  # day 1: 6 points
    assert healed == 6
    assert (record["con"], record["moved"]) == (0, {"STR": 3})
    record, healed = radiation_day(record)  # day 2: 4 points, only 3 left
    assert healed == 3
    assert "moved" not in record
    assert record["step"] == 0


def test_days_pass_heal_the_moved_loss():
    sheet, _ = move_loss(_sheet(radiation={"con": 4}), "STR", None)
    after, healed = days_pass(sheet, 1)
    assert (healed["radiation"], healed["radiation_moved"]) == (0, {"STR": 4})  # CON's part, the moved part
    assert in_play(after)["STR"] == 12


def test_a_therapy_heals_the_moved_loss_too():
    sheet = _sheet(radiation={"con": 1, "moved": {"NIM": 3}})
    done = treat(sheet, Therapy(con_healed=3), ScriptedDice([]))
    assert done.con == 3
    assert done.sheet["damage"]["radiation"]["moved"] == {"NIM": 1}


def test_restoring_to_one_takes_a_moved_loss_off():
    sheet = _sheet(radiation={"moved": {"STR": 14}})
    after = restore_to_one(sheet)
    assert in_play(after)["STR"] == 1
    assert after["damage"]["radiation"]["moved"] == {"STR": 11}  # STR 12 - 11 = 1


def test_the_sheet_keeps_the_moved_loss_and_refuses_a_bad_one():
    record = sheet_radiation({"con": 1, "moved": {"STR": 2}})
    assert record["moved"] == {"STR": 2}
    with pytest.raises(RulesError):
        sheet_radiation({"con": 1, "moved": {"CON": 2}})
    with pytest.raises(RulesError):
        sheet_radiation({"con": 1, "moved": {"STR": -1}})
