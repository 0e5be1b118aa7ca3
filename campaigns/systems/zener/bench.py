"""Zener Gate in the benchmark (bench/run.py, bench/odds.py) and the roll-post query test."""

from campaigns.plugins.base import EverydayPost
from rules.zener.checks import chance_of_success, stat_check

EVERYDAY_POST = EverydayPost(
    "zener check",
    "zener_check",
    {"skill": "Pilot", "stat": "PRAC", "modifier": 0, "extra": 0, "indirect": 0},
    queries=8,
    worst_faces=(6, 5, 5),  # 16 against 11, failed by 5: the re-roll and a +5 are both open
)


def largest_odds():
    return "stat check 4d6, impossible chance", lambda: chance_of_success(stat_check(3, -10))
