"""Trust, as tests (issue 8, first part): every URL the app has is in one table of
expectations; outsiders get 404 everywhere inside a campaign; players get 404 on the
GM's steps; and a scripted session with a secret in every system leaves no marker in
any page or fragment a player, another campaign's player or an outsider can fetch."""

import pytest
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from campaigns import actions
from campaigns.models import Membership, Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.d100 import actions as d100
from campaigns.systems.ore import actions as ore
from campaigns.systems.tribute import actions as tribute
from campaigns.systems.zener import actions as zener
from characters.models import Character
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


def test_no_secret_reaches_a_player(world, gm, player, other_player, outsider, script_dice, seeded_dice):
    """A scripted session with a secret in every system; then every page and fragment a
    player can fetch, as each non-GM, holds none of the markers. The GM sees them."""
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

    def pages(system):
        campaign = campaigns[system][0]
        table = reverse("table", args=[campaign.pk])
        yield table
        yield table + "?after=0"
        yield table + f"?before={Roll.objects.order_by('-id').first().pk + 1}"
        yield reverse("character_edit", args=[campaign.pk, heroes[system].pk])
        yield reverse("home")
        yield reverse("rules")
        yield reverse("admin:index")

    htmx = {"HTTP_HX_REQUEST": "true"}
    seen_by_gm = ""
    for system in campaigns:
        for url in pages(system):
            for user in (player, other_player, outsider):
                for headers in ({}, htmx):
                    page = client_for(user).get(url, **headers).content.decode()
                    for marker in MARKERS:
                        assert marker not in page, (marker, url, user.username)
            seen_by_gm += client_for(gm).get(url).content.decode()
    for marker in MARKERS:
        assert marker in seen_by_gm, marker
    assert RollCall.objects.exists()
