from django.urls import path

from campaigns.plugins.base import GM, MEMBER
from campaigns.systems.ore import compatible, views
from campaigns.toolkit.gm_notes import notes_view

urlpatterns = [
    path("rolls/", views.roll, name="ore_roll"),
    path("odds/", views.odds, name="ore_odds"),
    path("contests/", views.contest, name="ore_contest"),
    path("rolls/<int:call_id>/difficulty/", views.difficulty, name="ore_difficulty"),
    path("rolls/<int:call_id>/roll/", views.contest_roll, name="ore_contest_roll"),
    path("rolls/<int:call_id>/wiggle/", views.wiggle, name="ore_wiggle"),
    path("log/<int:roll_id>/not-compatible/", compatible.not_compatible, name="ore_not_compatible"),
    path("characters/<int:character_id>/notes/", notes_view("ore"), name="ore_gm_notes"),
]

# Who may use each step (a method, and the GM or any member): the trust tests hold every
# route to it (tests/test_trust.py), so a new step without its line here fails them.
ACCESS = {
    "ore_roll": ("post", MEMBER),
    "ore_odds": ("get", MEMBER),
    "ore_contest": ("post", GM),
    "ore_difficulty": ("post", GM),
    "ore_contest_roll": ("post", MEMBER),
    "ore_wiggle": ("post", MEMBER),
    "ore_not_compatible": ("post", GM),
    "ore_gm_notes": ("post", GM),
}
