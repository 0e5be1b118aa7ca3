"""Centaurus Gate (seed: centaurus-gate.txt): die codes, the risk roll, the
Exec's secret difficulty, Venture, the Crisis Clock, stunts, leverage,
fallout, conditions, tension mode and advancement."""

from rules.cgg.action import RULES
from rules.cgg.settings import SETTINGS
from rules.cgg.sheet import validate_sheet
from rules.system import System

SYSTEM = System(
    key="cgg",
    name="Centaurus Gate",
    summary="d6 die codes, Venture, the Exec's secret d10 difficulty and the Crisis Clock.",
    roll=RULES,
    settings=SETTINGS,
    sheet_validator=validate_sheet,
)
