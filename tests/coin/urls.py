from django.urls import path

from campaigns.plugins.base import GM, MEMBER
from tests.coin import views

urlpatterns = [
    path("calls/", views.call, name="coin_call"),
    path("calls/<int:call_id>/flip/", views.flip, name="coin_flip"),
]

# Who may use each step: the trust tests hold every route to it (tests/test_trust.py).
ACCESS = {
    "coin_call": ("post", GM),
    "coin_flip": ("post", MEMBER),
}
