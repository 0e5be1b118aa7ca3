from campaigns.plugins.base import GM, MEMBER
from campaigns.plugins.urls import steps
from tests.coin import views

# Each step: its route, view and name, and who may use it (a method, and the GM or any member).
urlpatterns, ACCESS = steps(
    ("calls/", views.call, "coin_call", "post", GM),
    ("calls/<int:call_id>/flip/", views.flip, "coin_flip", "post", MEMBER),
)
