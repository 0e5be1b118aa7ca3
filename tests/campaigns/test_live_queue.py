"""A post does not wait for its live sends to a cross-process layer (Redis); the process's own loop
sends them after, one after another in the order they were made. A send that fails is tried again,
the events behind it waiting; one given up makes its tables catch up as soon as the layer answers."""

import asyncio
import threading
import time
from unittest import mock

import pytest

from campaigns.table import live
from tests.fixtures import stop_send_loop


class SlowLayer:
    """A cross-process layer whose every send takes a while (a Redis far away), and that is away
    (every send fails) while `away` is set."""

    def __init__(self, wanted: int):
        self.sent = []
        self.failed = 0
        self.wanted = wanted
        self.away = threading.Event()
        self.done = threading.Event()

    async def group_send(self, group, message):
        await asyncio.sleep(0.05)
        if self.away.is_set() or (message["html"] == "fails once" and not self.failed):
            self.failed += 1
            raise ConnectionError("Connection closed by server.")
        self.sent.append((group, message["html"]))
        if len(self.sent) == self.wanted:
            self.done.set()


@pytest.fixture
def send_loop(monkeypatch):
    """The process's send loop, new for each test, giving up after a fraction of a second."""
    monkeypatch.setattr(live._LayerLoop, "RETRY_FOR", 0.5)
    monkeypatch.setattr(live._LayerLoop, "PAUSES", (0, 0.05, 0.1))
    send_loop = live._LayerLoop()
    monkeypatch.setattr(live, "_layer_loop", send_loop)
    yield
    stop_send_loop(send_loop)


def test_the_sends_go_after_the_answer_in_their_order(send_loop, caplog):
    layer = SlowLayer(wanted=3)
    with mock.patch("campaigns.table.live.get_channel_layer", return_value=layer):
        started = time.perf_counter()
        live._send_all([("campaign-1-gm", "first")])
        live._send_all([("campaign-1-table", "fails once")])
        live._send_all([("campaign-1-table", "second")])
        assert time.perf_counter() - started < 0.1  # three sends of 0.05 s and more: none waited for
        assert layer.done.wait(5)
    assert layer.sent == [
        ("campaign-1-gm", "first"),
        ("campaign-1-table", "fails once"),
        ("campaign-1-table", "second"),
    ]
    assert "trying again" in caplog.text


def test_an_event_sends_again_only_what_did_not_go(send_loop):
    layer = SlowLayer(wanted=2)
    with mock.patch("campaigns.table.live.get_channel_layer", return_value=layer):
        live._send_all([("campaign-1-gm", "the GM's row"), ("campaign-1-table", "fails once")])
        assert layer.done.wait(5)
    assert layer.sent == [("campaign-1-gm", "the GM's row"), ("campaign-1-table", "fails once")]


def test_a_layer_away_too_long_tells_the_tables_to_catch_up_when_it_answers(send_loop, caplog):
    layer = SlowLayer(wanted=3)
    layer.away.set()
    with mock.patch("campaigns.table.live.get_channel_layer", return_value=layer):
        live._send_all([("campaign-1-gm", "roll A"), ("campaign-1-table", "roll A")])
        time.sleep(1)  # given up after 0.5 s
        assert "told to catch up" in caplog.text
        layer.away.clear()
        live._send_all([("campaign-1-table", "roll B")])
        assert layer.done.wait(5)
    # Both of roll A's groups, the table's before its roll B: its catch-up (after its newest roll) brings A.
    assert layer.sent == [
        ("campaign-1-gm", live.CATCH_UP),
        ("campaign-1-table", live.CATCH_UP),
        ("campaign-1-table", "roll B"),
    ]


def test_the_tables_are_told_to_catch_up_with_no_event_after(send_loop):
    layer = SlowLayer(wanted=1)
    layer.away.set()
    with mock.patch("campaigns.table.live.get_channel_layer", return_value=layer):
        live._send_all([("campaign-1-table", "the last roll of the night")])
        time.sleep(1)
        layer.away.clear()
        assert layer.done.wait(5)  # within the last pause between tries
    assert layer.sent == [("campaign-1-table", live.CATCH_UP)]
