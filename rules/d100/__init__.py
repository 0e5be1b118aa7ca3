"""d100 skill tests (seed: d100-skill-tests.txt). Its tests arrive with issue 7."""

from rules.system import System

SYSTEM = System(
    key="d100",
    name="d100 skill tests",
    summary="Percentile tests with criticals, flips, secret tests and the Fortune pool.",
)
