"""An open table with nothing to receive keeps its socket: its consumer waits on Redis (channels_redis
asks BRPOP for up to 5 s at a time), and the connection's read timeout must outlast that wait. redis-py
8 reads with a 5 s timeout unless told otherwise, which raced the BRPOP's own 5 s: the consumer died,
and every idle table dropped its socket and reconnected every few seconds.

Against the real Redis of REDIS_URL, or of 127.0.0.1:6379; skipped where none answers."""

import asyncio
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from config.settings import redis_channel_layer
from tests.fixtures import REDIS_URL as URL
from tests.fixtures import redis_answers


def test_the_read_timeout_outlasts_the_wait_for_a_message():
    (host,) = redis_channel_layer(URL)["CONFIG"]["hosts"]
    assert host["socket_timeout"] > RedisChannelLayer.brpop_timeout


@pytest.mark.skipif(not redis_answers(), reason=f"No Redis answers at {URL}.")
def test_an_idle_table_waits_three_rounds_without_an_error():
    layer = RedisChannelLayer(**redis_channel_layer(URL)["CONFIG"])

    async def wait() -> None:
        channel = await layer.new_channel()
        group = f"campaign-test-{uuid.uuid4().hex[:12]}-table"
        await layer.group_add(group, channel)
        try:
            with pytest.raises(TimeoutError):  # nothing came: our own wait ended, not Redis's connection
                await asyncio.wait_for(layer.receive(channel), 3 * RedisChannelLayer.brpop_timeout + 1)
        finally:
            await layer.group_discard(group, channel)
            await layer.close_pools()

    asyncio.run(wait())
