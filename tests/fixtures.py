"""Shared personas and factories: a GM, their player, a player of another
campaign, and an outsider who plays nowhere."""

import asyncio
import os

import pytest
import redis
from channels.layers import InMemoryChannelLayer
from django.test import Client
from django.test.signals import template_rendered

from campaigns.models import Campaign, Membership
from campaigns.table import actions, live
from characters.models import Character
from rules.dice import ScriptedDice, SeededDice

PASSWORD = "correct horse battery staple"
# The real Redis the live tests run against where one answers (tests.environment gives each worker its own database).
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


class RecordingLayer(InMemoryChannelLayer):
    """Stands in for the channel layer: every live message the app sends, by group. An in-process
    layer, so `campaigns.table.live` sends to it at once, as to the embedded default (a cross-process
    layer's sends are queued and go after the answer)."""

    def __init__(self):
        super().__init__()
        self.sent: list[tuple[str, str]] = []

    async def group_send(self, group, message):
        self.sent.append((group, message.get("html", "")))

    def take(self, group: str) -> str:
        """What the group received since the last look, and forget it."""
        mine = " ".join(html for sent_to, html in self.sent if sent_to == group)
        self.sent = [(sent_to, html) for sent_to, html in self.sent if sent_to != group]
        return mine

    def received_by(self, campaign, user) -> list[str]:
        """What the user's open table would receive: its audience's groups, as the consumer joins them."""
        groups = set(live.groups_for(campaign, user))
        return [html for group, html in self.sent if group in groups]


@pytest.fixture
def layer(monkeypatch):
    """Every live message the app sends, recorded (`RecordingLayer`) in place of the channel layer."""
    recording = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: recording)
    return recording


def redis_answers() -> bool:
    """Whether the Redis of REDIS_URL answers: the tests that need a real one are skipped where none does."""
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False


def stop_send_loop(send_loop: live._LayerLoop) -> None:
    """Cancel the send task of a test's own `live._LayerLoop` and stop its thread's loop, so that
    nothing is left pending when the test process ends."""
    loop = send_loop._loop
    if loop is None:
        return

    async def cancel() -> None:
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()

    asyncio.run_coroutine_threadsafe(cancel(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, **extra):
        return django_user_model.objects.create_user(username=username, password=PASSWORD, **extra)

    return make


# The personas' usernames: made afresh for each test, or taken from the module's played world.
PERSONAS = {"gm": "gwen_gm", "player": "paul_player", "other_player": "olga_other", "outsider": "otto_outsider"}


def _persona(request, make_user, role: str):
    if "played_world" in request.fixturenames:
        return request.getfixturevalue("played_world").user(role)
    return make_user(PERSONAS[role])


def _persona_fixture(role: str):
    """The fixture `role`: that persona, made afresh or taken from the module's played world."""

    @pytest.fixture(name=role)
    def persona(request, make_user):
        return _persona(request, make_user, role)

    return persona


gm, player, other_player, outsider = (_persona_fixture(role) for role in PERSONAS)


@pytest.fixture
def campaign(gm, player):
    campaign = actions.create_campaign(gm, name="The Gate", system="tribute", settings={"die_size": 8})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def second_player(make_user, campaign):
    """A second player seated at `campaign` (beside `player`)."""
    user = make_user("sasha_second")
    Membership.objects.create(campaign=campaign, user=user)
    return user


@pytest.fixture
def other_campaign(make_user, other_player):
    other_gm = make_user("greta_other_gm")
    campaign = actions.create_campaign(other_gm, name="Elsewhere", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


@pytest.fixture
def world(request, make_user):
    """One campaign per system with the player seated and a character (tests/world.py): the test's
    own, or in a module that uses `played_world`, that world (its secrets played) as the test begins."""
    from tests.world import make_world

    if "played_world" in request.fixturenames:
        return request.getfixturevalue("played_world").world()
    gm, player = request.getfixturevalue("gm"), request.getfixturevalue("player")
    request.getfixturevalue("other_player"), request.getfixturevalue("other_campaign")
    return make_world(gm, player, make_user("stan_staff", is_staff=True))


class PlayedWorld:
    """The world of tests/world.py with the scripted session of secrets played in it, made once for a
    module; each test gets fresh instances of its rows (`world`, `user`), and its own changes roll back."""

    def __init__(self, users: dict, world: dict, by_system: dict, sent: list, elsewhere):
        self.by_system, self.sent = by_system, sent  # the markers by system; the live messages the session sent
        self._users = {role: user.pk for role, user in users.items()}
        self._campaigns = {key: (campaign.pk, seat.pk) for key, (campaign, seat) in world["campaigns"].items()}
        self._characters = {key: character.pk for key, character in world["characters"].items()}
        self.campaign_ids = [*(pk for pk, _ in self._campaigns.values()), elsewhere.pk]

    def user(self, role: str):
        from django.contrib.auth import get_user_model

        return get_user_model().objects.get(pk=self._users[role])

    def world(self) -> dict:
        campaigns = Campaign.objects.in_bulk([pk for pk, _ in self._campaigns.values()])
        seats = Membership.objects.in_bulk([pk for _, pk in self._campaigns.values()])
        characters = Character.objects.in_bulk(list(self._characters.values()))
        return {
            "campaigns": {key: (campaigns[pk], seats[seat]) for key, (pk, seat) in self._campaigns.items()},
            "characters": {key: characters[pk] for key, pk in self._characters.items()},
            "staff": self.user("staff"),
        }


@pytest.fixture(scope="module")
def played_world(django_db_setup, django_db_blocker):
    """The world with a secret in every system (tests/world.py's scripted session, on seeded dice, its live
    messages recorded), made once for the module that uses it (`pytest.mark.usefixtures("played_world")`)
    inside a transaction kept open across the module's tests: each test's own transaction nests in it and
    rolls back, so each begins from this world; the world rolls back when the module is done. The sweeps
    of tests/test_trust.py and tests/test_hostile_input.py ran the session again for each of their
    hundreds of tests."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.test import TestCase, override_settings

    from tests.world import make_world, secrets_by_system

    layer = RecordingLayer()
    with (
        django_db_blocker.unblock(),
        transaction.atomic(),
        override_settings(FIVEFOLD_DICE=SeededDice(2026)),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(live, "get_channel_layer", lambda: layer)
        make = get_user_model().objects.create_user
        users = {role: make(username=name, password=PASSWORD) for role, name in PERSONAS.items()}
        users["staff"] = make(username="stan_staff", password=PASSWORD, is_staff=True)
        # other_campaign's: the other player's campaign, with a GM of its own.
        elsewhere = actions.create_campaign(
            make(username="greta_other_gm", password=PASSWORD), name="Elsewhere", system="d100", settings={}
        )
        Membership.objects.create(campaign=elsewhere, user=users["other_player"])
        world = make_world(users["gm"], users["player"], users["staff"])
        with TestCase.captureOnCommitCallbacks(execute=True):
            by_system = secrets_by_system(world, users["gm"], users["player"])
        patch.undo()
        yield PlayedWorld(users, world, by_system, list(layer.sent), elsewhere)
        transaction.set_rollback(True)


@pytest.fixture(autouse=True)
def kept_parts_follow_the_rollback(request):
    """A module's played world is rolled back after each test, and the cache is not: each test moves its
    campaigns' state versions on (campaigns.table.state), so that no page part an earlier test kept is
    served to it. The numbers only grow, so none comes again."""
    if "played_world" in request.fixturenames:
        from campaigns.table import state

        state.changed(*request.getfixturevalue("played_world").campaign_ids)


@pytest.fixture
def character(campaign, player):
    return Character.objects.create(campaign=campaign, owner=player, name="Mara Vell", sheet={"notes": ""})


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _client_fixture(name: str, role: str):
    """The fixture `name`: a client signed in as the persona `role`."""

    @pytest.fixture(name=name)
    def signed_in(request):
        return _client_for(request.getfixturevalue(role))

    return signed_in


CLIENTS = {"gm_client": "gm", "player_client": "player", "other_client": "other_player", "outsider_client": "outsider"}
gm_client, player_client, other_client, outsider_client = (
    _client_fixture(name, role) for name, role in CLIENTS.items()
)


@pytest.fixture
def htmx():
    """Headers of a request made by htmx."""
    return {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def script_dice(settings):
    """Make the table's next dice show exactly these faces (campaigns/common/sources.py); the
    `settings` fixture gives the next test the real dice back."""

    def script(*faces: int) -> None:
        settings.FIVEFOLD_DICE = ScriptedDice(faces)

    return script


@pytest.fixture
def row_renders():
    """How many times a roll's row partial was rendered (Django's test signal is sent for partials too)."""
    names = []

    def rendered(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(rendered)
    yield lambda: names.count("roll_row")
    template_rendered.disconnect(rendered)


@pytest.fixture
def seeded_dice(settings):
    settings.FIVEFOLD_DICE = SeededDice(2026)


__all__ = ["PASSWORD", "Campaign"]


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """A channel layer per test. Each async test has its own event loop, and the Redis
    layer's receive lock belongs to the loop it was made on: a layer shared with an
    earlier test's (closed) loop fails the next test's sockets."""
    from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers

    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    yield
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)


def chips(*faces: int) -> str:
    """Dice as a log row draws them, plain kept dice side by side (`{% die %}`)."""
    return "".join(f'<span class="die die-kept">{face}</span>' for face in faces)


def chip(face: int, kind: str, word: str) -> str:
    """One die drawn with what it did (dropped, exploded, re-rolled…), the word a screen reader hears."""
    return f'<span class="die die-{kind}" title="{word}">{face}<span class="visually-hidden"> ({word})</span></span>'


@pytest.fixture
def coin_table(gm, player, other_player):
    """A Coin campaign (tests/coin) with two players, and the first one's character Tess (3 coins):
    the generic card, saved-roll and card-call steps played through the test-only system."""
    campaign = actions.create_campaign(gm, name="Heads", system="coin", settings={})
    for user in (player, other_player):
        actions.join_campaign(user, campaign)
    tess = Character.objects.create(campaign=campaign, owner=player, name="Tess", sheet={"coins": 3})
    return campaign, tess
