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
from importlib import import_module
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


GENERIC = {"notation": _largest_notation, "notation-refused": _refused_notation}


def system_benches() -> dict:
    """Each installed system's bench module (`SystemAdapter.bench`), asked of the registry."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from campaigns.plugins import registry

    return {adapter.key: import_module(adapter.bench) for adapter in registry.installed() if adapter.bench}


def largest_cases() -> dict:
    """Each question's label and call: plain notation's, and each system's largest legal input."""
    benches = system_benches()
    found = {key: bench.largest_odds for key, bench in benches.items() if hasattr(bench, "largest_odds")}
    return GENERIC | found


def largest(system: str) -> dict:
    """Cold and warm time of one system's largest legal input, in this (fresh) interpreter."""
    label, ask = largest_cases()[system]()
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
    for system in largest_cases():
        done = subprocess.run(
            [sys.executable, "-m", "bench.odds", "--largest", system],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        rows.append(json.loads(done.stdout.splitlines()[-1]))
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--largest"]:
        print(json.dumps(largest(sys.argv[2])))
    elif sys.argv[1:2] == ["--json"]:
        print(json.dumps(largest_all()))
    else:
        main()
        for bench in system_benches().values():
            if hasattr(bench, "odds_table"):
                bench.odds_table()
