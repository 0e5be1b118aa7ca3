"""A One-Roll Engine roll's dice as the log draws them: each set with its dice, the
loose dice apart, and what kind each die is (a hard die's 10, a wiggle die's value, or a wiggle
die still waiting for one). The kinds are the chip kinds of campaigns/templatetags/dice.py."""

from __future__ import annotations

from typing import Any

from rules.ore.pool import HARD_FACE, OreRoll


def _kinds(face: int, count: int, hard: int, wiggle: list[int]) -> list[str]:
    """The kinds of `count` dice showing `face`: the hard dice's 10s, then wiggle dice set there,
    the rest rolled; takes the wiggle dice it uses out of `wiggle`."""
    hard_here = min(count, hard) if face == HARD_FACE else 0
    wiggle_here = min(count - hard_here, wiggle.count(face))
    for _ in range(wiggle_here):
        wiggle.remove(face)
    return ["kept"] * (count - hard_here - wiggle_here) + ["hard"] * hard_here + ["wiggle"] * wiggle_here


def dice_groups(rolled: OreRoll) -> dict[str, Any]:
    """{"sets": [{"size": "3x7", "dice": [(7, "kept"), …]}, …], "loose": [(face, kind), …],
    "waiting": wiggle dice without a value yet}: every die of the roll once."""
    wiggle = list(rolled.wiggle_faces or ())
    sets = [
        {
            "size": str(found),
            "dice": [(found.height, kind) for kind in _kinds(found.height, found.width, rolled.pool.hard, wiggle)],
        }
        for found in rolled.sets
    ]
    loose = [(face, _kinds(face, 1, rolled.pool.hard, wiggle)[0]) for face in rolled.loose]
    waiting = rolled.pool.wiggle if rolled.waiting_for_wiggle else 0
    return {"sets": sets, "loose": loose, "waiting": list(range(waiting))}
