"""Who has the table open: a count of open sockets per member, in the cache (Redis in the
scaled setup, so every process counts the same; the process's own memory in the embedded
default, which is one process). An open socket renews its count every minute, so the
count of a process that died without saying goodbye expires within `EXPIRY`.

Presence is a courtesy: with the cache (Redis) down, nobody shows as here and nothing is
announced, and the table goes on working."""

from __future__ import annotations

import functools
import logging

from django.core.cache import cache
from django.template.loader import render_to_string
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

EXPIRY = 180  # seconds
RENEW_EVERY = 60


def _key(campaign_id: int, user_id: int) -> str:
    return f"presence:{campaign_id}:{user_id}"


def _quiet_without_cache(fallback):
    """Without the cache, the call answers `fallback` (and logs why) instead of raising."""

    def decorate(function):
        @functools.wraps(function)
        async def quiet(*args, **kwargs):
            try:
                return await function(*args, **kwargs)
            except (RedisError, OSError) as error:
                logger.warning("Presence without its cache: %s", error)
                return fallback

        return quiet

    return decorate


@_quiet_without_cache(False)
async def arrive(campaign_id: int, user_id: int) -> bool:
    """One more socket for the member; True when it is their first (they came online)."""
    key = _key(campaign_id, user_id)
    await cache.aadd(key, 0, EXPIRY)
    try:
        count = await cache.aincr(key)
    except ValueError:  # expired between the two calls
        await cache.aset(key, 1, EXPIRY)
        count = 1
    await cache.atouch(key, EXPIRY)
    return count == 1


@_quiet_without_cache(False)
async def leave(campaign_id: int, user_id: int) -> bool:
    """One socket fewer; True when it was the member's last (they went offline)."""
    key = _key(campaign_id, user_id)
    try:
        count = await cache.adecr(key)
    except ValueError:  # already expired
        return True
    if count <= 0:
        await cache.adelete(key)
    return count <= 0


@_quiet_without_cache(None)
async def renew(campaign_id: int, user_id: int) -> None:
    await cache.atouch(_key(campaign_id, user_id), EXPIRY)


def here(campaign, memberships=None) -> list[tuple[int, str]]:
    """(user id, name) of the members with the table open: the GM first, then the players
    (`memberships` with their users, when the caller has them already). One cache read."""
    memberships = campaign.memberships.select_related("user") if memberships is None else memberships
    people = [(campaign.gm_id, f"{campaign.gm.get_username()} (GM)")] + [
        (m.user_id, m.user.get_username()) for m in memberships
    ]
    try:
        counts = cache.get_many([_key(campaign.pk, user_id) for user_id, _ in people])
    except (RedisError, OSError) as error:
        logger.warning("Presence without its cache: %s", error)
        counts = {}
    return [(user_id, name) for user_id, name in people if counts.get(_key(campaign.pk, user_id), 0) > 0]


def online(campaign, memberships=None) -> list[str]:
    """The names of the members with the table open, the GM first."""
    return [name for _, name in here(campaign, memberships)]


def context(campaign, memberships=None) -> dict:
    """The header's "Here now" line and the ids beside it, from which each person's mark in
    the people list ("here now" or "away") is drawn, and redrawn live (static/fivefold/table.js)."""
    present = here(campaign, memberships)
    return {"online": [name for _, name in present], "here_ids": {user_id for user_id, _ in present}}


def online_html(campaign) -> str:
    """The header's "here now" line, to replace it on every open table."""
    return render_to_string("campaigns/online.html", {**context(campaign), "oob": True})
