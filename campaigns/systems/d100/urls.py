from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from campaigns.systems.d100 import gm_views, quick_views, views

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("tests/", views.test, "d100_test", "post", MEMBER),
    ("odds/", views.odds, "d100_odds", "get", MEMBER),
    ("tests/<int:call_id>/difficulty/", views.difficulty, "d100_difficulty", "post", GM),
    ("rolls/<int:roll_id>/reroll/", views.reroll, "d100_reroll", "post", MEMBER),
    ("rolls/<int:roll_id>/fortune/", views.fortune_options, "d100_fortune_options", "get", MEMBER),
    ("spend/", views.spend, "d100_spend", "post", MEMBER),
    ("dice/", views.die, "d100_die", "post", MEMBER),
    ("dice/<int:roll_id>/six/", views.six, "d100_six", "post", MEMBER),
    ("recover/", views.recover, "d100_recover", "post", GM),
    ("opposed/", views.opposed, "d100_opposed", "post", GM),
    ("rolls/<int:roll_id>/sides/<int:side>/reroll/", views.opposed_reroll, "d100_opposed_reroll", "post", MEMBER),
    ("secret-tests/", gm_views.secret_test, "d100_secret_test", "post", GM),
    ("rolls/<int:roll_id>/reveal/", gm_views.reveal, "d100_reveal", "post", GM),
    ("gm-dice/", gm_views.die, "d100_gm_die", "post", GM),
    ("characters/<int:character_id>/peril/", quick_views.peril, "d100_peril", "post", GM),
)
