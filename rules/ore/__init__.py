"""The One-Roll Engine (seed: one-roll-engine.txt): d10 pools read as sets,
width x height, hard and wiggle dice, difficulty, penalty dice, dynamic contests."""

from rules.ore.pool import RULES
from rules.ore.sheet import validate_sheet
from rules.system import System

SYSTEM = System(
    key="ore",
    name="One-Roll Engine",
    summary="Pools of d10s read as sets, width x height, with hard and wiggle dice.",
    roll=RULES,
    sheet_validator=validate_sheet,
)
