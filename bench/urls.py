"""The app's URLs, and two baselines measured on the same server in the same run:
a trivial view, and a view that does one INSERT and renders one small template."""

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


urlpatterns = [
    path("bench/hello/", hello),
    path("bench/insert/", insert_and_render),
    path("", include(app_urlpatterns)),
]
