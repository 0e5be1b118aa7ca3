from django.urls import path

from campaigns.systems.tribute import views

urlpatterns = [
    path("tests/", views.test, name="tribute_test"),
    path("odds/", views.odds, name="tribute_odds"),
    path("opposed/", views.opposed, name="tribute_opposed"),
    path("tests/<int:call_id>/opposition/", views.opposition, name="tribute_opposition"),
    path("tests/<int:call_id>/roll/", views.opposed_roll, name="tribute_roll"),
    path("tests/<int:call_id>/assign/", views.assign, name="tribute_assign"),
]
