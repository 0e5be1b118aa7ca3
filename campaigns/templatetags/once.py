"""`{% form_tokens %}`: the hidden fields of every form that posts (a builtin, see settings)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from campaigns.table.once import FIELD, KEPT_MARK, is_keeping, new_token

register = template.Library()


@register.simple_tag(takes_context=True)
def form_tokens(context) -> str:
    """The CSRF token, when the form is rendered for a request, and a fresh one-time submit
    token (campaigns.table.once). A live fragment is rendered once for a whole audience, without a
    request: its forms post through htmx, which sends the CSRF token as a header (base.html's
    `hx-headers`), so it needs no CSRF field — and `{% csrf_token %}` would warn in DEBUG."""
    if (
        context.get("keep_row") or is_keeping()
    ):  # a log row kept for all its viewers: each page fills in its own (campaigns.table.rows)
        return mark_safe(KEPT_MARK)
    request = context.get("request")
    if request is not None:  # campaigns.table.once.SubmitOnceMiddleware keeps such a page out of caches
        request._form_tokens_issued = True
    once = format_html('<input type="hidden" name="{}" value="{}">', FIELD, new_token())
    csrf = context.get("csrf_token")
    if not csrf or csrf == "NOTPROVIDED":
        return once
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">{}', csrf, once)
