"""Centaurus Gate in the benchmark (bench/run.py, bench/odds.py) and the roll-post query test."""

import statistics
import time

from campaigns.plugins.base import EverydayPost
from rules.cgg.action import action_chances
from rules.cgg.codes import DieCode
from rules.cgg.difficulty import Difficulty

# The table's plain notation, rolled in a Centaurus Gate campaign.
EVERYDAY_POST = EverydayPost("notation (cgg table)", "roll", {"notation": "3d6+2"}, queries=5)


def odds_table() -> None:
    """The Exec's live odds for a whole action (risk code against n difficulty dice)."""
    for dice, remaining in ((3, 2), (6, 4), (12, 6), (20, 6)):
        difficulty = Difficulty(base_dice=min(9, remaining + 3), success_dice=3)
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            chances = action_chances(difficulty, DieCode(dice))
            runs.append(time.perf_counter() - start)
        print(
            f"cgg {dice}d vs {difficulty.remaining_dice} difficulty dice".ljust(43),
            f"{statistics.median(runs) * 1000:9.2f} ms   success {chances.success:.4f}",
        )


def largest_odds():
    difficulty = Difficulty(base_dice=9, success_dice=3)
    return "20D against 6 Exec dice", lambda: action_chances(difficulty, DieCode(20))
