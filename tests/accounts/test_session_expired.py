"""A click after the log-in has expired: htmx would follow the redirect to the log-in
page and put that page inside the table. The whole page goes to the log-in page instead, and back
to the page the click came from once logged in; nothing is done."""

from urllib.parse import quote

import pytest
from django.urls import reverse

from campaigns.models import Roll

pytestmark = pytest.mark.django_db
HOST = "http://testserver"


def htmx_from(page: str) -> dict:
    """Headers of a request htmx sends from `page` (htmx names the page it is on)."""
    return {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": f"{HOST}{page}"}


def login_then(page: str, why: str = "&why=expired") -> str:
    """The log-in page's address, back to `page`; saying why for a click that did nothing."""
    return f"{reverse('login')}?next={quote(page, safe='/')}{why}"


@pytest.mark.parametrize(
    ("method", "route", "query"),
    [
        ("post", "roll", ""),  # the Roll button
        ("get", "odds", "?notation=3d6"),  # the odds preview
        ("get", "table", "?before=5"),  # the log's older rolls
        ("get", "table", "?after=0"),  # a catch-up after a dropped socket
        ("post", "call_new", ""),
        ("post", "session_start", ""),
    ],
)
def test_an_htmx_request_after_the_log_in_expired_sends_the_page_to_log_in(client, campaign, method, route, query):
    table = reverse("table", args=[campaign.pk])
    response = getattr(client, method)(reverse(route, args=[campaign.pk]) + query, **htmx_from(table))
    assert response.status_code == 200  # htmx follows a 302 itself, and would swap the log-in page in
    assert "Location" not in response
    assert response["HX-Redirect"] == login_then(table)
    assert response.content == b""
    assert Roll.objects.count() == 0


def test_the_log_in_page_says_why_and_returns_to_the_table(client, campaign, player):
    table = f"/campaigns/{campaign.pk}/?character=1"
    response = client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d6"}, **htmx_from(table))
    assert response["HX-Redirect"] == login_then(table)
    page = client.get(response["HX-Redirect"]).content.decode()
    assert f'name="next" value="{table}"' in page.replace("&amp;", "&")
    assert "You are not logged in (any more), so nothing was done." in page


def test_a_page_on_another_site_is_not_where_the_log_in_returns(client, campaign):
    response = client.get(
        reverse("odds", args=[campaign.pk]), HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL="https://evil.example/x/"
    )
    assert response["HX-Redirect"] == f"{reverse('login')}?why=expired"


def test_a_plain_post_after_the_log_in_expired_returns_to_the_page_it_came_from(client, campaign):
    """Without JavaScript: after logging in, the table, not a GET of the post's address (a 405)."""
    table = reverse("table", args=[campaign.pk])
    response = client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d6"}, HTTP_REFERER=f"{HOST}{table}")
    assert response.status_code == 302
    assert response.url == login_then(table)
    assert Roll.objects.count() == 0


def test_a_page_asked_for_after_the_log_in_expired_still_goes_to_log_in_and_back(client, campaign):
    table = reverse("table", args=[campaign.pk])
    response = client.get(table)
    assert response.status_code == 302
    assert response.url == login_then(table, why="")  # asking for a page does nothing to undo


def test_a_logged_in_htmx_request_is_answered_as_before(player_client, campaign):
    response = player_client.get(reverse("odds", args=[campaign.pk]) + "?notation=3d6", **htmx_from("/"))
    assert response.status_code == 200
    assert "HX-Redirect" not in response


def test_a_plain_post_without_a_referer_returns_to_its_own_address(client, campaign):
    join = reverse("join", args=[campaign.invite_token])  # the invite page posts to itself
    response = client.post(join)
    assert response.url == login_then(join)
