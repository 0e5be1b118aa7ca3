"""Venture: the player's Wrench uses, then the Exec's Hammer uses
(seed: "Venture as a Player's wrench and an Exec's hammer").

Each use consumes one Venture; at most one use of each type per risk roll;
Wrench uses pay hours off the explorer's Crisis Clock, Hammer uses gain hours.

Interpretation (published on /rules/#cgg): the seed's "Drama or Experience price (see Drama
and Experience below)" has no section of its own; its prices read "pay one"/"gain one", which
the Crisis Clock section defines as hours, and Han Solo's "pays 1 XP" is the Stunts rule's
"pay one". So Drama and Experience are clock hours: there is no separate pool.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from rules.cgg.condition_effects import read_condition
from rules.cgg.conditions import Kind
from rules.errors import RulesError


class _Use:
    """A Venture use's value: (label, hours, effect)."""

    value: tuple[str, int, str]

    @property
    def label(self) -> str:
        return self.value[0]

    @property
    def hours(self) -> int:
        return self.value[1]

    @property
    def effect(self) -> str:
        return self.value[2]


class Wrench(_Use, Enum):
    # value: (label, hours paid, effect)
    THAT_WAS_CLOSE = ("That was close!", 1, "+5 to the risk total.")
    GOTTA_MAKE_IT = ("Gotta make it!", 1, "Remove one Failure.")
    IM_THAT_GOOD = ("I'm that good!", 1, "The Exec re-rolls the failure dice.")
    TIME_TO_GET_SERIOUS = ("Alright, time to get serious.", 2, "+1D to the risk roll for this action.")
    NOT_AS_BAD = ("It's not as bad as I thought.", 2, "Remove one impairment condition until the end of the scene.")


class Hammer(_Use, Enum):
    # value: (label, hours gained, effect)
    EVEN_WORSE = ("It's even worse than that.", 1, "The explorer takes one condition of the Exec's choice.")
    CANT_DO_IT = ("Can't do it!", 1, "+1 Failure.")
    WHY_NOW = ("What? Why now!?", 2, "One piece of notable gear is disabled until the end of the scene.")
    DIDNT_SEE_THAT = ("Didn't see that coming…", 3, "The explorer counts as incapacitated in this action.")


def check_uses(uses: Iterable[Wrench | Hammer], venture: int) -> tuple:
    """The uses, if the Venture covers them and no type repeats."""
    chosen = tuple(uses)
    if len(set(chosen)) != len(chosen):
        raise RulesError("Only one use of each type on a single risk roll.")
    if len(chosen) > venture:
        raise RulesError(f"Each use takes one Venture, and there {'is' if venture == 1 else 'are'} {venture} left.")
    return chosen


def wrench_hours(uses: Iterable[Wrench]) -> int:
    return sum(use.hours for use in uses)


def hammer_hours(uses: Iterable[Hammer]) -> int:
    return sum(use.hours for use in uses)


def missing_subject(use: Wrench | Hammer, name: str, *, conditions: Sequence[str], gear: Sequence[str]) -> str:
    """Why a use has nothing to act on, or "" when it has (a use with no subject
    costs Venture and hours for nothing). "It's not as bad as I thought" removes an impairment
    condition, so it needs one on the sheet: a core condition of the impairment kind, or a
    condition the sheet names in its own words (the app cannot tell its kind, so it counts).
    "What? Why now!?" disables a piece of notable gear, so it needs gear. The other uses act on
    the roll itself. Interpretation published on /rules/#cgg."""
    if use is Wrench.NOT_AS_BAD and not any(_impairment(condition) for condition in conditions):
        return f"{name} has no impairment condition to remove."
    if use is Hammer.WHY_NOW and not any(item.strip() for item in gear):
        return f"{name} has no notable gear to disable."
    return ""


def _impairment(condition: str) -> bool:
    # A custom condition with its code says its kind ("Lucky (PE1)" enhances: rules.cgg.condition_effects).
    known = read_condition(condition).condition
    return bool(condition.strip()) and (known is None or known.kind is Kind.IMPAIRMENT)


def check_subjects(uses: Iterable[Wrench | Hammer], name: str, *, conditions: Sequence[str], gear: Sequence[str]):
    """Refuses a use that has nothing to act on (see missing_subject)."""
    for use in uses:
        if reason := missing_subject(use, name, conditions=conditions, gear=gear):
            raise RulesError(f"{use.label} {reason}")
