from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from campaigns.systems.ore import compatible, views
from campaigns.toolkit.gm_notes import notes_view

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("rolls/", views.roll, "ore_roll", "post", MEMBER),
    ("odds/", views.odds, "ore_odds", "get", MEMBER),
    ("contests/", views.contest, "ore_contest", "post", GM),
    ("rolls/<int:call_id>/difficulty/", views.difficulty, "ore_difficulty", "post", GM),
    ("rolls/<int:call_id>/roll/", views.contest_roll, "ore_contest_roll", "post", MEMBER),
    ("rolls/<int:call_id>/wiggle/", views.wiggle, "ore_wiggle", "post", MEMBER),
    ("log/<int:roll_id>/not-compatible/", compatible.not_compatible, "ore_not_compatible", "post", GM),
    ("characters/<int:character_id>/notes/", notes_view("ore"), "ore_gm_notes", "post", GM),
)
