"""Tribute Alpha in the benchmark (bench/run.py, bench/odds.py) and the roll-post query test."""

import statistics
import time

from campaigns.plugins.base import EverydayPost
from rules.tribute.roll import MAX_DICE, TestSpec, chances

EVERYDAY_POST = EverydayPost(
    "tribute test",
    "tribute_test",
    {"attribute": "Might", "focus": 2, "burden": 1, "known": "1", "opposition": 2, "effect": ""},
    queries=8,
)


def odds_table() -> None:
    """The player's live odds (Win/Match/Fail with Profit and Waste) for a test."""
    for focus, burden, size in ((1, 1, 6), (3, 2, 8), (6, 6, 12)):
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            found = chances(TestSpec(focus, burden, size), 0)
            runs.append(time.perf_counter() - start)
        print(
            f"tribute {focus} FOCUS, {burden} BURDEN, d{size}".ljust(43),
            f"{statistics.median(runs) * 1000:9.2f} ms   win {found.win:.4f}",
        )


def largest_odds():
    return f"{MAX_DICE} FOCUS + {MAX_DICE} BURDEN d12", lambda: chances(TestSpec(MAX_DICE, MAX_DICE, 12), 0)
