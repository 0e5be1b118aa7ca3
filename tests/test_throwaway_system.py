"""A sixth system is its own folder plus one line: a throwaway system, Toss (Coin's folder copied
and renamed, outside the project), installed by one INSTALLED_APPS line in a settings module of its
own, goes through the generic sweeps in a fresh test run: the registry lists it with its own query
bounds, its pages answer each role as they should and keep its GM's secret (tests/test_trust.py), and
no generic code, template, static file or bench names it (tests/test_plugin_contract.py)."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COIN = ROOT / "tests" / "coin"


def copy_coin_as(folder: Path, key: str) -> None:
    """Coin's folder as the package `key`: every name of it renamed, nothing outside it touched."""
    names = {"tests.coin": key, "coin": key, "Coin": key.title(), "COIN": key.upper()}
    rename = re.compile("|".join(map(re.escape, names)))
    for source in COIN.rglob("*"):
        if source.is_dir() or "__pycache__" in source.parts or source.name.startswith("test_"):
            continue
        target = folder / key / rename.sub(lambda found: names[found.group(0)], str(source.relative_to(COIN)))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(rename.sub(lambda found: names[found.group(0)], source.read_text()))


def test_a_throwaway_system_is_its_folder_plus_one_line(tmp_path):
    copy_coin_as(tmp_path, "toss")
    (tmp_path / "toss_settings.py").write_text(
        "from tests.settings import *  # noqa: F403\n"
        "from tests.settings import INSTALLED_APPS\n\n"
        'INSTALLED_APPS = [*INSTALLED_APPS, "toss"]\n'
    )
    sweeps = [
        "tests/perf/test_page_queries.py::test_every_installed_system_has_its_bounds",
        "tests/perf/test_page_queries.py::test_the_table_page_costs_a_few_queries[toss-gm]",
        "tests/perf/test_page_queries.py::test_the_table_page_costs_a_few_queries[toss-player]",
        # The trust sweep's part for the new system (each part plays a secret in every system first), and the
        # routes' sweeps, which walk every installed system's urls.
        "tests/test_trust.py::test_no_secret_reaches_a_player[toss]",
        "tests/test_trust.py::test_every_url_has_a_case",
        "tests/test_trust.py::test_outsiders_get_404_inside_every_campaign",
        "tests/test_trust.py::test_players_get_404_on_the_gms_steps",
        "tests/test_plugin_contract.py::test_no_generic_python_names_a_system",
        "tests/test_plugin_contract.py::test_no_generic_template_static_file_or_bench_names_a_system",
    ]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "--ds=toss_settings", *sweeps],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "9 passed" in done.stdout, done.stdout[-1000:]
