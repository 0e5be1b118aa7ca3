"""The log's rows, rendered once per audience and kept in the cache.

A roll is never changed (campaigns.models.ImmutableEvent), and what each audience sees of it
is a function of the roll alone (its kind's `roll_data`), of its character's name and of its
author's name: so a row's HTML is kept under a key made of those, never of the viewer. A
character renamed (or deleted) gives its rows a new key; a reveal, a Fortune re-roll or an
answered call is a new roll, with a row of its own. The key also holds a fingerprint of the
code and templates that draw rows, so a new release never shows an old drawing.

A row holds no viewer's data: its forms' one-time tokens (`{% form_tokens %}`) are kept as a
mark, which each page (or live message) fills with fresh tokens and, on a page, the viewer's
CSRF field (for the forms posted without JavaScript). The table page reads a page of rows in
one `get_many`, draws only the ones missing and keeps them with one `set_many`; the live
update of a new roll (campaigns.table.live.roll_html) keeps what it drew, so the next page load
finds it. Without the cache (Redis down), rows are drawn as before: the table goes on working.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from redis.exceptions import RedisError

from campaigns.common.audience import Audience
from campaigns.secrets.visibility import roll_view
from campaigns.table.once import FIELD, KEPT_MARK, new_token

ROW = "campaigns/table.html#roll_row"
KEEP = 7 * 24 * 3600  # seconds: the rows of a log's first pages are read again and again; older ones fall out
logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LogRow:
    """A roll in a page of the log: its drawing for the page's audience, tokens still to fill."""

    id: int
    created_at: datetime
    html: str

    def __html__(self) -> str:
        return self.html


def page_rows(rolls, audience: Audience) -> list[LogRow]:
    """The rows of `rolls` (campaigns.models.Roll, with author and character) as `audience` sees
    them, each drawn once for all its viewers: one read of the cache, one write of what was missing."""
    keys = {roll.pk: row_key(roll, audience) for roll in rolls}
    kept = quietly(cache.get_many, list(keys.values())) or {}
    drawn = {}
    for roll in rolls:
        if not kept.get(keys[roll.pk]):
            drawn[keys[roll.pk]] = _draw(roll, audience)
    if fit := {key: html for key, html in drawn.items() if html is not None}:
        quietly(cache.set_many, fit, KEEP)
    rows = ((roll, kept.get(keys[roll.pk]) or drawn.get(keys[roll.pk])) for roll in rolls)
    return [LogRow(roll.pk, roll.created_at, mark_safe(html)) for roll, html in rows if html]  # none it may not see


def new_rows(roll) -> dict[Audience, str | None]:
    """A new roll's rows for the GM and for the table (None where it may not see it), kept for the pages
    to come in one trip to the cache; their forms' tokens still to fill (`fill_tokens`). A roll that both
    see alike (most are public) is drawn once: the row is drawn from its view alone."""
    views = {audience: roll_view(roll, audience) for audience in (Audience.GM, Audience.TABLE)}
    drawn = {Audience.GM: None if views[Audience.GM] is None else _render(views[Audience.GM])}
    same = views[Audience.TABLE] == views[Audience.GM]
    drawn[Audience.TABLE] = drawn[Audience.GM] if same else views[Audience.TABLE] and _render(views[Audience.TABLE])
    if fit := {row_key(roll, audience): html for audience, html in drawn.items() if html is not None}:
        quietly(cache.set_many, fit, KEEP)
    return drawn


def fill_tokens(html: str, csrf_token: str | None = None) -> SafeString:
    """A kept row with fresh one-time tokens in its forms (and the viewer's CSRF field on a page)."""
    if KEPT_MARK not in html:
        return mark_safe(html)
    csrf = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', csrf_token) if csrf_token else ""
    parts = html.split(KEPT_MARK)
    filled = parts[0]
    for part in parts[1:]:
        filled += csrf + format_html('<input type="hidden" name="{}" value="{}">', FIELD, new_token()) + part
    return mark_safe(filled)


def for_viewer(entries: list, request) -> list:
    """A page's entries with its rows' forms filled for the viewer: their CSRF field and fresh tokens."""
    if not any(isinstance(entry, LogRow) and KEPT_MARK in entry.html for entry in entries):
        return entries
    request._form_tokens_issued = True  # campaigns.table.once.SubmitOnceMiddleware keeps such a page out of caches
    csrf = get_token(request)
    return [
        replace(entry, html=fill_tokens(entry.html, csrf)) if isinstance(entry, LogRow) else entry for entry in entries
    ]


def row_key(roll, audience: Audience) -> str:
    """What a row is drawn from: the roll (never changed, but ids can come again in a database
    made anew), its character's and author's names, and the code that draws it."""
    shown = Audience.GM if audience is Audience.GM else Audience.TABLE
    names = (roll.character.name if roll.character_id else "", roll.author.get_username())
    fields = (roll.pk, roll.campaign_id, roll.kind, roll.visibility, roll.call_id, roll.created_at.isoformat(), names)
    made = json.dumps([fields, roll.request, roll.outcome, roll.reveal], sort_keys=True, default=str)
    digest = hashlib.blake2b(made.encode(), digest_size=12).hexdigest()
    return f"row:{drawing_code()}:{shown}:{roll.pk}:{digest}"


def _draw(roll, audience: Audience) -> str | None:
    """The row as the audience its key names sees it (a called player sees the table's view of a roll)."""
    view = roll_view(roll, Audience.GM if audience is Audience.GM else Audience.TABLE)
    return None if view is None else _render(view)


def _render(view) -> str:
    return render_to_string(ROW, {"roll": view, "keep_row": True})


@functools.cache
def drawing_code() -> str:
    """A fingerprint of the templates and the Python that draw rows: a release that changes them
    draws its rows anew instead of showing the kept ones."""
    digest = hashlib.blake2b(digest_size=6)
    for folder in ("campaigns", "templates", "rules", "characters"):
        for path in sorted((Path(settings.BASE_DIR) / folder).rglob("*")):
            if path.suffix in (".py", ".html") and "tests" not in path.parts:
                digest.update(path.read_bytes())
    return digest.hexdigest()


def quietly(call, *args):
    """A cache call; without the cache, None, and the rows are drawn as if none were kept."""
    try:
        return call(*args)
    except (RedisError, OSError) as error:
        logger.warning("Log rows without their cache: %s", error)
        return None
