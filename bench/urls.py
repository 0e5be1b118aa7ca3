"""The app's URLs, and the baselines measured on the same server in the same run: a trivial view,
a view that does one INSERT and renders one small template, and a signed-in POST that does nothing
(the session, the user and the CSRF check every step of the app pays before its own work)."""

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpResponse
from django.template import engines
from django.urls import include, path

from config.urls import urlpatterns as app_urlpatterns

PING = engines["django"].from_string("<p>Ping {{ id }} at {{ at|date:'H:i:s' }}</p>")


def hello(request):
    return HttpResponse("hello")


def insert_and_render(request):
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_ping (at) VALUES (now()) RETURNING id, at")
        ping_id, at = cursor.fetchone()
    return HttpResponse(PING.render({"id": ping_id, "at": at}))


@login_required
def signed_in(request):
    return HttpResponse(str(request.user.pk))


urlpatterns = [
    path("bench/hello/", hello),
    path("bench/signed-in/", signed_in),
    path("bench/insert/", insert_and_render),
    path("", include(app_urlpatterns)),
]
