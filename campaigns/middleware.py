"""When the database fails in the middle of a change, the transaction has already
rolled back: tell the person so, instead of a bare server error."""

import logging

from django.db import DatabaseError
from django.shortcuts import render

logger = logging.getLogger(__name__)


class DatabaseErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, DatabaseError):
            return None
        logger.exception("Database error on %s", request.path)
        return render(request, "campaigns/database_error.html", status=503)
