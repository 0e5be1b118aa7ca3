"""`>N` and `<N` read as the spelling they come in reads them (/rules/#notation-compare): Roll20's
(a bare success count, `!`, `r`, `ro`) mean "N or more" and "N or less"; Foundry's `cs` and `rr` are
strict. Exact odds held against brute force (every outcome, or the real roller down every tape)."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.dice import ScriptedDice
from rules.notation import chance, distribution, parse, roll
from tests.rules.test_notation import tape_brute

FACES = [7, 10, 3, 6, 9, 1]


def every_outcome(count: int, sides: int, worth) -> dict:
    faces = range(1, sides + 1)
    tally = Counter(worth(outcome) for outcome in itertools.product(faces, repeat=count))
    return {value: Fraction(n, sides**count) for value, n in tally.items()}


@pytest.mark.parametrize(
    ("text", "shown", "counted"),
    [
        ("6d10>7", "6d10>=7", 3),  # Roll20: the 7, the 10 and the 9
        ("6d10cs>7", "6d10cs>7", 2),  # Foundry: the 10 and the 9
        ("6d10<3", "6d10<=3", 2),  # Roll20: the 3 and the 1
        ("6d10cs<3", "6d10cs<3", 1),  # Foundry: the 1
        ("6d10cs>=7", "6d10>=7", 3),
        ("6d10cs7", "6d10=7", 1),  # Foundry's bare number: equal
    ],
)
def test_success_points_count_as_their_spelling_reads(text, shown, counted):
    assert str(parse(text)) == shown
    assert roll(parse(text), ScriptedDice(FACES)).total == counted


@pytest.mark.parametrize(
    ("text", "worth"),
    [
        ("6d10>7", lambda o: sum(f >= 7 for f in o)),
        ("6d10cs>7", lambda o: sum(f > 7 for f in o)),
        ("4d6<3", lambda o: sum(f <= 3 for f in o)),
        ("4d6cs<3", lambda o: sum(f < 3 for f in o)),
        ("4d6cs>=5", lambda o: sum(f >= 5 for f in o)),
    ],
)
def test_success_odds_match_every_outcome(text, worth):
    pool = parse(text).pools[0]
    assert distribution(parse(text)) == every_outcome(pool.count, pool.sides, worth)


def test_the_published_chances_of_one_success_in_six_d10():
    assert chance(parse("6d10>7"), 1) == 1 - Fraction(6, 10) ** 6  # 95.3%
    assert chance(parse("6d10cs>7"), 1) == 1 - Fraction(7, 10) ** 6  # 88.2%


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("d6!>4", "d6!>=4"),
        ("d6!<2", "d6!<=2"),
        ("d6r<2", "d6r<=2"),
        ("d6ro<2", "d6ro<=2"),
        ("d6r>5", "d6r>=5"),
        ("d6rr<3", "d6r<=2"),
        ("d6rr>4", "d6r>=5"),
        ("3d6r<2>4", "3d6r<=2>=4"),
        ("2d6!>5cs>4", "2d6!>=5>=5"),
    ],
)
def test_explode_and_reroll_points_read_as_their_spelling(text, same_as):
    def matched(pool):
        points = {"reroll": pool.reroll, "explode": pool.explode, "success": pool.success}
        return {name: [f for f in pool.faces if point.holds(f)] for name, point in points.items() if point}

    (pool,), (same,) = parse(text).pools, parse(same_as).pools
    assert matched(pool) == matched(same)


@pytest.mark.parametrize("text", ["d6!>4", "2d4!<2", "d6r<2", "2d6ro<2", "d6rr<3", "2d6rr>4", "3d6r<2>4", "2d4!>3cs>2"])
@pytest.mark.usefixtures("small_cap")
def test_the_changed_points_odds_match_the_roller_on_every_tape(text):
    assert distribution(parse(text)) == tape_brute(text)


def test_a_d10_exploding_on_8_or_more_as_on_roll20():
    d10 = parse("d10!>8")
    assert roll(d10, ScriptedDice([8, 9, 2])).total == 19
    assert distribution(d10)[2] == Fraction(1, 10)
    # 11 or more: a 10 (it explodes), a 9 then 2 or more, an 8 then 3 or more; strict (9 and 10) gave 19/100.
    assert chance(d10, 11) == Fraction(10 + 9 + 8, 100)


def test_cs_without_a_number_says_how_to_write_it():
    with pytest.raises(Exception, match=r"needs a number after cs, e.g. 6d10cs>7"):
        parse("6d10cs")
