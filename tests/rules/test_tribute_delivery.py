"""Tribute Alpha: a Match delivers the effect as a Win does (docs/tribute-rules.md, "Not
played yet"), and the campaign's effective range of attribute ranks ("Attribute Ranks")."""

import itertools
from fractions import Fraction

import pytest

from rules import RulesError
from rules.tribute import SYSTEM
from rules.tribute.roll import RULES, Outcome, Test, TestRoll, TestSpec, chances


def delivered_by_brute_force(spec: TestSpec, opposition: int) -> Fraction:
    faces = range(1, spec.die_size + 1)
    hits = total = 0
    for focus in itertools.product(faces, repeat=spec.focus):
        for burden in itertools.product(faces, repeat=spec.burden):
            total += 1
            hits += TestRoll(spec, focus, burden).outcome(opposition) is not Outcome.FAIL
    return Fraction(hits, total)


@pytest.mark.parametrize(
    ("spec", "opposition"),
    [(TestSpec(1, 1, 6), 0), (TestSpec(3, 2, 6, rank=1), 2), (TestSpec(2, 3, 4, rank=-1), 0), (TestSpec(2, 2, 8), 3)],
)
def test_a_match_or_a_win_delivers_the_effect_exactly(spec, opposition):
    exact = delivered_by_brute_force(spec, opposition)
    found = chances(spec, opposition)
    assert found.delivered == found.win + found.match == exact
    assert RULES.odds(Test(spec, opposition)) == exact


def test_the_unmodified_d6_test_delivers_7_times_in_12():
    # 1 FOCUS and 1 BURDEN d6 against 0: a Win 15/36, a Match 6/36, so the effect 21/36.
    assert chances(TestSpec(1, 1, 6), 0).delivered == Fraction(7, 12)


def test_a_match_resolves_as_a_success_with_its_own_grade():
    done = RULES.resolve(Test(TestSpec(1, 1, 6), 0), (4, 4))
    assert (done.success, done.grade) == (True, "Match")
    assert RULES.resolve(Test(TestSpec(1, 1, 6), 0), (3, 4)).success is False


def test_the_effective_range_is_a_campaign_setting_and_the_sheet_keeps_to_it():
    settings = SYSTEM.validate_settings({"attribute_range": 5})
    assert settings["attribute_range"] == 5
    assert SYSTEM.default_settings()["attribute_range"] == 99  # the widest, as before
    assert SYSTEM.validate_sheet({"attributes": {"Might": -5}}, settings)["attributes"]["Might"] == -5
    with pytest.raises(RulesError, match="Might's rank is between -5 and 5 in this campaign"):
        SYSTEM.validate_sheet({"attributes": {"Might": 6}}, settings)
    with pytest.raises(RulesError, match="Effective range of attribute ranks must be one of"):
        SYSTEM.validate_settings({"attribute_range": 7})
