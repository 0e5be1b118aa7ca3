from django.contrib import admin
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from campaigns import views as campaign_views

admin.site.site_header = "Fivefold — campaign administration"
admin.site.site_title = "Fivefold admin"


@require_GET
@cache_control(max_age=86400, public=True)
def no_favicon(request):
    """No icon (base.html's pages say `data:,`); the admin's pages ask for /favicon.ico: nothing,
    without a 404 in the console (issue 18)."""
    return HttpResponse(status=204)


urlpatterns = [
    path("favicon.ico", no_favicon),
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
