"""Zener Gate death and dying (seed: "Death")."""

import pytest

from rules import RulesError
from rules.dice import ScriptedDice
from rules.zener.death import death_save, dying_stats, state_of

STATS = dict.fromkeys(
    ("STR", "CON", "RES", "NIM", "DEX", "ACC", "MEL", "PRAC", "THEO", "ENC", "LAN", "AWA", "PERS"), 12
)


def _sheet(trauma=0, stats=None, **more):
    """HP 2 x CON 12 + RES 12 + NIM 12 = 48."""
    return {"stats": STATS, "int_dice": [3, 3], "damage": {"trauma": trauma, "shock": 0, "stats": stats or {}}, **more}


def test_any_stat_at_zero_or_below_in_play_is_dying_but_not_shock():
    assert dying_stats(_sheet(trauma=47)) == []
    assert dying_stats(_sheet(trauma=50)) == ["HP"]  # -2 hit points
    assert dying_stats(_sheet(stats={"RES": 12})) == ["RES"]
    assert state_of(_sheet(trauma=50)) == "dying"
    assert state_of({**_sheet(), "damage": {"shock": 99}}) == "conscious"  # shock never kills
    assert state_of(_sheet()) == "conscious"  # a sheet without "state"
    assert state_of(_sheet(trauma=50, state="dead")) == "dead"


def test_the_seeds_death_rounds_d_to_d_plus_4():
    # Seed: "a character goes to -2 hit points in round D of combat" (CON 12 here; each roll 4d6 + penalty).
    sheet = _sheet(trauma=50)
    penalties = []
    for aided in (False, False, False, True, True):  # medical aid succeeds in D+3 and D+4
        save = death_save(sheet, aided=aided, dice=ScriptedDice([2, 2, 2, 2]))  # 8 + penalty <= 12
        penalties.append(save.penalty)
        sheet = save.sheet
        if len(penalties) < 5:
            assert save.result == "dying"
            assert state_of(sheet) == "dying"
    # D: "immediately" (no penalty); D+1 +1; D+2 +2; D+3 aid: +1 "instead of worsening to +3"; D+4 aid: +0.
    assert penalties == [0, 1, 2, 1, 0]
    # "He makes his CON check at +0 to the die roll, so he is restored to 1 HP."
    assert save.result == "stabilised"
    assert state_of(sheet) == "conscious"
    assert "dying" not in sheet
    assert 48 - sheet["damage"]["trauma"] == 1


def test_the_penalty_is_added_to_the_die_roll():
    # D+2: +2 to the die roll: 4d6 = 11 + 2 = 13 > CON 12 fails, where 11 alone would pass.
    sheet = {**_sheet(trauma=50), "dying": {"penalty": 1}}
    save = death_save(sheet, aided=False, dice=ScriptedDice([3, 3, 3, 2]))
    assert (save.penalty, save.roll.target, save.result) == (2, 10, "dead")
    assert state_of(save.sheet) == "dead"


def test_aid_without_the_penalty_gone_does_not_stabilise():
    sheet = {**_sheet(stats={"DEX": 13}), "dying": {"penalty": 2}}
    save = death_save(sheet, aided=True, dice=ScriptedDice([1, 1, 1, 1]))
    assert (save.penalty, save.result) == (1, "dying")
    # Stabilised, a stat comes back to 1 in play: DEX 12 - 11 damage.
    save = death_save(save.sheet, aided=True, dice=ScriptedDice([1, 1, 1, 1]))
    assert save.result == "stabilised"
    assert save.sheet["damage"]["stats"]["DEX"] == 11


def test_no_death_save_for_the_living_or_the_dead():
    with pytest.raises(RulesError, match="not dying"):
        death_save(_sheet(), aided=False, dice=ScriptedDice([1, 1, 1, 1]))
    with pytest.raises(RulesError, match="dead"):
        death_save(_sheet(trauma=50, state="dead"), aided=False, dice=ScriptedDice([1, 1, 1, 1]))
