"""Trust, as tests: every URL the app has is in one table of expectations
(tests/world.py); outsiders get 404 everywhere inside a campaign; players get 404 on
the GM's steps; and a scripted session with a secret in every system leaves no marker
in anything a player, another campaign's player, an outsider or a staff user without
a campaign can fetch, post to, or receive on their open table."""

import re

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import get_resolver, reverse

from campaigns.plugins import registry
from campaigns.table import live
from tests.fixtures import RecordingLayer
from tests.world import CASES, GM, LOGIN, MEMBER, PUBLIC, client_for, routes, url_names

# The world with a secret in every system, played once for the module (tests/fixtures.py): each test begins from it.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("played_world")]


def test_every_url_has_a_case():
    """A new URL without a row here fails: say who may use it."""
    assert set(url_names()) == set(CASES)


def kwargs_for(name, world, system):
    campaign, seat = world["campaigns"][system]
    character = world["characters"][system]
    route = next(p for p in get_resolver().reverse_dict.getlist(name))[0][0][1]
    values = {
        "campaign_id": campaign.pk,
        "call_id": 1,
        "roll_id": 1,
        "handout_id": 1,
        "message_id": 1,
        "side": 0,
        "character_id": character.pk,
        "membership_id": seat.pk,
        "token": campaign.invite_token,
        "uidb64": "MQ",
        "fmt": "json",
        "system_key": campaign.system,
    }
    return {key: values[key] for key in route}


def test_outsiders_get_404_inside_every_campaign(world, outsider, other_player):
    for name, (method, access, system) in CASES.items():
        if access not in (MEMBER, GM):
            continue
        url = reverse(name, kwargs=kwargs_for(name, world, system))
        for user in (outsider, other_player, world["staff"]):
            response = getattr(client_for(user), method)(url)
            assert response.status_code == 404, (name, user.username, response.status_code)
        anonymous = getattr(client_for(None), method)(url)
        assert anonymous.status_code == 302, name
        assert reverse("login") in anonymous.url, name


def test_players_get_404_on_the_gms_steps(world, player):
    for name, (method, access, system) in CASES.items():
        if access != GM:
            continue
        url = reverse(name, kwargs=kwargs_for(name, world, system))
        response = getattr(client_for(player), method)(url)
        assert response.status_code == 404, (name, response.status_code)


def test_public_and_login_pages(world, player):
    for name, (method, access, _system) in CASES.items():
        if access not in (PUBLIC, LOGIN) or method != "get":
            continue
        url = reverse(name, kwargs=kwargs_for(name, world, "cgg"))
        assert client_for(player).get(url).status_code in (200, 302), name  # a member skips sign-up and log-in
        anonymous = client_for(None).get(url)
        assert anonymous.status_code == (302 if access == LOGIN else 200), name


def admin_pages():
    """The admin's index, and every registered model's list, add page and each object's pages."""
    yield reverse("admin:index")
    for model in admin.site._registry:
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        yield reverse(f"{prefix}_changelist")
        yield reverse(f"{prefix}_add")
        for pk in model.objects.values_list("pk", flat=True):
            yield reverse(f"{prefix}_change", args=[pk])
            yield reverse(f"{prefix}_history", args=[pk])


# The sweep below is one test per system, and one for the admin, so that two workers share it: each
# plays the whole session (a secret in every system) and sweeps its own part, every marker of every
# system forbidden there.
SWEPT_PARTS = [adapter.key for adapter in registry.installed()] + ["admin"]


@pytest.mark.parametrize("part", SWEPT_PARTS)
def test_no_secret_reaches_a_player(
    played_world, world, gm, player, other_player, outsider, seeded_dice, monkeypatch, part
):
    """A scripted session with a secret in every system (the played world, its live messages recorded);
    then, as every non-GM (a player, another campaign's player, an outsider, a staff user without a
    campaign): every page, fragment, odds preview, export and admin page, every step's answer (its error
    messages), and every websocket message their open table would receive hold none of the markers.
    The GM's hold them all."""
    layer = RecordingLayer()
    layer.sent = list(played_world.sent)
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    by_system = played_world.by_system
    markers = tuple(dict.fromkeys(marker for played in by_system.values() for marker in played))
    assert len(markers) > 2  # each system put its own secrets in
    others = (player, other_player, outsider, world["staff"])

    def assert_hidden(text, where, user):
        for marker in markers:
            assert marker not in text, (marker, where, user.username)

    if part == "admin":
        for url in admin_pages():
            for user in others:
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    assert_hidden(client_for(user).get(url, **headers).content.decode(), url, user)
        return

    system, (campaign, _seat) = part, world["campaigns"][part]
    for user in others:
        assert_hidden(" ".join(layer.received_by(campaign, user)), f"websocket of {system}", user)
    assert layer.received_by(campaign, player)  # the player's socket did receive the session
    seen_by_gm = " ".join(layer.received_by(campaign, gm))

    for url in [url for method, url in routes(world, system) if method == "get"]:
        for user in others:
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                assert_hidden(client_for(user).get(url, **headers).content.decode(), url, user)
        seen_by_gm += client_for(gm).get(url).content.decode()
    for marker in by_system[system]:
        assert marker in seen_by_gm, marker

    # Last, as it may move the session on: every step's answer to each of them, errors included. The post names
    # the player's card, as a follow-up from the card's last roll does (campaigns.table.last_roll): the player gets the
    # card's answer where a step has one, the others (not their card) the row's.
    card = {"card": str(world["characters"][system].pk)}
    for method, url in routes(world, system):
        if method == "post":
            for user in others:
                response = client_for(user).post(url, card, HTTP_HX_REQUEST="true")
                assert response.status_code < 500, (url, user.username)
                assert_hidden(response.content.decode(), url, user)


def test_every_post_needs_the_csrf_token_and_htmx_sends_it(world, gm, player):
    """With Django's CSRF check on (the test client skips it by default), every step refuses a
    post without the token; the page hands htmx the token as a header, and with it a roll goes in."""
    for system in world["campaigns"]:
        for method, url in routes(world, system):
            if method == "post":
                for user in (gm, player):
                    client = Client(enforce_csrf_checks=True)
                    client.force_login(user)
                    assert client.post(url, {}, HTTP_HX_REQUEST="true").status_code == 403, url
    campaign, _seat = world["campaigns"]["tribute"]
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    page = client.get(reverse("table", args=[campaign.pk])).content.decode()
    rolls = campaign.rolls.count()
    token = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page).group(1)
    response = client.post(
        reverse("roll", args=[campaign.pk]), {"notation": "1d6"}, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 200
    assert campaign.rolls.count() == rolls + 1
