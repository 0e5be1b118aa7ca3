"""Zener Gate languages (seed: "Languages", "Starting Languages", "In-game language usage",
"In-game language acquisition & improvement"), with the seed's 1920s Spanish and 16th-century
French examples as written."""

import pytest

from rules.errors import RulesError
from rules.zener.languages import (
    LANGUAGE_AS_STAT,
    aspects,
    era_ranks,
    immersion,
    language_budget,
    language_check,
    language_points,
    language_ranks,
    learning_check,
    rank_name,
    sheet_language,
    starting_cost,
)
from rules.zener.sheet import validate_sheet

SPANISH_1920S = {"spoken": 3, "heard": 2, "written": 1, "read": 1}


def test_one_aspect_bought_gives_the_others_1920s_spanish():
    """Seed: "They automatically get 1 rank less in the other part of the natural pair and 2 ranks less in
    the others." The example, 1920s Spanish: Spoken 3, Heard 2, Written 1, Read 1."""
    assert aspects("spoken", 3) == SPANISH_1920S
    assert aspects("read", 1) == {"spoken": 0, "heard": 0, "written": 0, "read": 1}  # never below 0 ranks
    assert [rank_name(r) for r in (3, 2, 1, 0)] == ["colloquial", "functional", "conversational", "marginal"]
    with pytest.raises(RulesError, match="spoken, heard, written or read"):
        aspects("sung", 2)


def test_1920s_spanish_in_wwii_spain_and_1960s_cuba():
    """Seed: WWII Spain is "1 era difference ... Perhaps -0.25 ranks. So effectively, he has 2 ranks in Spoken,
    and 1 rank in the other aspects"; 1960s Cuba, 2 eras, "about the same change ... the same ranks"."""
    spain = era_ranks(SPANISH_1920S, 0.25)
    assert spain == {"spoken": 2, "heard": 1, "written": 1, "read": 1}
    assert era_ranks(SPANISH_1920S, 0.5, eras=2) == spain  # 2 eras, about the same change
    assert era_ranks(SPANISH_1920S, 0) == SPANISH_1920S
    assert era_ranks({"spoken": 0, "heard": 0, "written": 0, "read": 0}, 0.5)["spoken"] == 0
    with pytest.raises(RulesError, match=r"0 to 0\.5 ranks an era"):
        era_ranks(SPANISH_1920S, 0.75, eras=1)


def test_language_rolls_as_skill_checks():
    """The default reading: "the system is modeled on the skills system", 3d6 at or under ranks + LAN foundation
    (LAN 12: 8); a related language +2 (the French example), and an era's lost rank is its "-1"."""
    assert [language_check(12, ranks).target for ranks in (0, 1, 2, 3)] == [8, 9, 10, 11]
    assert language_check(12, 1).dice == 3
    assert language_check(12, 0, related=1).target == 10
    assert language_check(12, 1, modifier=-3).target == 6  # the GM's modifier, a bonus as on any check
    with pytest.raises(RulesError):
        language_check(12, 4)


def test_language_rolls_as_the_literal_lan_check():
    """Seed: "Zero ranks gives a modifier of +15, one rank gives +10, two gives +5, and three gives +0" --
    on a LAN check, whose modifier the seed adds to the 4d6: 4d6 at or under LAN - 15 at 0 ranks."""
    assert [language_check(12, ranks, reading=LANGUAGE_AS_STAT).target for ranks in (0, 1, 2, 3)] == [-3, 2, 7, 12]
    assert language_check(12, 1, reading=LANGUAGE_AS_STAT).dice == 4
    assert language_check(12, 0, related=1, reading=LANGUAGE_AS_STAT).target == -1
    with pytest.raises(RulesError):
        language_check(12, 4, reading=LANGUAGE_AS_STAT)


def test_16th_century_french_among_napoleonic_troops():
    """Seed: 1 rank of 16th-century French among troops speaking 18th-century French (1 era): "12 hours of
    exposure ... would suffice to add a rank", but first "6 hours (1 rank) adjusting his 'ear'" and "a LAN check
    at +15"; then the 12-hour interval."""
    assert immersion(None) == (3, 0)  # 3 hours acquires the local language at 0 ranks
    assert immersion(0) == (6, 1)
    assert immersion(1) == (12, 2)  # his next rank of French: 12 hours
    assert immersion(2) == (24, 3)
    assert immersion(1, era_steps=1) == (6, None)  # first the ear: 6 hours, then a LAN check at +15
    assert learning_check(12, 0).target == 27  # the ear's check "at +15", a bonus (rules.zener.immersion)
    with pytest.raises(RulesError, match="already 3 ranks"):
        immersion(3)


def test_starting_languages():
    """Seed: "For every 5 points in the INT stat ... one free language ... at one rank in one aspect"; the native
    language at 3 ranks in all four, each rank given up is two points; "ranks equal to their LAN"; 1 point buys a
    language at 0 ranks, each further point a rank."""
    assert language_points(intelligence=14, lan_skill=2, native_given_up=0) == {"free": 2, "points": 2}
    assert language_points(intelligence=15, lan_skill=1, native_given_up=2) == {"free": 3, "points": 5}


def _language(line: str) -> dict:
    name, era, aspect, ranks = line.split("/")
    return sheet_language({"name": name, "era": era, "aspect": aspect, "ranks": int(ranks)})


ENGLISH = {"name": "English", "era": "2020s", "aspect": "native"}


def test_the_native_language_is_free_at_3_ranks_and_each_rank_given_up_is_2_points():
    """Seed: "their native language for free, 3 ranks in all four disciplines. However, for each rank that they
    reduce one of these values, a character gets two to use in purchasing other languages"."""
    native = sheet_language(ENGLISH)
    assert language_ranks(native) == {"spoken": 3, "heard": 3, "written": 3, "read": 3}
    assert starting_cost(native) == 0
    reduced = sheet_language(ENGLISH | {"aspects": {"written": 2, "read": 1}})
    assert language_ranks(reduced) == {"spoken": 3, "heard": 3, "written": 2, "read": 1}
    budget = language_budget([reduced], intelligence=4, skills=[])
    assert (budget.free, budget.given_up, budget.points, budget.spent) == (0, 3, 6, 0)
    with pytest.raises(RulesError, match="native written is 0 to 3"):
        sheet_language(ENGLISH | {"aspects": {"written": 4}})


def test_1_point_buys_a_language_at_0_ranks_and_each_further_point_a_rank():
    """Seed: "It costs 1 point to buy a language skill at 0 ranks in all four aspects, Each additional point spent
    improves one of the aspects by 1 rank"; 1920s Spanish (spoken 3) costs 4."""
    assert [starting_cost(_language(f"Spanish/1920s/spoken/{r}")) for r in (0, 1, 2, 3)] == [1, 2, 3, 4]
    # Ranks learned in play are not bought: 1 for the language at 0 ranks, 1 for each rank.
    assert starting_cost(_language("French/16th century/spoken/1") | {"learned": 1}) == 1
    assert starting_cost(_language("French/16th century/spoken/1") | {"learned": 2}) == 0


def test_free_languages_one_per_5_int_each_at_one_rank():
    """Seed: "For every 5 points in the INT stat, the character may select one free language to have at one rank in
    one aspect." INT 10: two languages at 1 rank cost nothing; a third at 0 ranks costs its 1 point."""
    two = [_language("Spanish/1920s/spoken/1"), _language("Latin/1st century/read/1")]
    assert language_budget(two, intelligence=10, skills=[]).spent == 0
    assert language_budget(two, intelligence=9, skills=[]).spent == 2  # one free language only
    third = [*two, _language("Greek/5th century BC/read/0")]
    assert language_budget(third, intelligence=10, skills=[]).spent == 1
    # A free language covers the first rank of a dearer one: Spanish spoken 3 (4 points) costs 2 more.
    assert language_budget([_language("Spanish/1920s/spoken/3")], intelligence=10, skills=[]).spent == 2


def test_the_lan_skill_pays_its_ranks():
    """Seed: "the character may spend ranks equal to their LAN skill": the ranks of the sheet's skill on LAN."""
    skills = [{"name": "Pilot", "stat": "PRAC", "ranks": 3}, {"name": "Linguist", "stat": "LAN", "ranks": 2}]
    budget = language_budget([_language("Spanish/1920s/spoken/3")], intelligence=10, skills=skills)
    assert (budget.lan_skill, budget.lan_ranks, budget.points, budget.left) == ("Linguist", 2, 2, 0)


SHEET = {"stats": {"LAN": 12}, "int_dice": [3, 3], "skills": []}  # INT 10: two free languages


def test_the_sheet_refuses_overspent_languages_and_says_what_pays():
    spanish = {"name": "Spanish", "era": "1920s", "aspect": "spoken", "ranks": 3}
    with pytest.raises(RulesError, match=r"cost 2 points beyond your 2 free languages .* you have 0"):
        validate_sheet(SHEET | {"languages": [ENGLISH, spanish]})
    given_up = ENGLISH | {"aspects": {"written": 2}}  # one native rank given up: 2 points
    assert validate_sheet(SHEET | {"languages": [given_up, spanish]})["languages"][0]["aspects"]["written"] == 2
    skilled = SHEET | {"skills": [{"name": "Linguist", "breadth": "narrow", "stat": "LAN", "ranks": 2}]}
    assert validate_sheet(skilled | {"languages": [ENGLISH, spanish]})["languages"][1] == spanish
    with pytest.raises(RulesError, match="One native language is free"):
        validate_sheet(SHEET | {"languages": [ENGLISH, ENGLISH | {"name": "Welsh"}]})


def test_a_sheet_without_languages_is_still_valid():
    assert validate_sheet({"stats": {"PRAC": 12}, "int_dice": [3, 3]})["languages"] == []
