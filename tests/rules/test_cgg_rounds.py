"""Turn order in a tension round (seed: "Tension Mode", steps 1-4; rules.cgg.rounds)."""

from dataclasses import replace

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.rounds import Help, Round
from rules.cgg.tension import Bleakness, TensionState
from rules.cgg.tension_roll import TensionModifiers, modifiers_for
from rules.errors import RulesError

MARA, JON, ILSE = 1, 2, 3
SEATED = (MARA, JON, ILSE)


def test_a_round_goes_round_the_table_as_the_actors_pass_the_focus():
    turn = Round().choose_first(JON, SEATED)
    assert (turn.first, turn.focus) == (JON, JON)
    assert turn.in_turn(JON)
    assert not turn.in_turn(MARA)
    turn = turn.act(JON).pass_focus(ILSE, SEATED)
    assert turn.focus == ILSE
    assert turn.waiting(SEATED) == (MARA, ILSE)
    turn = turn.act(ILSE).pass_focus(MARA, SEATED).act(MARA)
    assert turn.done(SEATED)  # the Exec spins the world
    assert turn.acted == (JON, ILSE, MARA)


@pytest.mark.parametrize(
    ("turn", "to", "message"),
    [
        (Round(), JON, "No one holds the focus"),
        (Round().choose_first(JON, SEATED), MARA, "acts before passing"),
        (Round().choose_first(JON, SEATED).act(JON), JON, "has not acted"),
        (Round().choose_first(JON, SEATED).act(JON).act(MARA), MARA, "has not acted"),
        (Round().choose_first(JON, SEATED).act(JON), 99, "seated explorer"),
    ],
)
def test_the_focus_goes_only_to_an_explorer_who_has_not_acted(turn, to, message):
    with pytest.raises(RulesError, match=message):
        turn.pass_focus(to, SEATED)


def test_the_first_explorer_is_chosen_once_among_the_seated():
    with pytest.raises(RulesError, match="seated"):
        Round().choose_first(99, SEATED)
    with pytest.raises(RulesError, match="already chosen"):
        Round().choose_first(JON, SEATED).choose_first(MARA, SEATED)


def test_acting_out_of_turn_counts_once_and_leaves_the_focus():
    turn = Round().choose_first(JON, SEATED).act(MARA)
    assert turn.focus == JON
    assert turn.acted == (MARA,)
    assert turn.act(MARA) == turn
    assert turn.out_of_turn == (MARA,)
    assert turn.act(JON).out_of_turn == (MARA,)  # Jon had the focus


def test_help_comes_from_one_who_has_not_acted_once_a_round_and_never_from_the_first():
    turn = Round().choose_first(JON, SEATED)
    turn = turn.help(MARA, JON)
    assert turn.helps == (Help(MARA, JON),)
    assert turn.helped(MARA)
    assert not turn.helped(JON)
    for helper, helped, message in (
        (JON, ILSE, "helps no one"),
        (MARA, ILSE, "once in a round"),
        (ILSE, ILSE, "own action"),
    ):
        with pytest.raises(RulesError, match=message):
            turn.help(helper, helped)
    with pytest.raises(RulesError, match="not acted"):
        turn.act(JON).pass_focus(ILSE, SEATED).act(ILSE).help(ILSE, MARA)


def test_a_helper_risk_roll_is_one_die_less_this_round_and_the_next_round_forgets():
    state = TensionState.start(Bleakness.BAD, players=3)
    turn = state.turns.choose_first(JON, SEATED).help(MARA, JON)
    state = replace(state, turns=turn)
    state = TensionState.from_dict(state.as_dict())  # stored and read back whole
    assert state.turns == turn
    mods = modifiers_for(state, "Mara Vell", "dexterity", seat=MARA)
    assert mods == TensionModifiers(helped=1)
    assert mods.apply(DieCode(4, 1)) == (DieCode(3, 1), 4)  # risk only; the success dice stay
    assert mods.labels == ("-1d helped this round",)
    assert mods.apply(DieCode(0, 2)) == (DieCode(0, 2), 0)  # never below 0d
    assert modifiers_for(state, "Jon Ash", "dexterity", seat=JON) == TensionModifiers()
    assert state.next_round().turns == Round()


def test_scenes_stored_before_turn_order_read_as_a_fresh_round():
    data = TensionState.start(Bleakness.BAD, players=2).as_dict()
    del data["turns"]
    assert TensionState.from_dict(data).turns == Round()
