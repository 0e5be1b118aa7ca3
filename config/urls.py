from django.contrib import admin
from django.urls import include, path

from campaigns import views as campaign_views

admin.site.site_header = "Fivefold — campaign administration"
admin.site.site_title = "Fivefold admin"

urlpatterns = [
    path("", campaign_views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("join/<str:token>/", campaign_views.join, name="join"),
    path("rules/", campaign_views.rules_page, name="rules"),
    path("rules/<str:system_key>/", campaign_views.rules_quick_reference, name="rules_system"),
    path("admin/", admin.site.urls),
]

# The database's failures outside a view get its 503 page too (campaigns.middleware).
handler500 = "campaigns.middleware.server_error"
