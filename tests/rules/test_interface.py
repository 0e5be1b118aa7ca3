"""Every system's rules answer the one interface (rules/system.py, `RollRules`) truthfully:
for each of its examples, every face its dice can show is resolved, and the exact odds
(and the chance of each grade) are the share of those faces, counted.

A system installed later is swept without a line here: the iterable below is the web
side's registry, whose entries are the rules packages' `SYSTEM`s."""

import itertools
from collections import Counter
from fractions import Fraction
from math import prod

import pytest

from campaigns.plugins import registry
from rules.system import Outcome, RollRules

SYSTEMS = [adapter.rules for adapter in registry.installed()]
# Enumerating more faces than this makes the suite slow; an example that needs more is too big.
MAX_FACES = 200_000

EXAMPLES = [
    pytest.param(system.roll, request, id=f"{system.key}-{index}")
    for system in SYSTEMS
    for index, request in enumerate(system.roll.examples)
]


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.key)
def test_every_system_has_the_interface_and_examples(system):
    assert isinstance(system.roll, RollRules)
    assert system.roll.examples


def enumerate_outcomes(rules: RollRules, request) -> tuple[int, int, Counter]:
    """(throws, successes, throws of each grade) over every face of every die."""
    dice = rules.dice(request)
    assert prod(dice) <= MAX_FACES, f"{request} has {prod(dice):,} faces: choose a smaller example"
    successes, grades = 0, Counter()
    for faces in itertools.product(*(range(1, sides + 1) for sides in dice)):
        outcome = rules.resolve(request, faces)
        assert isinstance(outcome, Outcome)
        assert outcome.summary
        successes += outcome.success
        grades[outcome.grade] += 1
    return prod(dice), successes, grades


@pytest.mark.parametrize(("rules", "request_"), EXAMPLES)
def test_odds_are_the_share_of_every_face_that_succeeds(rules, request_):
    thrown, successes, grades = enumerate_outcomes(rules, request_)
    assert rules.odds(request_) == Fraction(successes, thrown)
    graded = {grade: chance for grade, chance in rules.outcomes(request_).items() if chance}
    assert graded == {grade: Fraction(count, thrown) for grade, count in grades.items()}
