from django.urls import path

from campaigns.pages import (
    card_call_views,
    card_views,
    fairness_views,
    lifecycle_views,
    needs_views,
    people_views,
    saved_call_views,
    settings_views,
    views,
)
from campaigns.plugins import registry

urlpatterns = [
    path("new/", views.campaign_new, name="campaign_new"),
    path("<int:campaign_id>/", views.table, name="table"),
    path("<int:campaign_id>/roll/", views.roll, name="roll"),
    path("<int:campaign_id>/needs/", needs_views.needs, name="needs"),
    path("<int:campaign_id>/people/", people_views.people, name="table_people"),
    path("<int:campaign_id>/odds/", views.odds, name="odds"),
    path("<int:campaign_id>/fairness/", fairness_views.fairness_page, name="fairness"),
    path("<int:campaign_id>/rolls/<int:roll_id>/", fairness_views.roll_page, name="roll_page"),
    path("<int:campaign_id>/rolls/<int:roll_id>/chart/", views.roll_chart, name="roll_chart"),
    path("<int:campaign_id>/characters/<int:character_id>/roll/", card_views.card_roll, name="card_roll"),
    path("<int:campaign_id>/characters/<int:character_id>/saved/", card_views.saved_roll, name="saved_roll"),
    path(
        "<int:campaign_id>/characters/<int:character_id>/saved/remove/",
        card_views.saved_roll_remove,
        name="saved_roll_remove",
    ),
    path("<int:campaign_id>/calls/saved/", saved_call_views.saved_call_use, name="saved_call_use"),
    path("<int:campaign_id>/calls/saved/remove/", saved_call_views.saved_call_remove, name="saved_call_remove"),
    path("<int:campaign_id>/card-calls/", card_call_views.card_call_new, name="card_call_new"),
    path("<int:campaign_id>/card-calls/rolls/", card_call_views.card_call_choices, name="card_call_choices"),
    path(
        "<int:campaign_id>/card-calls/<int:call_id>/answer/", card_call_views.card_call_answer, name="card_call_answer"
    ),
    path("<int:campaign_id>/calls/", views.call_new, name="call_new"),
    path("<int:campaign_id>/calls/<int:call_id>/answer/", views.call_answer, name="call_answer"),
    path("<int:campaign_id>/calls/<int:call_id>/cancel/", views.call_cancel, name="call_cancel"),
    path("<int:campaign_id>/sessions/start/", views.session_start, name="session_start"),
    path("<int:campaign_id>/sessions/end/", views.session_end, name="session_end"),
    path("<int:campaign_id>/invite/", views.invite_regenerate, name="invite_regenerate"),
    path("<int:campaign_id>/players/<int:membership_id>/remove/", views.player_remove, name="player_remove"),
    path("<int:campaign_id>/settings/", settings_views.campaign_settings, name="campaign_settings"),
    path("<int:campaign_id>/leave/", lifecycle_views.leave, name="leave"),
    path("<int:campaign_id>/campaign/", lifecycle_views.campaign_lifecycle, name="campaign_lifecycle"),
    path("<int:campaign_id>/campaign/delete/", lifecycle_views.campaign_delete, name="campaign_delete"),
    path("<int:campaign_id>/export.<str:fmt>", views.export, name="export"),
    *registry.url_patterns(),
]
