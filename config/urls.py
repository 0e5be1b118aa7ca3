from django.contrib import admin
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from campaigns.pages import views as campaign_views
from config import health

admin.site.site_header = "Fivefold — campaign administration"
admin.site.site_title = "Fivefold admin"


# A plain mark (base.html's pages say `data:,`, no icon): the admin's pages ask the browser for
# /favicon.ico, which was a 404 in their console.
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    '<rect x="1" y="1" width="14" height="14" rx="3" fill="#2f5f8a"/><circle cx="8" cy="8" r="2" fill="#fff"/></svg>'
)


@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request):
    return HttpResponse(FAVICON, content_type="image/svg+xml")


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("healthz", health.healthz, name="healthz"),  # for the proxy and load balancer (config/health.py)
    path("", campaign_views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("campaigns/", include("characters.urls")),
    path("join/<str:token>/", campaign_views.join, name="join"),
    path("rules/", campaign_views.rules_page, name="rules"),
    path("rules/<str:system_key>/", campaign_views.rules_quick_reference, name="rules_system"),
    path("admin/", admin.site.urls),
]

# The database's failures outside a view get its 503 page too (campaigns.pages.middleware).
handler500 = "campaigns.pages.middleware.server_error"
