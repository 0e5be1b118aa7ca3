"""Extra actions declared with a One-Roll Engine roll (seed: "Multiple Actions and Multiple Sets";
the readings are in rules/ore/multiple.py and on /rules/#ore).

The roll form names up to two extra actions, each a stat or a skill of the same
character with a label; each must have a pool (stat + skill) at least the primary's, checked
before anything is rolled (rules.ore.contest.check_extra_actions). The roll then gives each
action its own set (campaigns/systems/ore/extra_sets.py), shown on the card and in the log."""

from __future__ import annotations

from typing import Any

from campaigns.systems.ore.actions import side_for
from rules.errors import RulesError
from rules.ore.contest import check_extra_actions
from rules.ore.sheet import STATS


def _pool(side: dict[str, Any]) -> int:
    """The seed's "dice pool": stat + skill dice, before bonus and penalty dice."""
    return side["normal"] + side["hard"] + side["wiggle"] + side["dropped"]


def declare(character, stat: str, skill: str, wanted: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The extra actions (what, label) the player named, each with its pool; a RulesError names
    an unknown skill or a pool smaller than the primary's."""
    primary_side = side_for(character, stat, skill)
    primary = _pool(primary_side)
    extras = []
    for number, (what, label) in enumerate(wanted, 1):
        what = what.strip()
        if not what:
            continue
        side = side_for(character, what) if what in STATS else side_for(character, "", what)
        extras.append({"label": label.strip() or f"Extra action {number}", "what": side["what"], "pool": _pool(side)})
    for extra in extras:  # the refusal names both pools (the seed's rule: rules.ore.contest)
        if extra["pool"] < primary:
            raise RulesError(
                f"{extra['what']} ({extra['pool']} dice) is smaller than {primary_side['what']} ({primary} dice): "
                "an extra action needs a dice pool (stat + skill) at least as large as the primary action's."
            )
    check_extra_actions(primary, [extra["pool"] for extra in extras])
    return extras
