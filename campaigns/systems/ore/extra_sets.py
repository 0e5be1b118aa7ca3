"""Each action of a One-Roll Engine roll with its own set, as the cards and the log show it
(seed: "Multiple Actions and Multiple Sets"; the reading: rules/ore/multiple.py, /rules/#ore).
Apart from multiple.py, which reads the sheet through actions.py, so that kind.py imports no
action (actions.py imports kind.py)."""

from __future__ import annotations

from typing import Any

from rules.ore.multiple import assign_sets
from rules.ore.pool import OreRoll


def declared(request: dict[str, Any], label: str) -> list[dict[str, str]]:
    """Every action of the roll, the primary first: (label, what)."""
    primary = {"label": label or "Primary action", "what": request["side"]["what"]}
    return [primary] + [{"label": extra["label"], "what": extra["what"]} for extra in request.get("extras", [])]


def action_sets(request: dict[str, Any], label: str, rolled: OreRoll, difficulty: int) -> list[dict[str, Any]]:
    """Each declared action with the set it takes ("" when it has none and fails); an extra action
    the GM struck as not compatible (request "struck", rules.ore.multiple.strike) takes none."""
    primary, extras = assign_sets(rolled, difficulty, len(request.get("extras", [])))
    struck = set(request.get("struck", ()))
    return [
        action
        | {
            "set": str(found) if found and number not in struck else "",
            "primary": number == 0,
            "number": number,
            "struck": number in struck,
        }
        for number, (action, found) in enumerate(zip(declared(request, label), [primary, *extras], strict=True))
    ]
