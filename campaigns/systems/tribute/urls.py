from django.urls import path

from campaigns.plugins.base import GM, MEMBER
from campaigns.systems.tribute import views
from campaigns.toolkit.gm_notes import notes_view

urlpatterns = [
    path("tests/", views.test, name="tribute_test"),
    path("odds/", views.odds, name="tribute_odds"),
    path("opposed/", views.opposed, name="tribute_opposed"),
    path("events/", views.events, name="tribute_events"),
    path("tests/<int:call_id>/opposition/", views.opposition, name="tribute_opposition"),
    path("tests/<int:call_id>/roll/", views.opposed_roll, name="tribute_roll"),
    path("tests/<int:call_id>/assign/", views.assign, name="tribute_assign"),
    path("characters/<int:character_id>/notes/", notes_view("tribute"), name="tribute_gm_notes"),
]

# Who may use each step (a method, and the GM or any member): the trust tests hold every
# route to it (tests/test_trust.py), so a new step without its line here fails them.
ACCESS = {
    "tribute_test": ("post", MEMBER),
    "tribute_odds": ("get", MEMBER),
    "tribute_opposed": ("post", GM),
    "tribute_events": ("post", GM),
    "tribute_opposition": ("post", GM),
    "tribute_roll": ("post", MEMBER),
    "tribute_assign": ("post", MEMBER),
    "tribute_gm_notes": ("post", GM),
}
