"""A system's URLs, each step's route written once beside who may use it (base.AdapterBase.urls)."""

from django.urls import path


def steps(*rows) -> tuple[list, dict]:
    """A system's `urlpatterns` and its `ACCESS` from one row a step: (route, view, name, method, who),
    `who` being MEMBER or GM (base). The trust tests hold every route to its row (tests/test_trust.py)."""
    urlpatterns = [path(route, view, name=name) for route, view, name, _method, _who in rows]
    access = {name: (method, who) for _route, _view, name, method, who in rows}
    return urlpatterns, access
