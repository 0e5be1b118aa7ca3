import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError
from rules.cgg.codes import DieCode, combine, parse_code

# The seed's pips table, every row.
PIPS_TABLE = {
    0: "0d",
    1: "0d+1",
    2: "0d+2",
    3: "1d",
    4: "1d+1",
    5: "1d+2",
    6: "2d",
    7: "2d+1",
    8: "2d+2",
    9: "3d",
    10: "3d+1",
    11: "3d+2",
    12: "4d",
    13: "4d+1",
    14: "4d+2",
    15: "5d",
    16: "5d+1",
    17: "5d+2",
    18: "6d",
    19: "6d+1",
    20: "6d+2",
    21: "7d",
    22: "7d+1",
    23: "7d+2",
    24: "8d",
    25: "8d+1",
    26: "8d+2",
    27: "9d",
    28: "9d+1",
    29: "9d+2",
    30: "10d",
}


@pytest.mark.parametrize(("pips", "code"), PIPS_TABLE.items())
def test_pips_table(pips, code):
    assert str(DieCode.from_pips(pips)) == code
    assert parse_code(code).total_pips == pips


@pytest.mark.parametrize("text", ["3d+3", "-1d", "d+2", "100d", "3", "3d+", "3d-1", "", "three"])
def test_malformed_codes_are_refused(text):
    with pytest.raises(RulesError):
        parse_code(text)


def test_pips_out_of_range_explain_themselves():
    with pytest.raises(RulesError, match="3 pips make a die"):
        parse_code("3d+3")
    with pytest.raises(RulesError, match="3 pips make a die"):
        DieCode(2, 5)


def test_parse_ignores_case_and_spaces():
    assert parse_code(" 3D + 2 ") == DieCode(3, 2)


def test_adding_pips_carries_into_dice():
    assert DieCode(2).add_pips(3) == DieCode(3)
    assert DieCode(2).add_pips(5) == DieCode(3, 2)


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        (["3d+1", "2d"], "4d"),  # armour 3d+1 with Strength 2d
        (["2d", "3d"], "3d+2"),  # Strength 2d with 3d armour
        (["3d", "2d", "2d"], "4d+1"),  # jacket, shirt and Strength
        (["2d"], "2d"),
        (["2d", "3d", "2d"], "4d+1"),  # order does not matter
    ],
)
def test_combining_codes_follows_the_seed(codes, expected):
    assert str(combine(*(parse_code(code) for code in codes))) == expected


@pytest.mark.parametrize(
    ("bonus_pips", "code", "expected"),
    [(3, "2d", "3d"), (5, "2d", "3d+2"), (0, "2d", "2d")],  # the seed's special-rule examples
)
def test_bonus_pips_follow_the_seed(bonus_pips, code, expected):
    assert str(combine(parse_code(code), bonus_pips=bonus_pips)) == expected


@pytest.mark.parametrize(("pips", "code"), PIPS_TABLE.items())
def test_pips_table_as_bonus_pips_onto_0d(pips, code):
    # "can also be used for combining codes above": every row is 0d plus that many bonus pips
    assert str(combine(DieCode(0), bonus_pips=pips)) == code


def _by_hand(codes, bonus_pips):
    """The seed's process counted out: keep the highest, every other code's dice one pip each,
    and every three pips one more die."""
    ordered = sorted(codes, key=lambda c: (c.dice, c.pips), reverse=True)
    dice, pips = ordered[0].dice, ordered[0].pips + sum(c.dice for c in ordered[1:]) + bonus_pips
    while pips >= 3:
        dice, pips = dice + 1, pips - 3
    return f"{dice}d+{pips}" if pips else f"{dice}d"


def test_combine_against_brute_force():
    codes = [DieCode(d, p) for d in range(5) for p in range(3)]
    for a in codes:
        for b in codes:
            for c in (None, *codes[::4]):
                for bonus in range(7):
                    chosen = (a, b) if c is None else (a, b, c)
                    assert str(combine(*chosen, bonus_pips=bonus)) == _by_hand(chosen, bonus)


def test_negative_bonus_pips_are_refused():
    with pytest.raises(RulesError, match="Bonus pips"):
        combine(DieCode(2), bonus_pips=-1)


@given(st.integers(0, 60))
def test_property_pips_round_trip(pips):
    assert DieCode.from_pips(pips).total_pips == pips
    assert parse_code(str(DieCode.from_pips(pips))) == DieCode.from_pips(pips)
