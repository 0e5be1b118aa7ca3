"""Browser tests: the real app in its own daphne process (a temporary SQLite
file, the in-memory channel layer or Redis when REDIS_URL is set), driven
through the system Chromium. Playwright cannot download a browser here."""

import atexit
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

# An expectation waits for what it asserts and returns as soon as it holds: a generous deadline costs a passing
# test nothing, and on a busy machine (two suites at once) a page or a post can take longer than the default 5 s.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items):
    browser_tests = [item for item in items if "e2e" in item.nodeid.split("/")]
    if not CHROMIUM:
        skip = pytest.mark.skip(
            reason="Browser tests need Chromium: `make browser` (or `apt-get install -y chromium`) enables them."
        )
        for item in browser_tests:
            item.add_marker(skip)
        return


def _pages_at(browser) -> str:
    """What each open page showed: its address, width and main text, for a failure seen only in CI's log."""
    shown = []
    for context in browser.contexts:
        for page in context.pages:
            try:
                text = page.locator("main").inner_text(timeout=2_000)
            except Exception as error:  # a page gone or hung still names itself
                text = f"(no text: {error})"
            width = (page.viewport_size or {}).get("width")
            shown.append(f"--- {page.url} at {width} px\n{text[:3_000]}")
    return "\n".join(shown)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.when == "call" and report.failed and browser is not None:
        report.sections.append(("the pages at the failure", _pages_at(browser)))
    return report


@pytest.fixture
def browser(browser_type, browser_type_launch_args):
    """A browser per test: a crash cannot take the next tests down with it, and no test meets another's."""
    launched = browser_type.launch(**browser_type_launch_args)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


_MIGRATED: list[Path] = []  # the worker's migrated empty database, once made


def _migrated(env: dict) -> Path:
    """An empty database with every migration applied, made once per worker: each new server starts from a
    copy of it (the same file a migrate would leave), without the seconds of a migrate each."""
    if not _MIGRATED:
        folder = Path(tempfile.mkdtemp(prefix="e2e-migrated-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        database = folder / "db.sqlite3"
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env={**env, "DATABASE_URL": f"sqlite:///{database}"},
            check=True,
        )
        _MIGRATED.append(database)
    return _MIGRATED[0]


class Server:
    """Fivefold served by daphne, as `make run` serves it: a temporary SQLite file, on a free
    port. It can be stopped (or killed) and started again on the same port and database."""

    def __init__(self, folder: Path, database: Path | None = None):
        """A new database in `folder`, or a copy of `database` (already migrated and filled)."""
        self.folder, self.port = folder, _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DEBUG": "true",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
            "ALLOWED_HOSTS": "127.0.0.1",
            # The app's own settings, as `make run` has them, with a fast password hasher: not the test run's.
            "DJANGO_SETTINGS_MODULE": "tests.e2e.server_settings",
        }
        shutil.copyfile(database or _migrated(self.env), folder / "db.sqlite3")
        self.process = None

    def start(self) -> "Server":
        log = open(self.folder / "server.log", "a")  # noqa: SIM115 - the server's own for its whole life
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()  # the child has its own copy
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=1)
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.process.kill()
                    pytest.fail(f"daphne did not start: {(self.folder / 'server.log').read_text()}")
                time.sleep(0.2)

    def stop(self, *, kill: bool = False) -> None:
        """Terminate it as a deploy would, or kill it outright as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill() if kill else self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("e2e")).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def demo_database(tmp_path_factory) -> Path:
    """`make run`'s demo data (the GM, two players, a campaign per system), made once per worker."""
    folder = tmp_path_factory.mktemp("demo-data")
    made = Server(folder)
    subprocess.run([sys.executable, "manage.py", "demo"], cwd=ROOT, env=made.env, check=True, capture_output=True)
    return folder / "db.sqlite3"


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory, demo_database):
    """A server with the demo data, each test module its own copy: the calls and rolls one module leaves
    cannot change what another finds (a GM-screen height measured another file's open calls; a phone's
    table opened on "Now" for another file's waiting ones)."""
    server = Server(tmp_path_factory.mktemp("demo"), database=demo_database)
    yield server.start()
    server.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server of the test's own, for tests that stop and start it."""
    server = Server(tmp_path)
    yield server.start()
    server.stop()
