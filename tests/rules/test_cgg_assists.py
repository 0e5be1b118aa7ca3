import pytest

from rules import RulesError
from rules.cgg.assists import Assist, BuiltCode, gear_code
from rules.cgg.codes import DieCode, parse_code


@pytest.mark.parametrize(
    ("line", "code"),
    [("Armour jacket 3d", DieCode(3)), ("Shield 2D+1", DieCode(2, 1)), ("Scanner", None), ("Rope, 30 m", None)],
)
def test_gear_lines_carry_a_code_at_their_end(line, code):
    assert gear_code(line) == code


def test_a_gear_line_with_a_broken_code_is_refused():
    with pytest.raises(RulesError, match="Gear Armour: A die code has 0 to 2 pips"):
        gear_code("Armour 3d+3")


def built(base, *codes, bonus_pips=0):
    assists = tuple(Assist(f"assist {n}", parse_code(code)) for n, code in enumerate(codes))
    return BuiltCode(parse_code(base), assists, bonus_pips)


@pytest.mark.parametrize(
    ("base", "codes", "bonus_pips", "expected"),
    [
        ("2d", ["3d"], 0, "3d+2"),  # Strength 2d in 3d armour
        ("2d", ["3d+1"], 0, "4d"),  # in 3d+1 armour
        ("2d", ["3d", "2d"], 0, "4d+1"),  # jacket and shirt, all at once (one after the other: 3d+2)
        ("2d", [], 3, "3d"),  # +3 BP and 2d
        ("2d", [], 5, "3d+2"),  # +5 BP and 2d
        ("2d", ["3d"], 2, "4d+1"),  # 3d+2, then +2 BP
    ],
)
def test_built_codes_follow_the_seed(base, codes, bonus_pips, expected):
    assert str(built(base, *codes, bonus_pips=bonus_pips).code) == expected


@pytest.mark.parametrize("bonus_pips", [-1, 31])
def test_bonus_pips_out_of_range_are_refused(bonus_pips):
    with pytest.raises(RulesError, match="Bonus pips are 0 to 30"):
        built("2d", bonus_pips=bonus_pips)


def test_past_the_biggest_code_is_refused():
    with pytest.raises(RulesError, match="at most 20 dice"):
        built("20d", "3d")
