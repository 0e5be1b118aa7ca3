from django.urls import path

from campaigns.plugins.base import GM, MEMBER
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

urlpatterns = [
    path("calls/", views.call_action, name="cgg_call"),
    path("odds/", views.action_odds, name="cgg_odds"),
    path("calls/<int:call_id>/roll/", views.roll, name="cgg_roll"),
    path("calls/<int:call_id>/wrench/", views.wrench, name="cgg_wrench"),
    path("calls/<int:call_id>/enhanced/", views.enhanced, name="cgg_enhanced"),
    path("calls/<int:call_id>/hammer/", views.hammer, name="cgg_hammer"),
    path("calls/<int:call_id>/gear/", views.confirm_gear, name="cgg_confirm_gear"),
    path("calls/<int:call_id>/gear/odds/", views.gear_odds, name="cgg_gear_odds"),
    path("explorers/<int:character_id>/crisis/", views.resolve_crisis, name="cgg_resolve_crisis"),
    path("explorers/<int:character_id>/clock/", views.adjust_clock, name="cgg_clock"),
    path("tension/", tension_views.tension, name="cgg_tension"),
    path("tension/turn/", round_views.turn, name="cgg_turn"),
    path("tension/turn/forms/", round_views.turn_forms, name="cgg_turn_forms"),
    path("rolls/<int:roll_id>/lower/", tension_views.lower, name="cgg_lower_tension"),
    path("tension/edge-bonus/", round_views.edge_bonus, name="cgg_edge_bonus"),
    path("explorers/<int:character_id>/advance/", advancement_views.advance, name="cgg_advance"),
    path("diligence/", diligence_views.diligence, name="cgg_diligence"),
    path("rolls/<int:roll_id>/fallout/", fallout.fallout, name="cgg_fallout"),
    path("explorers/<int:character_id>/conditions/", conditions.condition, name="cgg_condition"),
    path("explorers/<int:character_id>/quick/clock/", quick_edits.quick_clock, name="cgg_quick_clock"),
    path("explorers/<int:character_id>/quick/condition/", quick_edits.quick_condition, name="cgg_quick_condition"),
    path("explorers/<int:character_id>/leverage/end/", leverage_goals.end_leverage_view, name="cgg_leverage_end"),
]

# Who may use each step (a method, and the GM or any member): the trust tests hold every
# route to it (tests/test_trust.py), so a new step without its line here fails them.
ACCESS = {
    "cgg_call": ("post", GM),
    "cgg_odds": ("get", GM),
    "cgg_roll": ("post", MEMBER),
    "cgg_wrench": ("post", MEMBER),
    "cgg_enhanced": ("post", MEMBER),
    "cgg_hammer": ("post", GM),
    "cgg_confirm_gear": ("post", GM),
    "cgg_gear_odds": ("get", GM),
    "cgg_resolve_crisis": ("post", GM),
    "cgg_clock": ("post", GM),
    "cgg_tension": ("post", GM),
    "cgg_turn": ("post", MEMBER),
    "cgg_turn_forms": ("get", MEMBER),
    "cgg_edge_bonus": ("post", MEMBER),
    "cgg_lower_tension": ("post", GM),
    "cgg_advance": ("post", GM),
    "cgg_diligence": ("post", MEMBER),
    "cgg_fallout": ("post", GM),
    "cgg_condition": ("post", GM),
    "cgg_leverage_end": ("post", GM),
    "cgg_quick_clock": ("post", GM),
    "cgg_quick_condition": ("post", GM),
}
