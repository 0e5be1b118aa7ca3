"""`make run` serves where it says it does: on PORT when given, 8000 otherwise."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _run_recipe(*arguments: str) -> list[str]:
    """The commands `make run` would run (make -n prints them without running them)."""
    done = subprocess.run(["make", "-n", "run", *arguments], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


@pytest.mark.parametrize(("arguments", "port"), [((), "8000"), (("PORT=8123",), "8123")])
def test_make_run_serves_and_says_the_port(arguments, port):
    lines = _run_recipe(*arguments)
    [said] = [line for line in lines if "Fivefold on" in line]
    [serve] = [line for line in lines if "runserver" in line]
    assert f"http://127.0.0.1:{port} " in said
    assert serve.endswith(f"runserver 127.0.0.1:{port}")
