"""Redis is for live updates only: with it down, log-in, every page and
every kind of roll still answer, each roll is stored once, and who is here degrades to
nobody instead of taking the page down. The tables catch up when they reconnect."""

import asyncio

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.table import presence
from config.settings import redis_cache, redis_channel_layer
from tests.fixtures import PASSWORD
from tests.world import make_world

pytestmark = pytest.mark.django_db
NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens on port 1: every call is refused


@pytest.fixture
def redis_down(settings):
    """The production settings for Redis, pointed at a Redis that is not there."""
    settings.CACHES = {"default": redis_cache(NOWHERE)}
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(NOWHERE)}


@pytest.fixture
def world(gm, player, make_user):
    return make_world(gm, player, make_user("stan_staff", is_staff=True))


def log_in(user) -> Client:
    client = Client()
    response = client.post(reverse("login"), {"username": user.get_username(), "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]
    return client


def test_log_in_and_the_table_work_without_redis(redis_down, player, campaign):
    client = log_in(player)
    assert client.get(reverse("home")).status_code == 200
    page = client.get(reverse("table", args=[campaign.pk]))
    assert page.status_code == 200
    assert "The Gate" in page.content.decode()


def test_a_wrong_password_gets_the_form_again_without_redis(redis_down, player):
    response = Client().post(reverse("login"), {"username": player.get_username(), "password": "not it"})
    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


def test_log_out_ends_the_session_everywhere(player, campaign):
    """Sessions live in the database: a log-out in one place ends the cookie's session for
    every process, with or without a cache in front."""
    client = log_in(player)
    cookie = client.cookies["sessionid"].value
    assert client.post(reverse("logout")).status_code == 302
    other = Client()
    other.cookies["sessionid"] = cookie
    assert other.get(reverse("table", args=[campaign.pk])).status_code == 302  # to the log-in


# One roll of each kind a player makes from the table: (system, step, the form's fields but for the
# character and the label, which are the system's hero and its key; the plain roll, the generic step, has neither).
ROLLS_OF_EVERY_KIND = [
    ("tribute", "roll", {"notation": "3d6+2", "label": "plain"}),
    ("tribute", "tribute_test", {"attribute": "Might", "focus": "1", "burden": "1", "known": "1", "opposition": "1"}),
    ("ore", "ore_roll", {"stat": "Body", "skill": "", "bonus": "0", "penalty": "0", "known": "1", "difficulty": "2"}),
    ("zener", "zener_check", {"skill": "", "stat": "AWA", "modifier": "0", "extra": "0", "indirect": "0"}),
    ("d100", "d100_test", {"skill": "", "attribute": "Agility", "difficulty": "standard", "flip": ""}),
]


def rolls_of_every_kind(world):
    """(system, url, form data) of one roll of each kind a player makes from the table."""
    for system, step, fields in ROLLS_OF_EVERY_KIND:
        campaign = world["campaigns"][system][0]
        who = {} if step == "roll" else {"character": world["characters"][system].pk, "label": system}
        yield system, reverse(step, args=[campaign.pk]), who | fields


@pytest.mark.django_db(transaction=True)  # the live sends run after a real commit, as in production
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_every_kind_of_roll_is_stored_once_and_answered_without_redis(redis_down, world, gm, player, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client = log_in(player)
    for system, url, data in rolls_of_every_kind(world):
        campaign = world["campaigns"][system][0]
        before = Roll.objects.filter(campaign=campaign).count()
        response = client.post(url, data, **headers)
        assert response.status_code == (200 if htmx else 302), (url, response.content.decode()[:800])
        assert Roll.objects.filter(campaign=campaign).count() == before + 1, url
        assert client.get(reverse("table", args=[campaign.pk])).status_code == 200

    # Centaurus Gate: the Exec calls (a call goes out live too), the player rolls for it.
    cgg = world["campaigns"]["cgg"][0]
    gm_client = log_in(gm)
    called = gm_client.post(
        reverse("cgg_call", args=[cgg.pk]),
        {
            "character": world["characters"]["cgg"].pk,
            "attribute": "dexterity",
            "label": "Jump",
            "mode": "table",
            "base_dice": "4",
            "risk": "base",
            "risk_bonus": "0",
        },
        **headers,
    )
    assert called.status_code == (200 if htmx else 302), called.content.decode()[:800]
    call = RollCall.objects.get(campaign=cgg)
    turns = {
        RollCall.Status.PENDING: (client, "cgg_roll"),
        RollCall.Status.PLAYER_TURN: (client, "cgg_wrench"),
        RollCall.Status.GM_TURN: (gm_client, "cgg_hammer"),
    }
    while call.status in turns:
        who, step = turns[call.status]
        response = who.post(reverse(step, args=[cgg.pk, call.pk]), {}, **headers)
        assert response.status_code == (200 if htmx else 302), (step, response.content.decode()[:800])
        call.refresh_from_db()
    assert call.status == RollCall.Status.ANSWERED
    assert Roll.objects.filter(campaign=cgg).count() == 1


def test_who_is_here_says_nobody_without_redis(redis_down, campaign, player):
    assert asyncio.run(presence.arrive(campaign.pk, player.pk)) is False  # no news to announce
    asyncio.run(presence.renew(campaign.pk, player.pk))
    assert asyncio.run(presence.leave(campaign.pk, player.pk)) is False
    assert presence.online(campaign) == []
