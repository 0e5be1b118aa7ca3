"""Django's Redis cache with one client per connection pool, not one per command.

`RedisCacheClient.get_client` makes a new `redis.Redis` for every cache command, and each one builds
its table of about 170 response callbacks: those of a roll post (the campaign's state version moved, the
rows kept) were a tenth of the post's time (bench/, a profile of the roll post). A
client is thread-safe and holds no connection of its own (its pool does), so one per pool serves
every command of the process."""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class KeptClientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClient
