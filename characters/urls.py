"""A character's pages, under its campaign's address."""

from django.urls import path

from characters import delete_views, views

urlpatterns = [
    path("<int:campaign_id>/characters/new/", views.character_new, name="character_new"),
    path("<int:campaign_id>/characters/<int:character_id>/", views.character_edit, name="character_edit"),
    path("<int:campaign_id>/characters/import/", views.character_import, name="character_import"),
    path(
        "<int:campaign_id>/characters/<int:character_id>/sheet.json",
        views.character_download,
        name="character_download",
    ),
    path(
        "<int:campaign_id>/characters/<int:character_id>/delete/",
        delete_views.character_delete,
        name="character_delete",
    ),
    path(
        "<int:campaign_id>/characters/<int:character_id>/restore/",
        delete_views.character_restore,
        name="character_restore",
    ),
]
