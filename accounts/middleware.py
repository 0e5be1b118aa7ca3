"""A click after the log-in has expired goes to the log-in page as a whole page, and comes back
to the page it was clicked on.

`login_required` answers such a request with a redirect to the log-in page, `?next=` the address
asked for. For a page that is right. For an htmx request it is not: the browser follows the
redirect itself, and htmx swaps the log-in page into the form's target, a page inside the table;
and `next` names a fragment (the odds preview) or a post's address, which after logging in would
show a bare fragment or a 405. So the redirect of any such request, in every view at once:

- from htmx: `HX-Redirect` (htmx loads the whole page), back to the page htmx says it is on
  (`HX-Current-URL`);
- from a plain form post (no JavaScript): back to the page the form was on (`Referer`), or
  without one to the post's own address as before (the invite page posts to itself).

Either says on the log-in page that nothing was done, through the address (`why=expired`), not a
one-time message: a click can send two requests at once (the post and an odds preview), and two
redirects, one of which would show the message and the next a page without it. A page of another
site is never `next`.
"""

from urllib.parse import parse_qs, urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import resolve_url
from django_htmx.http import HttpResponseClientRedirect

WHY = "why=expired"


class LoginRedirectMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (request.method == "GET" and not request.htmx) or not _sent_to_log_in(request, response):
            return response  # a page asked for: login_required's own redirect is right
        if request.htmx:
            page = request.htmx.current_url_abs_path
            return HttpResponseClientRedirect(_expired(redirect_to_login(page).url if page else settings.LOGIN_URL))
        page = _same_site(request, "Referer")
        back = redirect_to_login(page) if page else response  # without one, the post's own address
        back["Location"] = _expired(back["Location"])
        return back


def _expired(log_in_url: str) -> str:
    """The log-in page's address, saying why the user is there (registration/login.html)."""
    url = resolve_url(log_in_url)
    return f"{url}{'&' if '?' in url else '?'}{WHY}"


def _sent_to_log_in(request, response) -> bool:
    """Is this login_required's answer: to the log-in page, and back to this very request?"""
    if response.status_code != 302:
        return False
    location = urlsplit(response["Location"])
    if location.path != resolve_url(settings.LOGIN_URL):
        return False
    back = parse_qs(location.query).get("next", [""])[0]
    return back in (request.get_full_path(), request.build_absolute_uri())


def _same_site(request, header: str) -> str | None:
    """The path and query of a page of this site named in a header; None for any other."""
    url = urlsplit(request.headers.get(header, ""))
    if url.scheme != request.scheme or url.netloc != request.get_host():
        return None
    return urlunsplit(url._replace(scheme="", netloc="")) or None
