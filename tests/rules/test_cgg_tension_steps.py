"""Tension mode's player steps in rules.cgg.tension: the Edge player's bonus once a round, and a
successful action lowering a pitfall once."""

import pytest

from rules.cgg.tension import Bleakness, TensionState
from rules.errors import RulesError


def state():
    return TensionState.start(Bleakness.BAD, players=2).add_pitfall("The reactor blows", 9)


def test_the_edge_player_gives_one_bonus_a_round_the_exec_is_not_counted():
    given = state().add_bonus("Jon", "strength").edge_player_bonus("Mara", "dexterity")
    with pytest.raises(RulesError, match="this round has been given"):
        given.edge_player_bonus("Jon", "dexterity")
    again = given.next_round().edge_player_bonus("Jon", "dexterity")
    assert [(b.explorer, b.attribute) for b in again.bonuses] == [
        ("Jon", "strength"),
        ("Mara", "dexterity"),
        ("Jon", "dexterity"),
    ]
    assert TensionState.from_dict(again.as_dict()) == again


def test_an_action_lowers_a_pitfall_once():
    lowered = state().lower_for(41, 0, 2)
    assert lowered.pitfalls[0].tension == 7
    with pytest.raises(RulesError, match="already lowered"):
        lowered.lower_for(41, 0, 1)
    assert lowered.lower_for(42, 0, 3).pitfalls[0].tension == 4
    with pytest.raises(RulesError):
        lowered.lower_for(43, 0, 4)
    assert TensionState.from_dict(lowered.as_dict()) == lowered
    assert "lowered" not in state().as_dict()  # scenes stored before it read the same
