"""When the database fails, say so: nothing was changed (a failed transaction has already
rolled back), try again in a moment. A 503 page that reads nothing from the database,
never a bare server error, whether the failure comes in a view or in a middleware (the
session's save, say) when PostgreSQL is down."""

import logging
import sys

from django.db import DatabaseError
from django.http import Http404
from django.shortcuts import render
from django.views import defaults

from campaigns.life.lifecycle import CampaignArchived
from campaigns.plugins.registry import SystemNotInstalled

logger = logging.getLogger(__name__)


def database_error_page(request):
    return render(request, "campaigns/database_error.html", status=503)


class ErrorPagesMiddleware:
    """The app's own page for a view's failure. A database error: the 503 page (nothing was
    changed). A campaign of a rules system not installed here: a page that says so (501).
    A view's 404 (a table the viewer no longer sits at, a deleted campaign): the app's 404
    page with the way home, in local play (DEBUG) too, where Django would show its technical
    page to a player following an old link. A URL no route matches is left to
    Django."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DatabaseError):
            logger.exception("Database error on %s", request.path)
            return database_error_page(request)
        if isinstance(exception, Http404):
            return render(request, "404.html", status=404)
        if isinstance(exception, SystemNotInstalled):
            # A campaign (or a roll) of a system whose app was taken out of INSTALLED_APPS.
            return render(request, "campaigns/not_installed.html", {"key": exception.key}, status=501)
        if isinstance(exception, CampaignArchived):
            # A write to an archived campaign: read-only until its GM brings it back.
            # 423 Locked: the table's script says so in words of its own (static/fivefold/table.js).
            return render(request, "campaigns/archived.html", {"campaign": exception.campaign}, status=423)
        return None


def server_error(request):
    """Django's handler500, called for an error anywhere: the database's failures outside a
    view (a middleware's, which no process_exception sees) get the database page too."""
    if isinstance(sys.exc_info()[1], DatabaseError):
        return database_error_page(request)
    return defaults.server_error(request)
