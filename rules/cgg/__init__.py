"""Centaurus Gate (seed: centaurus-gate.txt). Its rules arrive with issue 3."""

from rules.system import System

SYSTEM = System(
    key="cgg",
    name="Centaurus Gate",
    summary="d6 die codes, Venture, the Exec's secret d10 difficulty and the Crisis Clock.",
)
