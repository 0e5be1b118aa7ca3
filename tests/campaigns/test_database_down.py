"""PostgreSQL down: every request gets the "could not save, nothing
changed" page (503) within a couple of seconds, never a server error and never a long hang.

The app runs in its own process with the production settings, pointed at a PostgreSQL port
nothing listens on, and is asked through Django's test client."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOWHERE = "postgres://postgres@127.0.0.1:1/fivefold_c"  # nothing listens on port 1

ASK = """
import json, sys, time
import django
django.setup()
from django.test import Client

Client().get("/rules/")  # warm up (imports, templates) on a page without the database: only the wait is timed
client = Client(raise_request_exception=False)
client.cookies["sessionid"] = "a-session-the-database-would-know"
answers = []
for method, url, data in json.loads(sys.argv[1]):
    started = time.monotonic()
    response = getattr(client, method)(url, data, headers={"HX-Request": "true"} if "htmx" in data else {})
    answers.append([method, url, response.status_code, time.monotonic() - started,
                    "nothing changed" in response.content.decode()])
print(json.dumps(answers))
"""


def ask(requests, **env) -> list:
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("DEBUG", "REDIS_URL")},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": NOWHERE,
        "SECRET_KEY": "tests-only",
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "false",
        "STATIC_MANIFEST": "false",
        **env,
    }
    result = subprocess.run(
        [sys.executable, "-c", ASK, json.dumps(requests)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


def test_with_the_database_down_a_page_says_so_within_two_seconds():
    """The production settings as they are: the pool gives up after its timeout."""
    [[_method, _url, status, seconds, says_so]] = ask([["get", "/campaigns/1/", {}]])
    assert status == 503
    assert says_so
    assert seconds < 3  # the pool's 2 s, and the machine's own time


EVERY_KIND = [
    ["get", "/", {}],
    ["get", "/campaigns/1/", {}],
    ["get", "/campaigns/1/?after=3", {"htmx": "1"}],
    ["post", "/accounts/login/", {"username": "paul", "password": "a long table password 7"}],
    ["post", "/accounts/signup/", {"username": "newbie", "password1": "a long pw 7 x", "password2": "a long pw 7 x"}],
    ["post", "/campaigns/1/roll/", {"notation": "3d6"}],
    ["post", "/campaigns/1/roll/", {"notation": "3d6", "htmx": "1"}],
    ["post", "/campaigns/1/characters/2/", {"name": "Renamed"}],
    ["get", "/join/some-token/", {}],
    ["post", "/accounts/logout/", {}],
]


def test_with_the_database_down_every_request_gets_the_page_not_a_server_error():
    # A short pool timeout keeps this sweep quick; the test above holds the real one.
    answers = ask(EVERY_KIND, DATABASE_POOL_TIMEOUT="0.3")
    for method, url, status, seconds, says_so in answers:
        assert (status, says_so) == (503, True), (method, url, status)
        assert seconds < 2, (method, url, seconds)


@pytest.mark.django_db
def test_a_database_failure_in_a_middleware_gets_the_page_too(player, monkeypatch):
    """Outside a view no process_exception sees it: the session's save after the view, say."""
    from django.contrib.sessions.middleware import SessionMiddleware
    from django.db import OperationalError
    from django.test import Client

    def save_fails(self, request, response):
        raise OperationalError("the server closed the connection unexpectedly")

    monkeypatch.setattr(SessionMiddleware, "process_response", save_fails)
    client = Client(raise_request_exception=False)
    client.force_login(player)
    response = client.get("/")
    assert response.status_code == 503
    assert "nothing changed" in response.content.decode()
    assert player.get_username() not in response.content.decode()  # the page reads no user
