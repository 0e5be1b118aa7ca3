"""The world the trust and hostile-input tests play in: every URL of the app in one
table of expectations, one campaign per system with a seated player and their
character, and a scripted session that puts a GM's secret behind every secret the
app keeps."""

from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from campaigns import actions
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

# name -> (method, who may use it, the system whose campaign it belongs to)
PUBLIC, LOGIN, MEMBER, GM = "public", "login", "member", "gm"
CASES = {
    "home": ("get", PUBLIC, None), "signup": ("get", PUBLIC, None), "login": ("get", PUBLIC, None),
    "logout": ("post", PUBLIC, None), "rules": ("get", PUBLIC, None), "join": ("get", PUBLIC, None),
    "rules_system": ("get", PUBLIC, None), "favicon": ("get", PUBLIC, None),
    "password_change": ("get", LOGIN, None), "password_change_done": ("get", LOGIN, None),
    "campaign_new": ("get", LOGIN, None),
    "table": ("get", MEMBER, "cgg"), "roll": ("post", MEMBER, "cgg"), "odds": ("get", MEMBER, "cgg"),
    "roll_chart": ("get", MEMBER, "cgg"),
    "call_new": ("post", GM, "cgg"), "call_answer": ("post", MEMBER, "cgg"), "call_cancel": ("post", GM, "cgg"),
    "session_start": ("post", GM, "d100"), "session_end": ("post", GM, "cgg"),
    "invite_regenerate": ("post", GM, "cgg"), "player_remove": ("post", GM, "cgg"), "leave": ("post", MEMBER, "cgg"),
    "export": ("get", GM, "cgg"), "character_new": ("get", MEMBER, "cgg"), "character_edit": ("get", MEMBER, "cgg"),
    "character_download": ("get", MEMBER, "cgg"), "character_import": ("post", MEMBER, "cgg"),
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
    "zener_karma_options": ("get", MEMBER, "zener"),
    "zener_tables": ("get", MEMBER, "zener"), "zener_attack": ("post", GM, "zener"),
    "zener_initiative": ("post", GM, "zener"),
    "d100_test": ("post", MEMBER, "d100"), "d100_odds": ("get", MEMBER, "d100"),
    "d100_difficulty": ("post", GM, "d100"), "d100_reroll": ("post", MEMBER, "d100"),
    "d100_fortune_options": ("get", MEMBER, "d100"),
    "d100_spend": ("post", MEMBER, "d100"), "d100_die": ("post", MEMBER, "d100"), "d100_six": ("post", MEMBER, "d100"),
    "d100_recover": ("post", GM, "d100"), "d100_opposed": ("post", GM, "d100"),
}  # fmt: skip


SYSTEM_PREFIXES = tuple(f"{key}_" for key in SYSTEMS)
NOT_SWEPT = {"logout", "leave"}  # they end the visitor's session or seat, which the sweeps need


def url_names(patterns=None):
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name != "admin":
                yield from url_names(pattern.url_patterns)
        else:
            yield pattern.name


def make_world(gm, player, staff):
    """One campaign per system, the player seated in each with a character."""
    campaigns, characters = {}, {}
    for system, settings in (("cgg", {}), ("tribute", {"die_size": 6}), ("ore", {}), ("zener", {}), ("d100", {})):
        campaign = actions.create_campaign(gm, name=f"World {system}", system=system, settings=settings)
        seat = Membership.objects.create(campaign=campaign, user=player)
        sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
        characters[system] = Character.objects.create(
            campaign=campaign, owner=player, name=f"Hero {system}", sheet=sheet
        )
        campaigns[system] = (campaign, seat)
    return {"campaigns": campaigns, "characters": characters, "staff": staff}


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


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
        "token": campaign.invite_token, "system_key": system,
    }  # fmt: skip
    for name, (method, _access, _system) in CASES.items():
        if name in NOT_SWEPT or (name.startswith(SYSTEM_PREFIXES) and not name.startswith(f"{system}_")):
            continue
        route = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
        for fmt in ("json", "csv") if "fmt" in route else (None,):
            yield method, reverse(name, kwargs={key: fmt if key == "fmt" else values[key] for key in route})
    table = reverse("table", args=[campaign.pk])
    yield "get", table + "?after=0"
    yield "get", table + f"?before={values['roll_id'] + 1}"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=ledger"
