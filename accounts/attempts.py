"""Counting what one person tries too often (failed log-ins, reset mails asked for), in the cache.

Without the cache (Redis down) nothing is counted and nothing is refused: the password check stands,
and its slow hashing still limits guessing; a reset mail still goes out.
"""

import logging
from dataclasses import dataclass

from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Attempts:
    name: str  # what is counted, in the log's words
    key: str  # the cache keys' prefix
    limit: int
    window: int  # seconds from the first attempt counted

    def _key(self, request, who: str) -> str:
        return f"{self.key}:{who.strip().lower()[:254]}:{request.META.get('REMOTE_ADDR', '')}"

    def too_many(self, request, who: str) -> bool:
        try:
            return cache.get(self._key(request, who), 0) >= self.limit
        except (RedisError, OSError) as error:
            logger.warning("%s are not counted without the cache: %s", self.name, error)
            return False

    def count(self, request, who: str) -> None:
        key = self._key(request, who)
        try:
            cache.add(key, 0, self.window)
            cache.incr(key)
        except ValueError:  # expired between the two calls: this one starts a new count
            cache.add(key, 1, self.window)
        except (RedisError, OSError) as error:
            logger.warning("%s are not counted without the cache: %s", self.name, error)

    def forget(self, request, who: str) -> None:
        try:
            cache.delete(self._key(request, who))
        except (RedisError, OSError) as error:
            logger.warning("%s are not counted without the cache: %s", self.name, error)
