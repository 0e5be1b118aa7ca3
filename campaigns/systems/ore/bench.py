"""One-Roll Engine in the benchmark (bench/run.py, bench/odds.py) and the roll-post query test."""

import time

from campaigns.plugins.base import EverydayPost
from rules.ore.pool import Pool, chance_of_success

EVERYDAY_POST = EverydayPost(
    "ore roll",
    "ore_roll",
    {"stat": "Coordination", "skill": "Piloting", "bonus": 0, "penalty": 0, "known": "1", "difficulty": 3},
    queries=8,
)


def odds_table() -> None:
    """P(a set at or above a difficulty) for a pool (first answer, before the cache)."""
    for pool in (Pool(5), Pool(7, hard=1), Pool(9, wiggle=1), Pool(10)):
        chance_of_success.cache_clear()
        start = time.perf_counter()
        found = chance_of_success(pool, 6)
        elapsed = time.perf_counter() - start
        label = f"ore {pool.normal} normal, {pool.hard} hard, {pool.wiggle} wiggle, difficulty 6"
        print(f"{label:43} {elapsed * 1000:9.2f} ms   p {found:.4f}")


def largest_odds():
    return "10 dice (9 normal + 1 wiggle), difficulty 6", lambda: chance_of_success(Pool(9, wiggle=1), 6)
