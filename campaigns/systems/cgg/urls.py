from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from campaigns.systems.cgg import (
    advancement_views,
    conditions,
    diligence_views,
    fallout,
    leverage_goals,
    quick_edits,
    round_views,
    tension_views,
    views,
)

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("calls/", views.call_action, "cgg_call", "post", GM),
    ("odds/", views.action_odds, "cgg_odds", "get", GM),
    ("calls/<int:call_id>/roll/", views.roll, "cgg_roll", "post", MEMBER),
    ("calls/<int:call_id>/wrench/", views.wrench, "cgg_wrench", "post", MEMBER),
    ("calls/<int:call_id>/enhanced/", views.enhanced, "cgg_enhanced", "post", MEMBER),
    ("calls/<int:call_id>/hammer/", views.hammer, "cgg_hammer", "post", GM),
    ("calls/<int:call_id>/gear/", views.confirm_gear, "cgg_confirm_gear", "post", GM),
    ("calls/<int:call_id>/gear/odds/", views.gear_odds, "cgg_gear_odds", "get", GM),
    ("explorers/<int:character_id>/crisis/", views.resolve_crisis, "cgg_resolve_crisis", "post", GM),
    ("explorers/<int:character_id>/clock/", views.adjust_clock, "cgg_clock", "post", GM),
    ("tension/", tension_views.tension, "cgg_tension", "post", GM),
    ("tension/turn/", round_views.turn, "cgg_turn", "post", MEMBER),
    ("tension/turn/forms/", round_views.turn_forms, "cgg_turn_forms", "get", MEMBER),
    ("rolls/<int:roll_id>/lower/", tension_views.lower, "cgg_lower_tension", "post", GM),
    ("tension/edge-bonus/", round_views.edge_bonus, "cgg_edge_bonus", "post", MEMBER),
    ("explorers/<int:character_id>/advance/", advancement_views.advance, "cgg_advance", "post", GM),
    ("diligence/", diligence_views.diligence, "cgg_diligence", "post", MEMBER),
    ("rolls/<int:roll_id>/fallout/", fallout.fallout, "cgg_fallout", "post", GM),
    ("explorers/<int:character_id>/conditions/", conditions.condition, "cgg_condition", "post", GM),
    ("explorers/<int:character_id>/quick/clock/", quick_edits.quick_clock, "cgg_quick_clock", "post", GM),
    ("explorers/<int:character_id>/quick/condition/", quick_edits.quick_condition, "cgg_quick_condition", "post", GM),
    ("explorers/<int:character_id>/leverage/end/", leverage_goals.end_leverage_view, "cgg_leverage_end", "post", GM),
)
