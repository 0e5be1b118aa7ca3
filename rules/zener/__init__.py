"""Zener Gate (seed: zener-gate.txt): 3d6 skill checks and 4d6 stat checks rolled
under, impossible chances, derived stats and Karma."""

from rules.system import System
from rules.zener.checks import RULES
from rules.zener.sheet import validate_sheet

SYSTEM = System(
    key="zener",
    name="Zener Gate",
    summary="3d6 and 4d6 roll-under checks, Karma, and the GM's combat tables.",
    roll=RULES,
    sheet_validator=validate_sheet,
)
