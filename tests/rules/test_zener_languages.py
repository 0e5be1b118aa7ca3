"""Zener Gate languages (seed: "Languages", "Starting Languages", "In-game language usage",
"In-game language acquisition & improvement"), with the seed's 1920s Spanish and 16th-century
French examples as written."""

import pytest

from rules.errors import RulesError
from rules.zener.languages import (
    aspects,
    era_ranks,
    immersion,
    language_check,
    language_points,
    rank_name,
)

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


def test_language_rolls():
    """Seed: "Zero ranks gives a modifier of +15, one rank gives +10, two gives +5, and three gives +0" --
    on a LAN check, whose modifier the seed adds to the 4d6: 4d6 at or under LAN - 15 at 0 ranks."""
    assert [language_check(12, ranks).target for ranks in (0, 1, 2, 3)] == [-3, 2, 7, 12]
    assert language_check(12, 1).dice == 4
    assert language_check(12, 0, related=1).target == -1  # a related language: +2 (the French example)
    with pytest.raises(RulesError):
        language_check(12, 4)


def test_16th_century_french_among_napoleonic_troops():
    """Seed: 1 rank of 16th-century French among troops speaking 18th-century French (1 era): "12 hours of
    exposure ... would suffice to add a rank", but first "6 hours (1 rank) adjusting his 'ear'" and "a LAN check
    at +15"; then the 12-hour interval."""
    assert immersion(None) == (3, 0)  # 3 hours acquires the local language at 0 ranks
    assert immersion(0) == (6, 1)
    assert immersion(1) == (12, 2)  # his next rank of French: 12 hours
    assert immersion(2) == (24, 3)
    assert immersion(1, era_steps=1) == (6, None)  # first the ear: 6 hours, then a LAN check at +15
    assert language_check(12, 0).target == -3  # the check "at +15"
    with pytest.raises(RulesError, match="already 3 ranks"):
        immersion(3)


def test_starting_languages():
    """Seed: "For every 5 points in the INT stat ... one free language ... at one rank in one aspect"; the native
    language at 3 ranks in all four, each rank given up is two points; "ranks equal to their LAN"; 1 point buys a
    language at 0 ranks, each further point a rank."""
    assert language_points(intelligence=14, lan=11, native_given_up=0) == {"free": 2, "points": 11}
    assert language_points(intelligence=15, lan=9, native_given_up=2) == {"free": 3, "points": 13}
