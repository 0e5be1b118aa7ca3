"""An Aspect called into play on a roll (seed: "Aspects, Attributes and Abilities": "they all
offer free Wrench uses for actions where they can be called into play").

Interpretation (published on /rules/#cgg): the player calls one of the explorer's Aspects into
play with their Wrench uses; every Wrench use on that roll is then free (no hours paid). The
seed sets no count beyond "free Wrench uses", so the Venture rolled and the one-use-per-type
rule (seed: "Venture as a Player's wrench and an Exec's hammer") are the only limits. Whether
the Aspect fits the action is the Exec's call at the table: the card and the log show it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.cgg.venture import Wrench, wrench_hours
from rules.errors import RulesError


def wrench_price(uses: Iterable[Wrench], *, aspect: str, aspects: Sequence[str]) -> int:
    """The hours the Wrench uses cost: none with an Aspect called into play."""
    if not aspect:
        return wrench_hours(uses)
    if aspect not in [name.strip() for name in aspects]:
        raise RulesError(f"'{aspect}' is not one of this explorer's Aspects.")
    return 0
