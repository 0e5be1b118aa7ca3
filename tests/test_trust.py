"""Trust, as tests (issue 8, first part): every URL the app has is in one table of
expectations; outsiders get 404 everywhere inside a campaign; players get 404 on the
GM's steps; and a scripted session with a secret in every system leaves no marker in
any page or fragment a player, another campaign's player or an outsider can fetch."""

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from campaigns import actions, live
from campaigns.models import Membership
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.d100 import actions as d100
from campaigns.systems.ore import actions as ore
from campaigns.systems.tribute import actions as tribute
from campaigns.systems.zener import actions as zener
from characters.models import Character
from rules import SYSTEMS
from rules.cgg.difficulty import Difficulty
from rules.dice import Comparison

pytestmark = pytest.mark.django_db

# name -> (method, who may use it, the system whose campaign it belongs to)
PUBLIC, LOGIN, MEMBER, GM = "public", "login", "member", "gm"
CASES = {
    "home": ("get", PUBLIC, None), "signup": ("get", PUBLIC, None), "login": ("get", PUBLIC, None),
    "logout": ("post", PUBLIC, None), "rules": ("get", PUBLIC, None), "join": ("get", PUBLIC, None),
    "password_change": ("get", LOGIN, None), "password_change_done": ("get", LOGIN, None),
    "campaign_new": ("get", LOGIN, None),
    "table": ("get", MEMBER, "cgg"), "roll": ("post", MEMBER, "cgg"), "odds": ("get", MEMBER, "cgg"),
    "call_new": ("post", GM, "cgg"), "call_answer": ("post", MEMBER, "cgg"), "call_cancel": ("post", GM, "cgg"),
    "invite_regenerate": ("post", GM, "cgg"), "player_remove": ("post", GM, "cgg"), "leave": ("post", MEMBER, "cgg"),
    "export": ("get", GM, "cgg"), "character_new": ("get", MEMBER, "cgg"), "character_edit": ("get", MEMBER, "cgg"),
    "cgg_call": ("post", GM, "cgg"), "cgg_odds": ("get", GM, "cgg"), "cgg_roll": ("post", MEMBER, "cgg"),
    "cgg_wrench": ("post", MEMBER, "cgg"), "cgg_hammer": ("post", GM, "cgg"),
    "cgg_resolve_crisis": ("post", GM, "cgg"), "cgg_clock": ("post", GM, "cgg"), "cgg_tension": ("post", GM, "cgg"),
    "tribute_test": ("post", MEMBER, "tribute"), "tribute_odds": ("get", MEMBER, "tribute"),
    "tribute_opposed": ("post", GM, "tribute"), "tribute_opposition": ("post", GM, "tribute"),
    "tribute_roll": ("post", MEMBER, "tribute"), "tribute_assign": ("post", MEMBER, "tribute"),
    "ore_roll": ("post", MEMBER, "ore"), "ore_odds": ("get", MEMBER, "ore"), "ore_contest": ("post", GM, "ore"),
    "ore_difficulty": ("post", GM, "ore"), "ore_contest_roll": ("post", MEMBER, "ore"),
    "ore_wiggle": ("post", MEMBER, "ore"),
    "zener_check": ("post", MEMBER, "zener"), "zener_odds": ("get", MEMBER, "zener"),
    "zener_karma_on_roll": ("post", MEMBER, "zener"), "zener_karma": ("post", GM, "zener"),
    "zener_tables": ("get", MEMBER, "zener"), "zener_attack": ("post", GM, "zener"),
    "zener_initiative": ("post", GM, "zener"),
    "d100_test": ("post", MEMBER, "d100"), "d100_odds": ("get", MEMBER, "d100"),
    "d100_difficulty": ("post", GM, "d100"), "d100_reroll": ("post", MEMBER, "d100"),
    "d100_spend": ("post", MEMBER, "d100"), "d100_die": ("post", MEMBER, "d100"), "d100_six": ("post", MEMBER, "d100"),
    "d100_session": ("post", GM, "d100"), "d100_recover": ("post", GM, "d100"), "d100_opposed": ("post", GM, "d100"),
}  # fmt: skip


def url_names(patterns=None):
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name != "admin":
                yield from url_names(pattern.url_patterns)
        else:
            yield pattern.name


def test_every_url_has_a_case():
    """A new URL without a row here fails: say who may use it."""
    assert set(url_names()) == set(CASES)


@pytest.fixture
def world(gm, player, other_player, other_campaign, make_user):
    """One campaign per system, the player seated with a character, and a call and a roll in each."""
    campaigns, characters = {}, {}
    for system, settings in (("cgg", {}), ("tribute", {"die_size": 6}), ("ore", {}), ("zener", {}), ("d100", {})):
        campaign = actions.create_campaign(gm, name=f"World {system}", system=system, settings=settings)
        seat = Membership.objects.create(campaign=campaign, user=player)
        sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
        characters[system] = Character.objects.create(
            campaign=campaign, owner=player, name=f"Hero {system}", sheet=sheet
        )
        campaigns[system] = (campaign, seat)
    staff = make_user("stan_staff", is_staff=True)
    return {"campaigns": campaigns, "characters": characters, "staff": staff}


def kwargs_for(name, world, system):
    campaign, seat = world["campaigns"][system]
    character = world["characters"][system]
    route = next(p for p in get_resolver().reverse_dict.getlist(name))[0][0][1]
    values = {"campaign_id": campaign.pk, "call_id": 1, "roll_id": 1, "character_id": character.pk,
              "membership_id": seat.pk, "token": campaign.invite_token, "fmt": "json"}  # fmt: skip
    return {key: values[key] for key in route}


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


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
        url = reverse(name, kwargs=kwargs_for(name, world, "cgg") if name == "join" else {})
        assert client_for(player).get(url).status_code in (200, 302), name  # a member skips sign-up and log-in
        anonymous = client_for(None).get(url)
        assert anonymous.status_code == (302 if access == LOGIN else 200), name


MARKERS = ("zqx-gm-secret", "424242", "base 5d; Rushed for time", "against 187", "difficulty 9",
           "zqx-zener-secret", "Hard:", "Misfortune pool: 5")  # fmt: skip
SYSTEM_PREFIXES = tuple(f"{key}_" for key in SYSTEMS)
NOT_SWEPT = {"logout", "leave"}  # they end the visitor's session or seat, which the sweep needs


class RecordingLayer:
    """Stands in for the channel layer: every message the app sends, by group."""

    def __init__(self):
        self.sent: list[tuple[str, str]] = []

    async def group_send(self, group, message):
        self.sent.append((group, message.get("html", "")))

    def received_by(self, campaign, user) -> list[str]:
        """What the user's open table would receive: its audience's groups, as the consumer joins them."""
        groups = set(live.groups_for(campaign, user))
        return [html for group, html in self.sent if group in groups]


def play_a_secret_in_every_system(world, gm, player):
    """A scripted session: a marker behind every secret the app keeps from players."""
    campaigns, heroes = world["campaigns"], world["characters"]
    for campaign, _ in campaigns.values():
        actions.roll_notation(campaign, gm, notation="1d20", label="zqx-gm-secret", secret=True)
    cgg_campaign = campaigns["cgg"][0]
    actions.call_for_roll(cgg_campaign, character=heroes["cgg"], notation="2d10", target=424242,
                          comparison=Comparison.AT_MOST)  # fmt: skip
    call = cgg.call_for_action(cgg_campaign, character=heroes["cgg"], attribute="dexterity",
                               difficulty=Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",)))  # fmt: skip
    cgg.roll_for_call(call.pk, player)
    test = tribute.start_test(campaigns["tribute"][0], player, character=heroes["tribute"], attribute="Might",
                              focus=1, burden=1)  # fmt: skip
    tribute.set_opposition(test.pk, gm, 187)
    side = ore.side_for(heroes["ore"], "Body")
    pending = ore.start_roll(campaigns["ore"][0], player, character=heroes["ore"], side=side, difficulty=None)
    ore.set_difficulty(pending.pk, gm, 9)
    zener_campaign = campaigns["zener"][0]
    what, check = zener.check_for(heroes["zener"], stat="AWA")
    zener.make_check(zener_campaign, gm, character=heroes["zener"], what=what, check=check, secret=True,
                     label="zqx-zener-secret")  # fmt: skip
    d100_campaign = campaigns["d100"][0]
    secret_test = d100.start_test(d100_campaign, player, character=heroes["d100"], skill="", attribute="Agility",
                                  difficulty=None)  # fmt: skip
    d100.set_difficulty(secret_test.pk, gm, "hard")
    d100.change_pools(d100_campaign, actor=gm, reason="marker", misfortune=5)


def routes(world, system):
    """Every route of the URL conf that belongs to this system's campaign (the generic ones and
    its own), with the newest call and roll of the campaign as their ids: the secret ones."""
    campaign, seat = world["campaigns"][system]
    values = {
        "campaign_id": campaign.pk, "character_id": world["characters"][system].pk, "membership_id": seat.pk,
        "call_id": campaign.calls.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "roll_id": campaign.rolls.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "token": campaign.invite_token,
    }  # fmt: skip
    for name, (method, _access, _system) in CASES.items():
        if name in NOT_SWEPT or (name.startswith(SYSTEM_PREFIXES) and not name.startswith(f"{system}_")):
            continue
        route = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
        for fmt in ("json", "csv") if "fmt" in route else (None,):
            yield method, reverse(name, kwargs={key: fmt if key == "fmt" else values[key] for key in route})
    table = reverse("table", args=[campaign.pk])
    yield "get", table + "?after=0"
    yield "get", table + f"?before={campaign.rolls.order_by('-pk').first().pk + 1}"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=ledger"


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


def test_no_secret_reaches_a_player(world, gm, player, other_player, outsider, seeded_dice, monkeypatch,
                                    django_capture_on_commit_callbacks):  # fmt: skip
    """A scripted session with a secret in every system; then, as every non-GM (a player, another
    campaign's player, an outsider, a staff user without a campaign): every page, fragment, odds
    preview, export and admin page, every step's answer (its error messages), and every websocket
    message their open table would receive hold none of the markers. The GM's hold them all."""
    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    with django_capture_on_commit_callbacks(execute=True):
        play_a_secret_in_every_system(world, gm, player)
    campaigns = {system: campaign for system, (campaign, _seat) in world["campaigns"].items()}
    others = (player, other_player, outsider, world["staff"])

    def assert_hidden(text, where, user):
        for marker in MARKERS:
            assert marker not in text, (marker, where, user.username)

    for system, campaign in campaigns.items():
        for user in others:
            assert_hidden(" ".join(layer.received_by(campaign, user)), f"websocket of {system}", user)
    assert layer.received_by(campaigns["cgg"], player)  # the player's socket did receive the session
    seen_by_gm = " ".join(html for campaign in campaigns.values() for html in layer.received_by(campaign, gm))

    gets = [(system, url) for system in campaigns for method, url in routes(world, system) if method == "get"]
    gets += [(None, url) for url in admin_pages()]
    for _system, url in gets:
        for user in others:
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                assert_hidden(client_for(user).get(url, **headers).content.decode(), url, user)
        seen_by_gm += client_for(gm).get(url).content.decode()
    for marker in MARKERS:
        assert marker in seen_by_gm, marker

    # Last, as it may move the session on: every step's answer to each of them, errors included.
    for system in campaigns:
        for method, url in routes(world, system):
            if method == "post":
                for user in others:
                    response = client_for(user).post(url, {}, HTTP_HX_REQUEST="true")
                    assert response.status_code < 500, (url, user.username)
                    assert_hidden(response.content.decode(), url, user)
