"""A live update survives a Redis restart: the worker's kept connection dies with the old server,
and the first update after it must still reach the open tables, in its place before the next one
(a table that got the next roll live would never catch up on the missed one).

Against the real Redis of REDIS_URL, or of 127.0.0.1:6379; skipped where none answers. A restart is
what the worker sees of it: its connections closed by the server. So the test closes only its own
sender's connections (CLIENT KILL ID, found by their client name), leaving the server and anyone
else's connections alone."""

import asyncio
import uuid

import pytest
import redis
from channels_redis.core import RedisChannelLayer

from campaigns.table import live
from tests.fixtures import REDIS_URL as URL
from tests.fixtures import redis_answers, stop_send_loop

pytestmark = pytest.mark.skipif(not redis_answers(), reason=f"No Redis answers at {URL}.")


@pytest.fixture
def sender(monkeypatch):
    """The web worker's side: its own send loop and a layer whose connections carry a name of their own."""
    name = f"fivefold-test-{uuid.uuid4().hex[:12]}"
    layer = RedisChannelLayer(hosts=[{"address": URL, "client_name": name}])
    send_loop = live._LayerLoop()
    monkeypatch.setattr(live, "_layer_loop", send_loop)
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    yield name
    stop_send_loop(send_loop)


def close_connections_named(name: str) -> int:
    """What a Redis restart does to a worker: the server closes its connections."""
    admin = redis.Redis.from_url(URL)
    ids = [client["id"] for client in admin.client_list() if client["name"] == name]
    for client_id in ids:
        admin.client_kill_filter(_id=client_id)
    return len(ids)


async def received(table: RedisChannelLayer, channel: str, count: int) -> list[str]:
    got = []
    try:
        while len(got) < count:
            got.append((await asyncio.wait_for(table.receive(channel), 10))["html"])
    except TimeoutError:
        pass
    return got


def test_the_first_update_after_a_restart_reaches_the_open_table_before_the_next(sender):
    group = f"campaign-test-{uuid.uuid4().hex[:12]}-table"

    async def play() -> list[str]:
        table = RedisChannelLayer(hosts=[URL])  # an open table's socket, whose own connection stays up
        channel = await table.new_channel()
        await table.group_add(group, channel)
        try:
            live._send_all([(group, "roll before")])
            assert await received(table, channel, 1) == ["roll before"]  # the worker's connection is open
            assert close_connections_named(sender) >= 1
            live._send_all([(group, "roll A")])
            live._send_all([(group, "roll B")])
            return await received(table, channel, 2)
        finally:
            await table.group_discard(group, channel)
            await table.close_pools()

    assert asyncio.run(play()) == ["roll A", "roll B"]
