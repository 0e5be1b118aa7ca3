from django.urls import path

from campaigns.systems.ore import views

urlpatterns = [
    path("rolls/", views.roll, name="ore_roll"),
    path("odds/", views.odds, name="ore_odds"),
    path("contests/", views.contest, name="ore_contest"),
    path("rolls/<int:call_id>/difficulty/", views.difficulty, name="ore_difficulty"),
    path("rolls/<int:call_id>/roll/", views.contest_roll, name="ore_contest_roll"),
    path("rolls/<int:call_id>/wiggle/", views.wiggle, name="ore_wiggle"),
]
