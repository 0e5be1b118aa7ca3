"""Reads made once per page.

The table page asks the same things many times: every open call of Centaurus Gate reads its
explorer's Crisis Clock, the scene's tension and the seated explorers, and the panel reads
them again. Inside `once_per_page()` (the table page's GET: it writes nothing), each such read
is made once and remembered until the page is drawn; outside it, every read goes to the
database as before, so a write path always reads what is there now.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_memo: ContextVar[dict | None] = ContextVar("page_reads", default=None)


@contextmanager
def once_per_page():
    token = _memo.set({})
    try:
        yield
    finally:
        _memo.reset(token)


def active() -> bool:
    return _memo.get() is not None


def remembered(key: Hashable, read: Callable[[], Any]) -> Any:
    """`read()`, made once per page for `key`; made every time outside a page."""
    memo = _memo.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    return memo[key]


def seated(campaign) -> list:
    """The campaign's seated characters (characters.models.CharacterQuerySet.seated) with their
    owners, by name: read once per page. A new list each time: a caller may sort its own."""
    return list(remembered(("seated", campaign.pk), lambda: list(campaign.characters.seated().select_related("owner"))))


def seated_query(campaign):
    """`campaign.characters.seated()`, the query built once per page (a table page's forms each
    choose among the seated characters); a copy each time, for the caller to filter."""
    return remembered(("seated_query", campaign.pk), campaign.characters.seated).all()


def page_view(view):
    """A view whose GET draws a page with its reads made once (`once_per_page`)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "GET":
            return view(request, *args, **kwargs)
        with once_per_page():
            return view(request, *args, **kwargs)

    return wrapped
