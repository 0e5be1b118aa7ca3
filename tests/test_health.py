"""/healthz (config/health.py): 200 when the database and the channel layer answer, 503 naming the
part that does not; for a proxy's probe, so no log-in, no session, no cache, one query."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from channels.layers import InMemoryChannelLayer
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from campaigns.table import live
from config.settings import redis_channel_layer
from tests.fixtures import stop_send_loop

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent
REDIS = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


def healthz(client=None, **extra):
    response = (client or Client()).get("/healthz", **extra)
    return response.status_code, json.loads(response.content)


def test_healthy_is_200_with_a_tiny_body_never_cached():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == {"status": "ok", "database": "ok", "channel_layer": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert len(response.content) < 100


def test_logged_out_it_answers_and_sets_no_cookie():
    response = Client().get("/healthz")
    assert response.status_code == 200  # not the log-in page's redirect
    assert not response.cookies  # no session, no CSRF cookie


def test_a_head_request_is_answered_and_a_post_refused():
    assert Client().head("/healthz").status_code == 200
    assert Client().post("/healthz").status_code == 405


def test_it_makes_one_query_and_none_of_the_session_even_with_a_log_in(player):
    client = Client()
    client.force_login(player)  # a session cookie the middleware could load, and a user it could read
    with CaptureQueriesContext(connection) as queries:
        status, _body = healthz(client)
    assert status == 200
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert "django_session" not in queries[0]["sql"]


def test_a_probe_over_plain_http_is_not_sent_to_https(settings):
    """The probe asks the process behind the proxy, over plain http; a page would be redirected."""
    settings.SECURE_SSL_REDIRECT = True
    client = Client()
    assert client.get("/rules/").status_code == 301
    assert healthz(client)[0] == 200


class FailingLayer(InMemoryChannelLayer):
    async def send(self, channel, message):
        raise ConnectionError("the channel layer is away")


class HangingLayer(InMemoryChannelLayer):
    """Takes the message but never gives it back: a Redis that hangs."""

    async def receive(self, channel):
        await super().receive(f"{channel}.never")


def test_a_failing_channel_layer_is_503_naming_it(monkeypatch):
    monkeypatch.setattr(live, "get_channel_layer", FailingLayer)
    status, body = healthz()
    assert status == 503
    assert body == {"status": "failing", "database": "ok", "channel_layer": "failing"}


# What tells "gives up after its timeout" from "hangs": a busy machine (CI's two workers beside the browser
# tests) adds seconds to a timeout of one or two, where a hang takes minutes.
HANG = 15


def test_a_channel_layer_that_hangs_is_503_within_the_timeout(monkeypatch):
    monkeypatch.setattr(live, "get_channel_layer", HangingLayer)
    started = time.monotonic()
    status, body = healthz()
    assert (status, body["channel_layer"]) == (503, "failing")
    assert time.monotonic() - started < live.CHECK_TIMEOUT + HANG  # it gives up: the layer never answers


@pytest.fixture
def send_loop(monkeypatch):
    """The process's loop for a Redis layer, the test's own, stopped after it."""
    loop = live._LayerLoop()
    monkeypatch.setattr(live, "_layer_loop", loop)
    yield loop
    stop_send_loop(loop)


def test_with_redis_down_it_is_503_naming_the_channel_layer(settings, send_loop):
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer("redis://127.0.0.1:1/0")}  # nothing listens
    started = time.monotonic()
    status, body = healthz()
    assert status == 503
    assert body == {"status": "failing", "database": "ok", "channel_layer": "failing"}
    assert time.monotonic() - started < HANG  # no connection retried for a minute


def _redis_answers() -> bool:
    try:
        return redis.Redis.from_url(REDIS, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False


@pytest.mark.skipif(not _redis_answers(), reason=f"No Redis answers at {REDIS}.")
def test_with_redis_it_is_200_and_the_probes_share_a_connection(settings, send_loop):
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS)}
    for _probe in range(3):
        assert healthz() == (200, {"status": "ok", "database": "ok", "channel_layer": "ok"})


# The app in its own process with the production settings, its PostgreSQL on a port nothing listens on
# (as tests/campaigns/test_database_down.py).
ASK = """
import json, time
import django
django.setup()
from django.test import Client

started = time.monotonic()
response = Client().get("/healthz")
print(json.dumps([response.status_code, json.loads(response.content), time.monotonic() - started]))
"""


def test_with_the_database_down_it_is_503_naming_the_database_within_the_pool_timeout():
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("DEBUG", "REDIS_URL")},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/fivefold_c",
        "SECRET_KEY": "tests-only",
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "false",
        "STATIC_MANIFEST": "false",
    }
    result = subprocess.run(
        [sys.executable, "-c", ASK], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-3000:]
    status, body, seconds = json.loads(result.stdout.splitlines()[-1])
    assert status == 503
    assert body == {"status": "failing", "database": "failing", "channel_layer": "ok"}
    assert seconds < HANG  # the pool's 2 s, not the operating system's minutes of a connection that never answers
    assert "Health check: the database does not answer" in result.stderr
