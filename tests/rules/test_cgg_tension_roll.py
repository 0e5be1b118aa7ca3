"""Edge bonuses and the Spotlight reaching an explorer's roll in tension mode
(seed: "Tension Mode", step 1.1; "Exec Spins The World", Spotlight)."""

from dataclasses import replace

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.tension import Bleakness, Spend, Spin, TensionState
from rules.cgg.tension_roll import TensionModifiers, modifiers_for
from rules.errors import RulesError


def started() -> TensionState:
    return TensionState.start(Bleakness.BAD, players=2).add_pitfall("The reactor blows", 9)


def test_edge_bonuses_add_up_on_their_attribute_only():
    state = started()
    for _ in range(3):
        state = state.add_bonus("Mara Vell", "dexterity")
    state = state.add_bonus("Mara Vell", "strength").add_bonus("Jon Ash", "dexterity")
    mods = modifiers_for(state, "Mara Vell", "dexterity")
    assert mods == TensionModifiers(edge=3)
    # The live report: three "+1d Dexterity" bonuses and the call still rolled 4d+1.
    assert mods.apply(DieCode(4, 1)) == (DieCode(7, 1), 7)
    assert mods.labels == ("+3d Edge",)
    assert modifiers_for(state, "Mara Vell", "knowledge") == TensionModifiers()


def test_a_spotlight_waits_for_the_next_round_then_hits_its_first_roll_once():
    state = started().spin(Spin((1, 2, 3)))
    state = state.spend(Spend(spotlight=2))
    assert modifiers_for(state, "Mara Vell", "dexterity") == TensionModifiers()  # still this round
    state = state.next_round()
    mods = modifiers_for(state, "Mara Vell", "dexterity")
    assert mods == TensionModifiers(spotlight=2)
    assert mods.apply(DieCode(4, 1)) == (DieCode(2, 1), 4)  # risk only: the success dice keep 4
    assert mods.labels == ("-2d Spotlight",)
    assert modifiers_for(state.take_spotlight(), "Jon Ash", "strength") == TensionModifiers()


def test_a_spotlight_takes_a_code_no_lower_than_0d():
    assert TensionModifiers(edge=1, spotlight=3).apply(DieCode(1, 2)) == (DieCode(0, 2), 2)


def test_no_modifiers_once_a_pitfall_ends_tension_mode():
    state = started().add_bonus("Mara Vell", "dexterity").move(0, +6)
    assert state.over
    assert modifiers_for(state, "Mara Vell", "dexterity") == TensionModifiers()


def test_an_edge_past_twenty_dice_is_refused():
    with pytest.raises(RulesError, match="at most 20 dice"):
        TensionModifiers(edge=2).apply(DieCode(19))


def test_states_stored_before_the_spotlight_waited_still_load():
    data = started().as_dict()
    del data["spotlight_due"]
    assert TensionState.from_dict(data).spotlight_due == 0


def test_a_spotlight_waits_for_the_chosen_first_explorer_when_the_edge_player_chose_one():
    """ "Place a -1d risk penalty onto the first acting player for next round": with a first
    explorer chosen (seat 7), another explorer rolling out of turn does not take the Spotlight."""
    state = started().spin(Spin((1, 2, 3))).spend(Spend(spotlight=2)).next_round()
    state = replace(state, turns=state.turns.choose_first(7, seated={7, 8}))
    assert modifiers_for(state, "Jon Ash", "strength", seat=8) == TensionModifiers()
    assert modifiers_for(state, "Mara Vell", "dexterity", seat=7) == TensionModifiers(spotlight=2)
