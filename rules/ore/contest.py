"""Dynamic contests and multiple actions (seed: "Dynamic Contests", "Multiple Actions and Multiple Sets").

Interpretations (published on /rules/#ore):
- Each side uses its widest set (highest among equals).
- The wider set acts first; the narrower set then takes effect only if its
  height equals or beats the wider set's height (a Difficulty is met by equal).
- Equal widths: the higher height wins; equal heights too: a tie, both act at once.
- A side with no set fails; the other acts alone.
- A height-only contest (the GM's option: "if it doesn't matter who goes first ... just look
  at the height of the rolls; the higher roll wins") takes each side's highest set; equal
  heights are a tie, both act at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RulesError
from rules.ore.pool import HARD_FACE, OreRoll, Set, wiggle_options


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


def height_contest(a: Set | None, b: Set | None) -> ContestResult:
    """The seed's "if it doesn't matter who goes first ... just look at the height of the rolls;
    the higher roll wins" (Dynamic Contests): width plays no part; each side brings its highest set."""
    if a is None and b is None:
        return contest(a, b)
    if a is None or b is None:  # order does not matter here: name no "first" side
        return ContestResult(
            "a" if b is None else "b", False, "Order does not matter: only one side has a set, and it wins."
        )
    if a.height != b.height:
        first, high, low = ("a", a, b) if a.height > b.height else ("b", b, a)
        return ContestResult(first, False, f"Order does not matter: {high} is higher than {low} and wins.")
    return ContestResult(None, True, f"Order does not matter: equal heights ({a.height}), a tie, both act at once.")


def highest_set(rolled: OreRoll) -> Set | None:
    """The roll's highest set (widest among equals): what a height-only contest looks at."""
    return max(rolled.sets, key=lambda s: (s.height, s.width), default=None)


def highest_wiggle(rolled: OreRoll) -> tuple[int, ...]:
    """Wiggle dice that make the highest set they can (for an NPC in a height-only contest)."""
    options = wiggle_options(rolled)
    best = max(options, key=lambda option: (option.made.height, option.made.width), default=None)
    return best.values if best else (HARD_FACE,) * rolled.pool.wiggle


def check_extra_actions(primary_pool: int, extra_pools: list[int], sets: list[Set] | None = None) -> None:
    """Extra sets may go to extra actions whose pool is at least the primary's, one set each
    (seed: "only if your extra action has a dice pool equal to or larger than that of your
    primary action"). At the table the actions are declared before the roll (`sets` None):
    only the pools are checked then, and an extra action left without a set fails
    (rules/ore/multiple.py)."""
    if sets is not None and len(extra_pools) > max(0, len(sets) - 1):
        raise RulesError("Each extra action needs its own extra set.")
    if any(pool < primary_pool for pool in extra_pools):
        raise RulesError("An extra action needs a dice pool at least as large as the primary action's.")
