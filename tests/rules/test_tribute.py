"""Tribute Alpha: tests, exact odds against brute force and seeded rolls, effects."""

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.dice import ScriptedDice, SeededDice
from rules.tribute import SYSTEM
from rules.tribute.effects import Assignment, Effect, Feature, assign
from rules.tribute.roll import (
    Outcome,
    TestRoll,
    TestSpec,
    chances,
    joint,
    opposed_chances,
    result_distribution,
    roll_test,
)


def test_an_unmodified_test():
    rolled = roll_test(TestSpec(focus=1, burden=1, die_size=6, rank=2), ScriptedDice([5, 3]))
    assert (rolled.focus_die, rolled.burden_die, rolled.result) == (5, 3, 4)
    assert [rolled.outcome(o) for o in (3, 4, 5)] == [Outcome.WIN, Outcome.MATCH, Outcome.FAIL]


def test_the_highest_dice_are_used_and_the_others_make_profit_and_waste():
    # FOCUS 6, 4, 6, 2 against BURDEN 4, 6: focus die 6, burden die 6.
    rolled = TestRoll(TestSpec(4, 2, 6), (6, 4, 6, 2), (4, 6))
    assert (rolled.focus_index, rolled.burden_index, rolled.result) == (0, 1, 0)
    assert rolled.profit(Outcome.MATCH) == 1  # the other 6 meets the BURDEN die
    assert rolled.waste(Outcome.MATCH) == 0  # the other BURDEN die (4) does not reach 6
    assert rolled.profit(Outcome.FAIL) == rolled.waste(Outcome.FAIL) == 0


def test_both_profit_and_waste_when_the_highest_are_equal():
    rolled = TestRoll(TestSpec(3, 3, 8), (5, 5, 1), (5, 5, 2))
    assert (rolled.profit(Outcome.WIN), rolled.waste(Outcome.WIN)) == (1, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"focus": 0, "burden": 1, "die_size": 6}, "1 to 6 FOCUS"),
        ({"focus": 7, "burden": 1, "die_size": 6}, "1 to 6 FOCUS"),
        ({"focus": 1, "burden": 0, "die_size": 6}, "1 to 6 BURDEN"),
        ({"focus": 1, "burden": 1, "die_size": 7}, "d4, d6"),
        ({"focus": 1, "burden": 1, "die_size": 6, "rank": 1000}, "rank"),
    ],
)
def test_bad_tests_are_refused(kwargs, message):
    with pytest.raises(RulesError, match=message):
        TestSpec(**kwargs)


def brute(spec: TestSpec, opposition: int) -> Counter:
    counts = Counter()
    faces = range(1, spec.die_size + 1)
    for focus in itertools.product(faces, repeat=spec.focus):
        for burden in itertools.product(faces, repeat=spec.burden):
            rolled = TestRoll(spec, focus, burden)
            got = rolled.outcome(opposition)
            counts[(got, rolled.profit(got), rolled.waste(got))] += 1
    return counts


@pytest.mark.parametrize(
    ("spec", "opposition"),
    [
        (TestSpec(1, 1, 6), 0),
        (TestSpec(3, 2, 6, rank=1), 2),
        (TestSpec(2, 3, 4, rank=-1), 0),
        (TestSpec(4, 1, 8), 5),
        (TestSpec(2, 2, 12, rank=3), 4),
        (TestSpec(1, 4, 6), -2),
    ],
)
def test_joint_odds_equal_brute_force(spec, opposition):
    counts = brute(spec, opposition)
    total = spec.die_size ** (spec.focus + spec.burden)
    assert joint(spec, opposition) == {key: Fraction(n, total) for key, n in counts.items()}


@settings(max_examples=25, deadline=None)
@given(
    focus=st.integers(1, 3),
    burden=st.integers(1, 3),
    size=st.sampled_from([4, 6]),
    rank=st.integers(-3, 3),
    opposition=st.integers(-4, 6),
)
def test_property_odds_equal_brute_force(focus, burden, size, rank, opposition):
    spec = TestSpec(focus, burden, size, rank)
    counts = brute(spec, opposition)
    total = size ** (focus + burden)
    found = chances(spec, opposition)
    assert found.win == Fraction(sum(n for (o, _, _), n in counts.items() if o is Outcome.WIN), total)
    assert found.match == Fraction(sum(n for (o, _, _), n in counts.items() if o is Outcome.MATCH), total)
    assert found.win + found.match + found.fail == 1
    assert sum(found.profit.values()) == sum(found.waste.values()) == 1


def test_known_odds():
    assert chances(TestSpec(1, 1, 6), 0).match == Fraction(1, 6)
    assert chances(TestSpec(1, 1, 6), 0).win == Fraction(15, 36)


def test_result_distribution_and_opposed_tests():
    assert result_distribution(TestSpec(1, 1, 4)) == {
        -3: Fraction(1, 16),
        -2: Fraction(2, 16),
        -1: Fraction(3, 16),
        0: Fraction(4, 16),
        1: Fraction(3, 16),
        2: Fraction(2, 16),
        3: Fraction(1, 16),
    }
    even = opposed_chances(TestSpec(2, 1, 6), TestSpec(2, 1, 6))
    assert even[Outcome.WIN] == even[Outcome.FAIL]
    assert sum(even.values()) == 1
    # brute force for a small opposed test
    a, b = TestSpec(2, 1, 4, rank=1), TestSpec(1, 2, 4)
    wins = total = 0
    faces = range(1, 5)
    for fa in itertools.product(faces, repeat=2):
        for ba in faces:
            for fb in faces:
                for bb in itertools.product(faces, repeat=2):
                    total += 1
                    wins += max(fa) - ba + 1 > fb - max(bb)
    assert opposed_chances(a, b)[Outcome.WIN] == Fraction(wins, total)


def within(seen: int, rolls: int, p: Fraction) -> bool:
    return abs(seen / rolls - float(p)) <= 5 * (float(p) * (1 - float(p)) / rolls) ** 0.5 + 1e-9


def test_seeded_tests_match_the_exact_odds():
    spec, opposition, dice, rolls = TestSpec(3, 2, 8, rank=1), 2, SeededDice(4), 20_000
    seen = Counter()
    for _ in range(rolls):
        rolled = roll_test(spec, dice)
        got = rolled.outcome(opposition)
        seen[(got, rolled.profit(got), rolled.waste(got))] += 1
    for key, p in joint(spec, opposition).items():
        assert within(seen[key], rolls, p), key


# --- effects ---

PUNCH = Effect("Punch", 2, (Feature("damage", 2), Feature("range", 1)), bonuses=("knockback",))


def test_profit_and_waste_land_on_features():
    resolution = assign(PUNCH, profit=2, waste=1, assignment=Assignment(profit={"damage": 2}, waste={"range": 1}))
    assert resolution.ranks == {"damage": 4, "range": 0}


def test_profit_cancels_waste_and_buys_bonus_effects():
    resolution = assign(PUNCH, 3, 1, Assignment(cancelled=1, bonuses=("knockback",), profit={"damage": 1}))
    assert (resolution.ranks, resolution.bonuses, resolution.unused_profit) == (
        {"damage": 3, "range": 1},
        ("knockback",),
        0,
    )


def test_an_effect_without_features_takes_them_itself():
    assert assign(Effect("Shove", 3), 1, 0, Assignment(profit={"Shove": 1})).ranks == {"Shove": 4}


@pytest.mark.parametrize(
    ("profit", "waste", "assignment", "message"),
    [
        (1, 0, Assignment(profit={"damage": 2}), "assigns 2 Profit"),
        (0, 2, Assignment(waste={"range": 1}), "All 2 Waste must land"),
        (4, 0, Assignment(profit={"damage": 4}), "beyond 5"),
        (0, 2, Assignment(waste={"range": 2}), "below 0"),
        (1, 0, Assignment(profit={"speed": 1}), "no feature called speed"),
        (1, 0, Assignment(bonuses=("fire",)), "no bonus effect"),
        (1, 1, Assignment(cancelled=2), "at most 1"),
    ],
)
def test_bad_assignments_are_refused(profit, waste, assignment, message):
    with pytest.raises(RulesError, match=message):
        assign(PUNCH, profit, waste, assignment)


def test_effect_ranks_are_checked():
    with pytest.raises(RulesError, match="1 to 5"):
        Effect("Doom", 6)
    with pytest.raises(RulesError, match="0 to 5"):
        Feature("damage", 6)


# --- the sheet ---


def test_sheet_uses_the_campaigns_attributes():
    tribute = SYSTEM
    sheet = tribute.validate_sheet({"attributes": {"Grit": 2}}, {"attributes": ["Grit", "Guile"]})
    assert sheet["attributes"] == {"Grit": 2, "Guile": 0}
    with pytest.raises(RulesError, match="no attribute called Might"):
        tribute.validate_sheet({"attributes": {"Might": 1}}, {"attributes": ["Grit"]})
    with pytest.raises(RulesError, match="rank is 1 to 5"):
        tribute.validate_sheet({"effects": [{"name": "Doom", "rank": 9}]})
    with pytest.raises(RulesError, match="whole number"):
        tribute.validate_sheet({"attributes": {"Might": "high"}})


def test_an_effect_line_reads_every_part_or_names_the_one_it_cannot():
    from rules.tribute.effects import parse_effect_line

    assert parse_effect_line("Punch 2 | damage 2, range 1 | knockback") == {
        "name": "Punch",
        "rank": 2,
        "features": [{"name": "damage", "rank": 2}, {"name": "range", "rank": 1}],
        "bonuses": ["knockback"],
    }
    assert parse_effect_line("Big Shout 3 ||") == {"name": "Big Shout", "rank": 3, "features": [], "bonuses": []}
    for line, part in (
        ("Punch 2 | damage 2 | knockback | extra", "extra"),
        ("Punch", "Punch"),
        ("Punch 2 | damage", "damage"),
        ("Punch 2 | a 1,,b 2", "a 1,,b 2"),
    ):
        with pytest.raises(RulesError, match=re.escape(f"'{line}': '{part}'")):
            parse_effect_line(line)


def test_an_effect_line_with_a_part_the_grammar_does_not_allow_is_refused_naming_it():
    """Play-test: `Punch 2 | damage 2; range 1` saved a feature "damage 2; range" at
    rank 1. Names are words (letters, digits, spaces, ' - . ( ) & /): a separator the line does
    not use is refused, naming the part and saying which separator to use."""
    from rules.tribute.effects import parse_effect_line

    for line, part in (
        ("Punch 2 | damage 2; range 1", "damage 2; range 1"),
        ("Punch 2 | damage: 2", "damage: 2"),
        ("Punch; Kick 2", "Punch; Kick 2"),
        ("Punch 2 | damage 2 | knockback; stun", "knockback; stun"),
    ):
        with pytest.raises(RulesError, match=re.escape(f"'{line}': '{part}'")) as refused:
            parse_effect_line(line)
        assert "separate" in str(refused.value) or "letters" in str(refused.value)
    assert parse_effect_line("Lady's Grip (left) 2 | reach-out 1, A/B 2")["features"][1] == {"name": "A/B", "rank": 2}
