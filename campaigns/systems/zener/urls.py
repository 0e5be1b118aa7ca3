from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from campaigns.systems.zener import endurance, fight, gear_views, growth_views, immersion, quick, radiation_views, views

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("checks/", views.check, "zener_check", "post", MEMBER),
    ("odds/", views.odds, "zener_odds", "get", MEMBER),
    ("languages/", views.language, "zener_language", "post", MEMBER),
    ("languages/odds/", views.language_odds, "zener_language_odds", "get", MEMBER),
    ("languages/immersion/", immersion.immersion, "zener_immersion", "post", MEMBER),
    ("rolls/<int:roll_id>/karma/", views.karma_on_roll, "zener_karma_on_roll", "post", MEMBER),
    ("rolls/<int:roll_id>/karma/options/", views.karma_options, "zener_karma_options", "get", MEMBER),
    ("karma/", views.karma, "zener_karma", "post", GM),
    ("tables/", views.tables, "zener_tables", "get", MEMBER),
    ("attacks/", views.attack, "zener_attack", "post", GM),
    ("initiative/", views.initiative, "zener_initiative", "post", GM),
    ("death-saves/", views.death_save, "zener_death_save", "post", GM),
    ("rest/", views.rest, "zener_rest", "post", GM),
    ("missed-action/", views.skip_action, "zener_skip_action", "post", GM),
    ("time/", endurance.time_view, "zener_time", "post", GM),
    ("fight-over/", fight.fight_over_view, "zener_fight_over", "post", GM),
    ("disadvantages/", growth_views.growth, "zener_growth", "post", GM),
    ("transitions/", radiation_views.transition, "zener_transition", "post", GM),
    ("therapies/", radiation_views.therapy, "zener_therapy", "post", GM),
    ("radiation/move/", radiation_views.move, "zener_radiation_move", "post", GM),
    ("macguffins/invest/", gear_views.invest, "zener_macguffin_invest", "post", GM),
    ("macguffins/improve/", gear_views.improve, "zener_macguffin_improve", "post", GM),
    ("transition/delay/", gear_views.delay_transition, "zener_delay_transition", "post", GM),
    ("equipment/used-up/", gear_views.consume, "zener_consume", "post", GM),
    ("characters/<int:character_id>/quick-edit/", quick.quick_edit_view, "zener_quick_edit", "post", GM),
)
