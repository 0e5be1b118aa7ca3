import pytest
from django.urls import reverse

from accounts.models import User
from tests.fixtures import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a much newer passphrase 42"


def test_sign_up_logs_in_and_goes_home(client):
    response = client.post(
        reverse("signup"), {"username": "newbie", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert client.get(reverse("home")).context["user"].username == "newbie"


def test_sign_up_returns_to_the_invite_it_came_from(client, campaign):
    join_url = reverse("join", args=[campaign.invite_token])
    response = client.post(
        reverse("signup"),
        {"username": "newbie", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "next": join_url},
    )
    assert response.url == join_url


def test_sign_up_ignores_a_next_that_leaves_the_site(client):
    response = client.post(
        reverse("signup"),
        {"username": "newbie", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "next": "https://evil.example/"},
    )
    assert response.url == reverse("home")


def test_sign_up_with_mismatched_passwords_explains_and_creates_nobody(client):
    response = client.post(reverse("signup"), {"username": "newbie", "password1": NEW_PASSWORD, "password2": "x"})
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()


def test_log_in_and_log_out(client, player):
    response = client.post(reverse("login"), {"username": player.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == player
    assert client.get(reverse("logout")).status_code == 405
    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_wrong_password_is_refused(client, player):
    response = client.post(reverse("login"), {"username": player.username, "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


def test_change_password(player_client, player):
    response = player_client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)


def test_change_password_needs_a_log_in(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_repeated_failed_logins_are_refused_for_a_while(client, player):
    from django.core.cache import cache

    cache.clear()
    for _ in range(5):
        assert client.post(reverse("login"), {"username": player.username, "password": "nope"}).status_code == 200
    blocked = client.post(reverse("login"), {"username": player.username, "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many failed log-ins" in blocked.content.decode()
    assert not client.get(reverse("home")).context["user"].is_authenticated
    cache.clear()
    assert client.post(reverse("login"), {"username": player.username, "password": PASSWORD}).status_code == 302
