"""The One-Roll Engine (seed: one-roll-engine.txt). Its sets arrive with issue 5."""

from rules.system import System

SYSTEM = System(
    key="ore",
    name="One-Roll Engine",
    summary="Pools of d10s read as sets, width x height, with hard and wiggle dice.",
)
