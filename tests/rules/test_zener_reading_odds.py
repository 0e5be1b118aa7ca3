"""The odds the Zener rules page and settings print beside each reading, counted again here face by face
(#zener-language-roll, #zener-plus-fifteen, #zener-immersion-odds); the whole printed Assistants Table against
`assistants_index` (#zener-assistants); and what a disadvantage takes off a check it bears on
(#zener-disadvantage-penalty)."""

from fractions import Fraction
from itertools import product

import pytest

from campaigns.systems.zener.templatetags.zener import chance_words, zener_reading_odds
from rules.errors import RulesError
from rules.zener import SYSTEM
from rules.zener.checks import chance_of_success
from rules.zener.disadvantages import bearing, sheet_disadvantages
from rules.zener.languages import LANGUAGE_AS_STAT, RANK_MODIFIER, language_check
from rules.zener.radiation import TRANSITION_AS_BONUS, transition_check
from rules.zener.stats import foundation
from rules.zener.tables import assistants_index


def ways(dice: int) -> dict[int, int]:
    """How many of the 6**dice rolls give each total, one die at a time."""
    counts = {0: 1}
    for _ in range(dice):
        after: dict[int, int] = {}
        for total, n in counts.items():
            for face in range(1, 7):
                after[total + face] = after.get(total + face, 0) + n
        counts = after
    return counts


def at_most(dice: int, target: int) -> Fraction:
    """P(dice d6 at or under target), with the impossible-chance rule applied by hand: one die and 2 more
    while the target is under the dice."""
    while target < dice:
        dice, target = dice + 1, target + 2
    return Fraction(sum(n for total, n in ways(dice).items() if total <= target), 6**dice)


def test_the_counting_agrees_with_every_face():
    for dice in (3, 4, 5):
        for target in range(dice, 6 * dice + 1):
            faces = list(product(range(1, 7), repeat=dice))
            assert at_most(dice, target) == Fraction(sum(1 for f in faces if sum(f) <= target), len(faces))


@pytest.mark.parametrize("lan", [8, 10, 12, 14])
@pytest.mark.parametrize("ranks", [0, 1, 2, 3])
def test_a_language_roll_either_way(lan, ranks):
    assert chance_of_success(language_check(lan, ranks)) == at_most(3, ranks + foundation(lan))
    assert chance_of_success(language_check(lan, ranks, reading=LANGUAGE_AS_STAT)) == at_most(
        4, lan - RANK_MODIFIER[ranks]
    )


def test_the_settings_help_names_the_counted_odds():
    assert at_most(3, 1 + foundation(10)) == Fraction(56, 216)  # 25.9%: LAN 10, 1 rank, as a skill
    assert at_most(4, 10 - 10) == Fraction(1, 1_679_616)  # literally: 4d6 + 10 at or under 10
    assert at_most(3, 3 + foundation(10)) == Fraction(1, 2)  # native, as a skill
    assert float(at_most(4, 10)) == pytest.approx(0.159, abs=0.0005)  # native, literally
    assert at_most(4, 20 - 15) == Fraction(5, 1296)  # the transition at CON 20: 0.39%
    assert at_most(4, 10 - 15) == Fraction(1, 13_060_694_016)  # CON 10
    help_texts = " ".join(setting.help_text for setting in SYSTEM.settings)
    for words in ("25.9%", "1 in 1,679,616", "50%", "15.9%", "0.39%", "1 in 13,060,694,016"):
        assert words in help_texts


def test_the_rules_page_tables_are_the_counted_odds():
    odds = zener_reading_odds()
    for lan, skill, literal in odds["language"]:
        assert skill == [chance_words(at_most(3, ranks + foundation(lan))) for ranks in range(4)]
        assert literal == [chance_words(at_most(4, lan - RANK_MODIFIER[ranks])) for ranks in range(4)]
    for con, penalty, bonus in odds["transition"]:
        assert (penalty, bonus) == (chance_words(at_most(4, con - 15)), chance_words(at_most(4, con + 15)))
        assert chance_of_success(transition_check(con, TRANSITION_AS_BONUS)) == at_most(4, con + 15)
    for lan, bonus, penalty in odds["learning"]:
        assert bonus == [chance_words(at_most(4, lan + RANK_MODIFIER[ranks])) for ranks in range(3)]
        assert penalty == [chance_words(at_most(4, lan - RANK_MODIFIER[ranks])) for ranks in range(3)]
    assert odds["transition"][-1] == (20, "0.39%", "100%")
    assert odds["language"][1][1][1] == "25.9%"
    assert odds["language"][1][2][1] == "1 in 1,679,616"


# The seed's Assistants Table, as printed: each row's bonus, then the counts at skill -1, -2, -3 and -4.
ASSISTANTS_TABLE = """
0 None @ skill -1 1 @ skill -2 2-3 @ skill -3 4-7 @ skill -4
1 1 @ skill -1 2-3 @ skill -2 4-7 @ skill -3 8-12 @ skill -4
2 2-3 @ skill -1 4-7 @ skill -2 8-12 @ skill -3 13-18 @ skill -4
3 4-7 @ skill -1 8-12 @ skill -2 13-18 @ skill -3 19-25 @ skill -4
4 8-12 @ skill -1 13-18 @ skill -2 19-25 @ skill -3 26-33 @ skill -4
5 13-18 @ skill -1 19-25 @ skill -2 26-33 @ skill -3 34-42 @ skill -4
6 19-25 @ skill -1 26-33 @ skill -2 34-42 @ skill -3 43-52 @ skill -4
7 26-33 @ skill -1 34-42 @ skill -2 43-52 @ skill -3 53-63 @ skill -4
8 34-42 @ skill -1 43-52 @ skill -2 53-63 @ skill -3 64-75 @ skill -4
9 43-52 @ skill -1 53-63 @ skill -2 64-75 @ skill -3 76-88 @ skill -4
10 53-63 @ skill -1 64-75 @ skill -2 76-88 @ skill -3 89-102 @ skill -4
11 64-75 @ skill -1 76-88 @ skill -2 89-102 @ skill -3 103-117 @ skill -4
12 76-88 @ skill -1 89-102 @ skill -2 103-117 @ skill -3 118-133 @ skill -4
13 89-102 @ skill -1 103-117 @ skill -2 118-133 @ skill -3 134-150 @ skill -4
14 103-117 @ skill -1 118-133 @ skill -2 134-150 @ skill -3 151-168 @ skill -4
"""


def test_every_cell_of_the_printed_assistants_table():
    checked = 0
    for line in ASSISTANTS_TABLE.strip().splitlines():
        bonus, _, cells = line.partition(" ")
        for level, cell in enumerate(cells.split(" @ skill -")[:4], start=1):
            counts = cell.split()[-1]
            if counts == "None":
                continue
            low, _, high = counts.partition("-")
            for count in range(int(low), int(high or low) + 1):
                assert assistants_index(count, level) == int(bonus), (count, level)
                checked += 1
    assert checked > 400
    assert assistants_index(4, 3) == 1  # four weak assistants: the row's "4-7 @ skill -3"
    assert assistants_index(1, 3) == 0  # below the table's first row: no bonus
    with pytest.raises(RulesError, match="at skill −1 it counts up to 117"):
        assistants_index(118, 1)


def test_a_disadvantage_bears_on_the_skills_and_stats_it_names():
    listed = sheet_disadvantages(
        [
            {"name": "Poor at Mathematics", "points": 2, "ranks": 2, "bears_on": ["Mathematics", "theo"]},
            {"name": "Bad Temper", "points": 1, "ranks": 1},
        ],
        10,
    )
    assert listed[0]["bears_on"] == ["Mathematics", "THEO"]
    assert "bears_on" not in listed[1]
    assert bearing(listed, skill="Mathematics", stat="PRAC") == [("Poor at Mathematics", 2, 4)]
    assert bearing(listed, skill="", stat="THEO") == [("Poor at Mathematics", 2, 4)]  # a stat check on THEO
    assert bearing(listed, skill="Pilot", stat="PRAC") == []
    assert bearing(listed, skill="Pilot", stat="PRAC", also="bad temper") == [("Bad Temper", 1, 2)]
    with pytest.raises(RulesError, match="no disadvantage called Vertigo"):
        bearing(listed, skill="Pilot", stat="PRAC", also="Vertigo")
    with pytest.raises(RulesError, match="named once"):
        sheet_disadvantages([{"name": "Lame", "points": 2, "ranks": 1, "bears_on": ["NIM", "nim"]}], 10)
