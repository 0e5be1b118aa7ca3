import pytest

from rules import RulesError
from rules.zener.tables import TABLES, assistants_index


@pytest.mark.parametrize(
    ("key", "value", "index"),
    [
        ("weight", 30, 10),
        ("weight", 60, 17),
        ("weight", 12, 1),
        ("distance", 1, 0),
        ("distance", 100, 20),
        ("distance", 5, 7),
        ("size", 1, 0),
        ("size", 1000, 10),
        ("scaling", 1000, 3),
        ("time", 10, 4),
        ("time", 0.75, -1),
        ("delicacy", 0.001, 2),
        ("size", 1e6, 17),
        ("size", 250e6, 25),
        ("size", 12000, 14),
        ("time", 0.05, -6),
        ("delicacy", 1e-12, 19),
        ("delicacy", 1e-16, 25),
    ],
)
def test_value_to_index_follows_the_seed(key, value, index):
    assert TABLES[key].index(value) == index


@pytest.mark.parametrize("key", ["weight", "distance", "size", "scaling", "time", "delicacy"])
def test_both_ways_round_trip(key):
    table = TABLES[key]
    for index in range(table.low, table.high + 1):
        prefix, value = table.row(index)
        # The time chart's "< x 0.1" row has a bound, not a value: a time under it reads as that row.
        assert table.index(value / 2 if prefix else value) == index


def test_off_the_table_is_refused():
    with pytest.raises(RulesError, match="off the table"):
        TABLES["time"].value(20)
    with pytest.raises(RulesError, match="off the table"):
        TABLES["distance"].index(10**9)
    with pytest.raises(RulesError, match="off the table"):
        TABLES["size"].index(1e9)  # 1,000 km²: past 250 km² by more than half a step
    with pytest.raises(RulesError, match="off the table"):
        TABLES["delicacy"].value(26)
    with pytest.raises(RulesError, match="not one value"):
        TABLES["time"].value(-6)
    with pytest.raises(RulesError, match="positive"):
        TABLES["weight"].index(0)


def test_assistants():
    assert [assistants_index(n) for n in (0, 1, 3, 7, 12, 117)] == [0, 1, 2, 3, 4, 14]
    assert assistants_index(3, levels_below=2) == 1  # one step down per level further below
    with pytest.raises(RulesError, match="off the table"):
        assistants_index(500)
