"""Dynamic contests and multiple actions (seed: "Dynamic Contests", "Multiple Actions and Multiple Sets").

Interpretations (published on /rules/#ore):
- Each side uses its widest set (highest among equals).
- The wider set acts first; the narrower set then takes effect only if its
  height equals or beats the wider set's height (a Difficulty is met by equal).
- Equal widths: the higher height wins; equal heights too: a tie, both act at once.
- A side with no set fails; the other acts alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RulesError
from rules.ore.pool import Set


@dataclass(frozen=True, slots=True)
class ContestResult:
    first: str | None  # "a", "b", or None for a tie
    second_acts: bool  # whether the side going second still takes effect
    summary: str


def contest(a: Set | None, b: Set | None) -> ContestResult:
    if a is None and b is None:
        return ContestResult(None, False, "Neither side has a set: both fail.")
    if b is None:
        return ContestResult("a", False, "Only the first side has a set.")
    if a is None:
        return ContestResult("b", False, "Only the second side has a set.")
    if a.width != b.width:
        wide, narrow, first = (a, b, "a") if a.width > b.width else (b, a, "b")
        acts = narrow.height >= wide.height
        verdict = "still beats" if acts else "does not beat"
        return ContestResult(first, acts, f"{wide} is wider and goes first; {narrow} {verdict} height {wide.height}.")
    if a.height != b.height:
        first = "a" if a.height > b.height else "b"
        return ContestResult(first, False, "Equal width: the higher set wins.")
    return ContestResult(None, True, "Equal width and height: a tie, both act at once.")


def check_extra_actions(primary_pool: int, extra_pools: list[int], sets: list[Set]) -> None:
    """Extra sets may go to extra actions whose pool is at least the primary's, one set each."""
    if len(extra_pools) > max(0, len(sets) - 1):
        raise RulesError("Each extra action needs its own extra set.")
    if any(pool < primary_pool for pool in extra_pools):
        raise RulesError("An extra action needs a dice pool at least as large as the primary action's.")
