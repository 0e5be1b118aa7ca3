"""Zener Gate (seed: zener-gate.txt). Its checks arrive with issue 6."""

from rules.system import System

SYSTEM = System(
    key="zener",
    name="Zener Gate",
    summary="3d6 and 4d6 roll-under checks, Karma, and the GM's combat tables.",
)
