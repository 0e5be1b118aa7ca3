"""The table page's parts, each drawn once for its audience and kept until the campaign changes.

A table page is read far more often than its campaign changes between two reads (a player's
reload, a tab opened, the GM's second screen), and drawing it was most of its cost: the open
calls, the cards, the system's panel and their forms. So the page asks for its parts by name, and
each is kept in the cache (Redis when `REDIS_URL` is set, else the process's memory) under:

- the campaign's state version (campaigns.table.state), which every write moves on: a part is never
  served once the campaign has changed, and never by time;
- its audience: the GM (`gm`), the players' shared view (`table`: the log), or one player (`player-<id>`:
  their character, their calls, their forms), never another's;
- what else it is drawn from (the tab, the log's filters), and the fingerprint of the code that draws it.

What is the viewer's own is filled in per page, as the log's rows are (campaigns.table.rows): a kept part
holds a mark where each form's one-time token goes, and the page puts in fresh tokens and the viewer's
CSRF field. What changes without a write, who is here now, is never kept. Without the cache, the parts
are drawn as before: the table goes on working.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache
from django.middleware.csrf import get_token
from django.utils.safestring import SafeString

from campaigns.table import once, rows, state

KEEP = 3600  # seconds: a part outlives its version only until a campaign that went quiet is opened again
NOT_READ = -1  # no state version is negative


Wanted = dict[str, tuple[str, Callable[[], object]]]


def kept(request, campaign, wanted: Wanted, number: int | None = NOT_READ) -> dict[str, object]:
    """Each wanted part (name -> (its audience and variant, how to draw it)) as kept, or drawn now and
    kept; a part's value is its HTML, or a tuple whose first item is. Tokens filled for this viewer.
    `number`: the campaign's state version, when the page has read it already (`kept_read`)."""
    found = _kept(campaign, wanted, number)
    request._form_tokens_issued = True  # campaigns.table.once.SubmitOnceMiddleware keeps the page out of caches
    csrf = get_token(request)
    return {name: _filled(value, csrf) for name, value in found.items()}


def kept_read(campaign, name: str, read: Callable[[], object]) -> tuple[object, int | None]:
    """What the whole page is drawn from, read from the database once and kept as the parts are, for
    every viewer alike: model instances (the sessions, the seats), no HTML, no token to fill. Only what
    every member may see, and without what no page shows (a user's password hash). With the state
    version it was kept under, for the page's parts (`kept`): one trip to the cache fewer."""
    number = state.version(campaign)
    return _kept(campaign, {name: ("members", read)}, number)[name], number


def _kept(campaign, wanted: Wanted, number: int | None = NOT_READ) -> dict[str, object]:
    if number is NOT_READ:
        number = state.version(campaign)
    if number is None:  # without the cache: drawn as before
        keys = {name: name for name in wanted}
        found = {}
    else:
        keys = {name: _key(campaign, number, name, variant) for name, (variant, _) in wanted.items()}
        found = rows.quietly(cache.get_many, list(keys.values())) or {}
    drawn = {}
    for name, (_, draw) in wanted.items():
        if keys[name] not in found:
            with once.keeping():
                drawn[keys[name]] = draw()
    if drawn and number is not None:
        rows.quietly(cache.set_many, drawn, KEEP)
    return {name: found[key] if key in found else drawn[key] for name, key in keys.items()}


def _filled(value, csrf: str):
    if isinstance(value, tuple):
        return (_filled(value[0], csrf), *value[1:])
    return rows.fill_tokens(value, csrf) if isinstance(value, str) else SafeString("")


def _key(campaign, number: int, name: str, variant: str) -> str:
    # The invite token tells this campaign from one of the same id in a database made anew (a test's, a
    # restore): its number starts again at 0, and a part kept for the other must not be found.
    made = hashlib.blake2b(f"{campaign.invite_token}|{variant}".encode(), digest_size=12).hexdigest()
    return f"part:{rows.drawing_code()}:{campaign.pk}:{number}:{name}:{made}"
