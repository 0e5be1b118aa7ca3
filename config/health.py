"""/healthz: for a reverse proxy or a load balancer, is this process fit to serve a table?

200 when the database answers a `SELECT 1` and the channel layer carries a message to a channel
of its own and back; 503 otherwise, naming the part that failed. A tiny JSON body, never cached.
It reads no session and no user (SessionMiddleware and AuthenticationMiddleware load them only
when asked) and takes no post, so no log-in and no CSRF token: a probe every few seconds costs one
query and one round trip to Redis. The probe still sends a Host of ALLOWED_HOSTS, as every request
must; over plain http too (settings.SECURE_REDIRECT_EXEMPT), as a probe of the process behind the
proxy goes."""

import logging

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from campaigns.table import live

logger = logging.getLogger(__name__)


def database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def channel_layer() -> None:
    live.check_layer()


CHECKS = {"database": database, "channel_layer": channel_layer}


@require_safe
@never_cache
def healthz(request):
    answers = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:  # whatever the failure, the answer is the same: not fit to serve
            logger.warning("Health check: the %s does not answer", name.replace("_", " "), exc_info=True)
            answers[name] = "failing"
        else:
            answers[name] = "ok"
    healthy = all(answer == "ok" for answer in answers.values())
    return JsonResponse({"status": "ok" if healthy else "failing", **answers}, status=200 if healthy else 503)
