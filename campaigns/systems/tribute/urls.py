from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from campaigns.systems.tribute import views
from campaigns.toolkit.gm_notes import notes_view

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("tests/", views.test, "tribute_test", "post", MEMBER),
    ("odds/", views.odds, "tribute_odds", "get", MEMBER),
    ("opposed/", views.opposed, "tribute_opposed", "post", GM),
    ("events/", views.events, "tribute_events", "post", GM),
    ("tests/<int:call_id>/opposition/", views.opposition, "tribute_opposition", "post", GM),
    ("tests/<int:call_id>/roll/", views.opposed_roll, "tribute_roll", "post", MEMBER),
    ("tests/<int:call_id>/assign/", views.assign, "tribute_assign", "post", MEMBER),
    ("characters/<int:character_id>/notes/", notes_view("tribute"), "tribute_gm_notes", "post", GM),
)
