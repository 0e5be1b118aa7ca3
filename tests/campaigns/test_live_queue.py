"""Issue 24: a post does not wait for its live sends to a cross-process layer (Redis); the process's
own loop sends them after, one after another in the order they were made, and logs a failed one."""

import asyncio
import threading
import time
from unittest import mock

from campaigns import live


class SlowLayer:
    """A cross-process layer whose every send takes a while (a Redis far away)."""

    def __init__(self):
        self.sent = []
        self.done = threading.Event()

    async def group_send(self, group, message):
        await asyncio.sleep(0.2)
        if message["html"] == "fails":
            raise ConnectionError("Redis went away")
        self.sent.append((group, message["html"]))
        if len(self.sent) == 2:
            self.done.set()


def test_the_sends_go_after_the_answer_in_their_order(caplog):
    layer = SlowLayer()
    with mock.patch("campaigns.live.get_channel_layer", return_value=layer):
        started = time.perf_counter()
        live._send_all([("campaign-1-gm", "first")])
        live._send_all([("campaign-1-table", "fails")])
        live._send_all([("campaign-1-table", "second")])
        assert time.perf_counter() - started < 0.1  # three sends of 0.2 s each: none waited for
    assert layer.done.wait(5)
    assert layer.sent == [("campaign-1-gm", "first"), ("campaign-1-table", "second")]
    assert "could not be sent" in caplog.text
