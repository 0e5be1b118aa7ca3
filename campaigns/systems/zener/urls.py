from django.urls import path

from campaigns.plugins.base import GM, MEMBER
from campaigns.systems.zener import endurance, fight, gear_views, growth_views, immersion, quick, radiation_views, views

urlpatterns = [
    path("checks/", views.check, name="zener_check"),
    path("odds/", views.odds, name="zener_odds"),
    path("languages/", views.language, name="zener_language"),
    path("languages/odds/", views.language_odds, name="zener_language_odds"),
    path("languages/immersion/", immersion.immersion, name="zener_immersion"),
    path("rolls/<int:roll_id>/karma/", views.karma_on_roll, name="zener_karma_on_roll"),
    path("rolls/<int:roll_id>/karma/options/", views.karma_options, name="zener_karma_options"),
    path("karma/", views.karma, name="zener_karma"),
    path("tables/", views.tables, name="zener_tables"),
    path("attacks/", views.attack, name="zener_attack"),
    path("initiative/", views.initiative, name="zener_initiative"),
    path("death-saves/", views.death_save, name="zener_death_save"),
    path("rest/", views.rest, name="zener_rest"),
    path("missed-action/", views.skip_action, name="zener_skip_action"),
    path("time/", endurance.time_view, name="zener_time"),
    path("fight-over/", fight.fight_over_view, name="zener_fight_over"),
    path("disadvantages/", growth_views.growth, name="zener_growth"),
    path("transitions/", radiation_views.transition, name="zener_transition"),
    path("therapies/", radiation_views.therapy, name="zener_therapy"),
    path("radiation/move/", radiation_views.move, name="zener_radiation_move"),
    path("macguffins/invest/", gear_views.invest, name="zener_macguffin_invest"),
    path("macguffins/improve/", gear_views.improve, name="zener_macguffin_improve"),
    path("transition/delay/", gear_views.delay_transition, name="zener_delay_transition"),
    path("equipment/used-up/", gear_views.consume, name="zener_consume"),
    path("characters/<int:character_id>/quick-edit/", quick.quick_edit_view, name="zener_quick_edit"),
]

# Who may use each step (a method, and the GM or any member): the trust tests hold every
# route to it (tests/test_trust.py), so a new step without its line here fails them.
ACCESS = {
    "zener_check": ("post", MEMBER),
    "zener_odds": ("get", MEMBER),
    "zener_language": ("post", MEMBER),
    "zener_language_odds": ("get", MEMBER),
    "zener_immersion": ("post", MEMBER),
    "zener_karma_on_roll": ("post", MEMBER),
    "zener_karma": ("post", GM),
    "zener_karma_options": ("get", MEMBER),
    "zener_tables": ("get", MEMBER),
    "zener_attack": ("post", GM),
    "zener_initiative": ("post", GM),
    "zener_death_save": ("post", GM),
    "zener_rest": ("post", GM),
    "zener_skip_action": ("post", GM),
    "zener_time": ("post", GM),
    "zener_fight_over": ("post", GM),
    "zener_growth": ("post", GM),
    "zener_transition": ("post", GM),
    "zener_therapy": ("post", GM),
    "zener_radiation_move": ("post", GM),
    "zener_macguffin_invest": ("post", GM),
    "zener_macguffin_improve": ("post", GM),
    "zener_delay_transition": ("post", GM),
    "zener_consume": ("post", GM),
    "zener_quick_edit": ("post", GM),
}
