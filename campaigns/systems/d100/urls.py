from django.urls import path

from campaigns.plugins.base import GM, MEMBER
from campaigns.systems.d100 import gm_views, quick_views, views

urlpatterns = [
    path("tests/", views.test, name="d100_test"),
    path("odds/", views.odds, name="d100_odds"),
    path("tests/<int:call_id>/difficulty/", views.difficulty, name="d100_difficulty"),
    path("rolls/<int:roll_id>/reroll/", views.reroll, name="d100_reroll"),
    path("rolls/<int:roll_id>/fortune/", views.fortune_options, name="d100_fortune_options"),
    path("spend/", views.spend, name="d100_spend"),
    path("dice/", views.die, name="d100_die"),
    path("dice/<int:roll_id>/six/", views.six, name="d100_six"),
    path("recover/", views.recover, name="d100_recover"),
    path("opposed/", views.opposed, name="d100_opposed"),
    path("rolls/<int:roll_id>/sides/<int:side>/reroll/", views.opposed_reroll, name="d100_opposed_reroll"),
    path("secret-tests/", gm_views.secret_test, name="d100_secret_test"),
    path("rolls/<int:roll_id>/reveal/", gm_views.reveal, name="d100_reveal"),
    path("gm-dice/", gm_views.die, name="d100_gm_die"),
    path("characters/<int:character_id>/peril/", quick_views.peril, name="d100_peril"),
]

# Who may use each step (a method, and the GM or any member): the trust tests hold every
# route to it (tests/test_trust.py), so a new step without its line here fails them.
ACCESS = {
    "d100_test": ("post", MEMBER),
    "d100_odds": ("get", MEMBER),
    "d100_difficulty": ("post", GM),
    "d100_reroll": ("post", MEMBER),
    "d100_fortune_options": ("get", MEMBER),
    "d100_spend": ("post", MEMBER),
    "d100_die": ("post", MEMBER),
    "d100_six": ("post", MEMBER),
    "d100_recover": ("post", GM),
    "d100_opposed": ("post", GM),
    "d100_opposed_reroll": ("post", MEMBER),
    "d100_secret_test": ("post", GM),
    "d100_reveal": ("post", GM),
    "d100_gm_die": ("post", GM),
    "d100_peril": ("post", GM),
}
