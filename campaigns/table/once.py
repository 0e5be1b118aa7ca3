"""Every form post counts once.

Each form the app renders carries a one-time token (`{% form_tokens %}`, next to the CSRF
token). Before the view runs, the token is recorded (campaigns.models.SubmitToken, one row
per user and token); a post whose token is already recorded — a double click, a reload that
posts again, a replay — is answered without running the view again, so nothing is recorded
twice. A post that changed nothing (4xx, 5xx) gives its token back, so it can be sent again.

The browser side (static/fivefold/table.js) disables a form's buttons while its post is in
flight, and puts the fresh token each answer carries (`Form-Token`) into the form it came
from: a form htmx leaves on the page (the roll form stays as the player left it) can post
again. A post without a token (the tests' client, scripts) runs as before: the token protects
people from their own double clicks; it is not an access control (CSRF and the views are).
"""

import logging
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta

from django.contrib import messages
from django.db import DatabaseError, IntegrityError, transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import reswap

from campaigns.common import sources
from campaigns.models import SubmitToken

logger = logging.getLogger(__name__)

FIELD = "form_token"
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what new_token() makes
HEADER = "Form-Token"
REPEATED = "That was already sent."
KEEP = timedelta(days=1)  # a repeat comes seconds later; a day is ample
PRUNE_EVERY = 100  # claims between deletions of old tokens
KEPT_MARK = "<!--form-tokens-->"  # where the tokens go in a log row kept for every viewer (campaigns.table.rows)
# Set while a part of the page is drawn to be kept (campaigns.table.parts): every form drawn then, in
# whatever template and by whatever render_to_string, gets the mark instead of tokens of its own.
_keeping = ContextVar("keeping", default=False)


@contextmanager
def keeping() -> Iterator[None]:
    reset = _keeping.set(True)
    try:
        yield
    finally:
        _keeping.reset(reset)


def is_keeping() -> bool:
    return _keeping.get()


class SubmitOnceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "_form_tokens_issued", False):
            # A page with one-time tokens is never shown again from the browser's cache: Back
            # would bring tokens already used, and its next post would count as a repeat.
            add_never_cache_headers(response)
        claim = getattr(request, "_submit_claim", None)
        if claim is None:
            return response
        if response.status_code >= 400:
            SubmitToken.objects.filter(pk=claim.pk).delete()
        elif 300 <= response.status_code < 400 and response.has_header("Location"):
            SubmitToken.objects.filter(pk=claim.pk).update(location=response["Location"][:2000])
        return _with_fresh_token(response)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """Runs after the CSRF check: only a genuine post claims its token."""
        if request.method != "POST":
            return None
        token = request.POST.get(FIELD, "")
        if not TOKEN.fullmatch(token):  # none, or not one we made (a NUL byte would reach the database)
            return None
        key = f"{request.user.pk or 0}:{token[:64]}"
        try:
            with transaction.atomic():
                claim = SubmitToken.objects.create(key=key)
        except IntegrityError:
            return _with_fresh_token(_repeat(request, key))
        except DatabaseError:  # as campaigns.pages.middleware answers a view's: nothing was changed
            logger.exception("Database error on %s", request.path)
            return render(request, "campaigns/database_error.html", status=503)
        if claim.pk % PRUNE_EVERY == 0:
            SubmitToken.objects.filter(created_at__lt=sources.now() - KEEP).delete()
        request._submit_claim = claim
        return None


def _repeat(request, key: str) -> HttpResponse:
    """The answer to a post already received: htmx swaps nothing (the first answer and the
    live table show what changed) but says so in the page's alert region, never silence;
    a plain post goes where the first one went, or back."""
    if request.headers.get("HX-Request"):
        return reswap(render(request, "base.html#request_alert", {"refused": REPEATED}), "none")
    location = SubmitToken.objects.filter(key=key).values_list("location", flat=True).first()
    if not location:
        back = request.headers.get("Referer", "")
        here = {request.get_host()}
        location = back if url_has_allowed_host_and_scheme(back, here, require_https=request.is_secure()) else "/"
    messages.info(request, "That was sent already: it counted once.")
    return HttpResponseRedirect(location)


def new_token() -> str:
    return secrets.token_urlsafe(16)


def _with_fresh_token(response: HttpResponse) -> HttpResponse:
    response[HEADER] = new_token()
    return response
