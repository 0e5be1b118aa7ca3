"""CI's second pass, on the embedded default, leaves out only the tests that hold whatever the setup
(`--setup-dependent-only`, conftest.SETUP_INDEPENDENT): a test there that touches the channel layer, the
cache or the database still runs on both."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collected(*paths: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-n", "0", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}


def test_the_second_pass_leaves_out_the_rules_and_keeps_the_rest():
    paths = ("tests/rules/test_dice.py", "tests/campaigns/test_chi_square.py", "tests/campaigns/test_live_queue.py")
    assert collected(*paths) == set(paths)
    assert collected("--setup-dependent-only", *paths) == {"tests/campaigns/test_live_queue.py"}
