"""How long the exact odds behind the odds previews take.

    .venv/bin/python bench/odds.py           # a table of inputs per system, median of 5 runs
    .venv/bin/python -m bench.odds --json    # each system's largest legal input, cold and warm

Cold is the first answer in a fresh interpreter (imports excluded); warm is the
same question asked again, as the preview asks it while the player edits the form.
"""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib

from rules import RulesError
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
            try:
                answer = f"p = {float(chance(notation, target)):.6f}"
            except RulesError as error:
                answer = str(error)
            runs.append(time.perf_counter() - start)
        label = text if len(text) < 30 else text[:27] + "..."
        print(f"{label:32} >= {target:<7} {statistics.median(runs) * 1000:9.2f} ms   {answer}")


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


def _largest_notation():
    # Near rules.dice.MAX_ODDS_WORK: eight kinds of dice, 72 in all, at the middle (the longest tail).
    notation = parse("+".join(f"9d{sides}" for sides in (4, 6, 8, 10, 12, 20, 100, 1000)))
    middle = (notation.minimum + notation.maximum) // 2
    return "9d4+9d6+...+9d100+9d1000 (8 kinds)", lambda: chance(notation, middle)


def _refused_notation():
    """Past the budget the preview answers with a message instead of odds: how long that takes."""
    text = "+".join(f"5d{sides}" for sides in range(981, 1001))

    def ask():
        with contextlib.suppress(RulesError):
            chance(parse(text), 50_000)

    return "twenty 5dN terms, N 981..1000 (refused)", ask


def _largest_cgg():
    from rules.cgg.action import action_chances
    from rules.cgg.codes import DieCode
    from rules.cgg.difficulty import Difficulty

    difficulty = Difficulty(base_dice=9, success_dice=3)
    return "20D against 6 Exec dice", lambda: action_chances(difficulty, DieCode(20))


def _largest_tribute():
    from rules.tribute.roll import MAX_DICE, TestSpec, chances

    return f"{MAX_DICE} FOCUS + {MAX_DICE} BURDEN d12", lambda: chances(TestSpec(MAX_DICE, MAX_DICE, 12), 0)


def _largest_ore():
    from rules.ore.pool import Pool, chance_of_success

    return "10 dice (9 normal + 1 wiggle), difficulty 6", lambda: chance_of_success(Pool(9, wiggle=1), 6)


def _largest_zener():
    from rules.zener.checks import chance_of_success, stat_check

    return "stat check 4d6, impossible chance", lambda: chance_of_success(stat_check(3, -10))


def _largest_d100():
    from rules.d100.test import Flip, chances

    return "chance 99, flipped", lambda: chances(99, Flip.SUCCEED)


LARGEST = {"notation": _largest_notation, "notation-refused": _refused_notation, "cgg": _largest_cgg,
           "tribute": _largest_tribute, "ore": _largest_ore, "zener": _largest_zener,
           "d100": _largest_d100}  # fmt: skip


def largest(system: str) -> dict:
    """Cold and warm time of one system's largest legal input, in this (fresh) interpreter."""
    label, ask = LARGEST[system]()
    start = time.perf_counter()
    ask()
    cold = time.perf_counter() - start
    warm = []
    for _ in range(5):
        start = time.perf_counter()
        ask()
        warm.append(time.perf_counter() - start)
    return {"system": system, "input": label, "cold_ms": cold * 1000, "warm_ms": statistics.median(warm) * 1000}


def largest_all() -> list[dict]:
    """Each system in a fresh interpreter, so that cold is cold."""
    rows = []
    for system in LARGEST:
        done = subprocess.run([sys.executable, "-m", "bench.odds", "--largest", system], capture_output=True,
                              text=True, check=True, cwd=Path(__file__).resolve().parent.parent)  # fmt: skip
        rows.append(json.loads(done.stdout.splitlines()[-1]))
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--largest"]:
        print(json.dumps(largest(sys.argv[2])))
    elif sys.argv[1:2] == ["--json"]:
        print(json.dumps(largest_all()))
    else:
        main()
        cgg()
        tribute()
        ore()
