"""How long the exact odds of a notation roll take (the table's odds preview).

    .venv/bin/python bench/odds.py

Each line: the roll, the median of 5 runs, and the chance it prints, so a
change to rules/dice.py can be compared on the same machine.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import chance, parse

CASES = [
    ("3d6+2", 12),
    ("100d6", 350),
    ("10d100", 505),
    ("100d20", 1050),
    ("20d1000", 10_010),
    ("100d100", 5050),
    ("100d1000", 50_050),
    ("50d999+50d1000", 50_000),
    ("+".join(f"5d{sides}" for sides in range(981, 1001)), 50_000),
]


def main() -> None:
    for text, target in CASES:
        notation = parse(text)
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            p = chance(notation, target)
            runs.append(time.perf_counter() - start)
        label = text if len(text) < 30 else text[:27] + "..."
        print(f"{label:32} >= {target:<7} {statistics.median(runs) * 1000:9.2f} ms   p = {float(p):.6f}")


def cgg() -> None:
    """Centaurus Gate: the Exec's live odds for a whole action (risk code against n difficulty dice)."""
    from rules.cgg.action import action_chances
    from rules.cgg.codes import DieCode
    from rules.cgg.difficulty import Difficulty

    for dice, remaining in ((3, 2), (6, 4), (12, 6), (20, 6)):
        difficulty = Difficulty(base_dice=min(9, remaining + 3), success_dice=3)
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            chances = action_chances(difficulty, DieCode(dice))
            runs.append(time.perf_counter() - start)
        print(
            f"cgg {dice}d vs {difficulty.remaining_dice} difficulty dice".ljust(43),
            f"{statistics.median(runs) * 1000:9.2f} ms   success {float(chances.success):.4f}",
        )


def tribute() -> None:
    """Tribute Alpha: the player's live odds (Win/Match/Fail with Profit and Waste) for a test."""
    from rules.tribute.roll import TestSpec, chances

    for focus, burden, size in ((1, 1, 6), (3, 2, 8), (6, 6, 12)):
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            found = chances(TestSpec(focus, burden, size), 0)
            runs.append(time.perf_counter() - start)
        print(
            f"tribute {focus} FOCUS, {burden} BURDEN, d{size}".ljust(43),
            f"{statistics.median(runs) * 1000:9.2f} ms   win {float(found.win):.4f}",
        )


def ore() -> None:
    """One-Roll Engine: P(a set at or above a difficulty) for a pool (first answer, before the cache)."""
    from rules.ore.pool import Pool, chance_of_success

    for pool in (Pool(5), Pool(7, hard=1), Pool(9, wiggle=1), Pool(10)):
        chance_of_success.cache_clear()
        start = time.perf_counter()
        found = chance_of_success(pool, 6)
        elapsed = time.perf_counter() - start
        label = f"ore {pool.normal} normal, {pool.hard} hard, {pool.wiggle} wiggle, difficulty 6"
        print(f"{label:43} {elapsed * 1000:9.2f} ms   p {float(found):.4f}")


if __name__ == "__main__":
    main()
    cgg()
    tribute()
    ore()
