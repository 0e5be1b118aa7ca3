"""Diligence rolls and Ready! (seed: "Diligence Rolls", "Tension Mode" 3. Ready!), with the seed's numbers."""

import pytest

from rules.cgg.codes import DieCode
from rules.cgg.diligence import DILIGENCE_TYPES, Diligence, resolve_diligence
from rules.errors import RulesError


def test_the_seeds_types_map_onto_the_six_attributes():
    assert DILIGENCE_TYPES == {
        "interrogation": "perception",
        "research": "knowledge",
        "analysis": "technical",
        "whitenet": "technical",
        "blacknet": "technical",
        "maneuvers": "dexterity",
    }


def test_sixes_are_discarded_and_the_total_becomes_pips():
    # 3d rolls 6, 4, 4: the six makes no Venture to use and adds nothing; 8 pips = 2d+2,
    # the seed's "Leverage towards Starship Repair: 2d+2".
    result = resolve_diligence(Diligence(DieCode(3)), (6, 4, 4))
    assert (result.total, result.discarded, str(result.leverage)) == (8, 1, "2d+2")


def test_onto_an_existing_code_a_third_rounded_up():
    # 7 pips onto 2d+2: a third of 7, rounded up, is 3 bonus pips: 3d+2.
    result = resolve_diligence(Diligence(DieCode(2, 1), existing=DieCode(2, 2)), (3, 3))
    assert (result.total, result.bonus_pips, str(result.leverage)) == (7, 3, "3d+2")


def test_ready_cue_adds_a_die_to_the_result():
    diligence = Diligence(DieCode(2), ready=True, cue=True)
    assert diligence.code == DieCode(3)
    assert resolve_diligence(diligence, (1, 2, 6)).total == 3


def test_a_cue_is_only_for_ready():
    with pytest.raises(RulesError, match="Ready!"):
        Diligence(DieCode(2), cue=True)


def test_the_faces_must_match_the_dice():
    with pytest.raises(RulesError):
        resolve_diligence(Diligence(DieCode(2)), (1,))
