"""Zener Gate micro-time, ACC initiative and the Range Adjustment table (issue 20, "Combat details")."""

import pytest

from rules import RulesError
from rules.zener.combat import announce_order, range_adjustment, reaction_modifier, size_and_range


@pytest.mark.parametrize(
    ("milliseconds", "modifier"),
    [
        (250, -8),  # seed: "250ms = 4-and-a-sixth ... rounds to x4 ... +2. Subtracting 10 gives a -8 modifier."
        (1000, -6),  # seed: "16 & 2/3, which rounds to x17 ... x10, or +4. Subtracting 10 gives a -6 modifier."
        (60, -10),  # x1: index 0
        (90, -8),  # 1.5 rounds off (half up) to x2
        (150, -8),  # 2.5 rounds off to x3, short of x5: still +2
        (20, -16),  # x0 is under x0.1: the chart's -6
        (600_000, 3),  # x10,000+: the chart's last row, +13
    ],
)
def test_the_nim_reaction_save(milliseconds, modifier):
    assert reaction_modifier(milliseconds) == modifier


def test_a_reaction_needs_some_time():
    with pytest.raises(RulesError, match="milliseconds"):
        reaction_modifier(0)


def test_same_initiative_announces_lowest_res_first():
    order = [("Kai", 4, 9), ("Ren", 3, 9), ("Ash", 6, 9), ("Bo", 1, 5), ("Cy", 2, 5), ("Di", 5, 2)]
    res = {"Kai": 12, "Ren": 8, "Ash": 10, "Bo": 14, "Cy": 14, "Di": 3}
    # Seed ("Micro-Time"): "In sequence of lowest RES to highest, the characters with the same
    # initiative value choose and announce their actions"; equal RES announce together.
    assert announce_order(order, res) == [[["Ren"], ["Ash"], ["Kai"]], [["Bo", "Cy"]]]


@pytest.mark.parametrize(
    ("difference", "adjustment"), [(1, 1), (2, 1), (3, 2), (6, 2), (7, 3), (20, 5), (63, 10), (70, 10)]
)
def test_the_range_adjustment_table(difference, adjustment):
    assert range_adjustment(difference) == adjustment


def test_size_and_range_go_through_the_range_adjustment():
    # Seed ("Target Size Adjustment"): range over size adds the Range Adjustment of the difference
    # (a penalty); range under size subtracts the difference (a bonus).
    assert size_and_range(0, 20) == -5  # a man at 100 m: -5, not -20
    assert size_and_range(-2, 1) == -2  # head and neck at 1.3 m: difference 3 -> +2
    assert size_and_range(4, 1) == 3
    assert size_and_range(0, 0) == 0
