import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError
from rules.cgg.codes import DieCode, combine, parse_code

# The seed's pips table, every row.
PIPS_TABLE = {
    0: "0d", 1: "0d+1", 2: "0d+2", 3: "1d", 4: "1d+1", 5: "1d+2", 6: "2d", 7: "2d+1", 8: "2d+2", 9: "3d",
    10: "3d+1", 11: "3d+2", 12: "4d", 13: "4d+1", 14: "4d+2", 15: "5d", 16: "5d+1", 17: "5d+2", 18: "6d",
    19: "6d+1", 20: "6d+2", 21: "7d", 22: "7d+1", 23: "7d+2", 24: "8d", 25: "8d+1", 26: "8d+2", 27: "9d",
    28: "9d+1", 29: "9d+2", 30: "10d",
}  # fmt: skip


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
    ],
)
def test_combining_codes_follows_the_seed(codes, expected):
    assert str(combine(*(parse_code(code) for code in codes))) == expected


@given(st.integers(0, 60))
def test_property_pips_round_trip(pips):
    assert DieCode.from_pips(pips).total_pips == pips
    assert parse_code(str(DieCode.from_pips(pips))) == DieCode.from_pips(pips)
