"""The world the trust and hostile-input tests play in: every URL of the app in one
table of expectations, one campaign per system with a seated player and their
character, and a scripted session that puts a GM's secret behind every secret the
app keeps."""

from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.template import engines
from django.test import Client
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from campaigns.calls import card_calls
from campaigns.models import Membership, SavedCall
from campaigns.plugins import registry
from campaigns.table import actions, chat, events, handouts, tabs
from characters.models import Character
from rules.dice import Comparison

# name -> (method, who may use it, the system whose campaign it belongs to)
PUBLIC, LOGIN, MEMBER, GM = "public", "login", "member", "gm"
# The first installed system: the generic pages are the same in every campaign.
FIRST = next(registry.installed()).key
GENERIC = {
    "home": ("get", PUBLIC, None),
    "signup": ("get", PUBLIC, None),
    "login": ("get", PUBLIC, None),
    "logout": ("post", PUBLIC, None),
    "rules": ("get", PUBLIC, None),
    "join": ("get", PUBLIC, None),
    "rules_system": ("get", PUBLIC, None),
    "favicon": ("get", PUBLIC, None),
    "healthz": ("get", PUBLIC, None),
    "password_reset": ("get", PUBLIC, None),
    "password_reset_done": ("get", PUBLIC, None),
    "password_reset_confirm": ("get", PUBLIC, None),
    "password_reset_complete": ("get", PUBLIC, None),
    "confirm_email": ("get", PUBLIC, None),
    "password_change": ("get", LOGIN, None),
    "password_change_done": ("get", LOGIN, None),
    "account_settings": ("get", LOGIN, None),
    "campaign_new": ("get", LOGIN, None),
    "table": ("get", MEMBER, FIRST),
    "roll": ("post", MEMBER, FIRST),
    "odds": ("get", MEMBER, FIRST),
    "needs": ("get", MEMBER, FIRST),
    "table_people": ("get", MEMBER, FIRST),
    "roll_chart": ("get", MEMBER, FIRST),
    "roll_page": ("get", MEMBER, FIRST),
    "fairness": ("get", MEMBER, FIRST),
    "card_roll": ("post", MEMBER, FIRST),
    "card_call_new": ("post", GM, FIRST),
    "card_call_choices": ("get", GM, FIRST),
    "card_call_answer": ("post", MEMBER, FIRST),
    "saved_roll": ("post", MEMBER, FIRST),
    "saved_roll_remove": ("post", MEMBER, FIRST),
    "saved_call_use": ("post", GM, FIRST),
    "saved_call_remove": ("post", GM, FIRST),
    "call_new": ("post", GM, FIRST),
    "call_answer": ("post", MEMBER, FIRST),
    "call_cancel": ("post", GM, FIRST),
    "session_start": ("post", GM, FIRST),
    "session_end": ("post", GM, FIRST),
    "invite_regenerate": ("post", GM, FIRST),
    "player_remove": ("post", GM, FIRST),
    "leave": ("get", MEMBER, FIRST),
    "export": ("get", GM, FIRST),
    "handout_new": ("post", GM, FIRST),
    "handout_share": ("post", GM, FIRST),
    "handout_page": ("get", MEMBER, FIRST),
    "handout_image": ("get", MEMBER, FIRST),
    "character_new": ("get", MEMBER, FIRST),
    "character_edit": ("get", MEMBER, FIRST),
    "character_download": ("get", MEMBER, FIRST),
    "character_import": ("post", MEMBER, FIRST),
    "campaign_lifecycle": ("get", GM, FIRST),
    "campaign_delete": ("get", GM, FIRST),
    "character_delete": ("get", MEMBER, FIRST),
    "character_restore": ("post", GM, FIRST),
    "chat_post": ("post", MEMBER, FIRST),
    "message_page": ("get", MEMBER, FIRST),
    "message_menu": ("get", MEMBER, FIRST),
    "message_edit": ("post", MEMBER, FIRST),
    "message_delete": ("post", MEMBER, FIRST),
    "message_hide": ("post", MEMBER, FIRST),  # any member may post; chat.hide refuses all but the GM
    "campaign_settings": ("get", GM, "d100"),  # a system with settings: the page is for those only
}


def _system_cases() -> dict:
    """Each system's steps, with who may use them as its urls module's ACCESS says."""
    return {
        name: (method, access, adapter.key)
        for adapter in registry.installed()
        if adapter.urls
        for name, (method, access) in import_module(adapter.urls).ACCESS.items()
    }


CASES = GENERIC | _system_cases()


SYSTEM_PREFIXES = tuple(f"{adapter.key}_" for adapter in registry.installed())
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
    for system in (adapter.key for adapter in registry.installed()):
        campaign = actions.create_campaign(gm, name=f"World {system}", system=system, settings={})
        seat = Membership.objects.create(campaign=campaign, user=player)
        sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
        characters[system] = Character.objects.create(
            campaign=campaign, owner=player, name=f"Hero {system}", sheet=sheet
        )
        campaigns[system] = (campaign, seat)
    return {"campaigns": campaigns, "characters": characters, "staff": staff}


def client_for(user):
    """A fresh client signed in as `user` (None: signed out). Clients of the same user share one session,
    as a person's tabs do: signing in anew for each of a sweep's thousands of requests was half its time.
    A session that is gone (signed out, the user changed) is replaced by a new one."""
    client = Client()
    if user is None:
        return client
    key = getattr(user, "_swept_session", None)
    if key and import_module(settings.SESSION_ENGINE).SessionStore().exists(key):
        client.cookies[settings.SESSION_COOKIE_NAME] = key
    else:
        client.force_login(user)
        user._swept_session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return client


GENERIC_MARKERS = ("zqx-gm-secret", "424242", "zqx-gm-event", "zqx-gm-handout")


def play_a_secret_in_every_system(world, gm, player) -> tuple[str, ...]:
    """A scripted session: a marker behind every secret the app keeps from players; the
    markers, which no player may ever see. Without the whispers (`secrets_by_system`): the query-count
    tests that play it compare a log with and without a whisper on its first page, which costs a query."""
    played = secrets_by_system(world, gm, player, whispers=False)
    return tuple(dict.fromkeys(marker for markers in played.values() for marker in markers))


def secrets_by_system(world, gm, player, *, whispers=True) -> dict[str, tuple[str, ...]]:
    """The same scripted session, its markers by the system whose campaign holds them (the played world of
    tests/test_trust.py and tests/test_hostile_input.py), with a whisper each way between the GM and a
    second player (`whispers_with_the_gm`)."""
    campaigns, heroes = world["campaigns"], world["characters"]
    played = {}
    for system, (campaign, _) in campaigns.items():
        markers = list(GENERIC_MARKERS)
        actions.roll_notation(campaign, gm, notation="1d20", label="zqx-gm-secret", secret=True)
        actions.call_for_roll(
            campaign, character=heroes[system], notation="2d10", target=424242, comparison=Comparison.AT_MOST
        )
        # A saved call keeps its secret target and its name on the GM's side alone.
        SavedCall.objects.create(
            campaign=campaign,
            name="zqx-gm-secret",
            request={
                "label": "",
                "notation": "2d10",
                "target": 424242,
                "comparison": "at_most",
                "reveal_dice": True,
                "reveal_target": False,
                "reveal_success": False,
            },
        )
        markers += secret_card_call(campaign, gm, heroes[system])
        markers += campaign.adapter.play_secrets(campaign, gm, player, heroes[system])
        markers += whispers_with_the_gm(campaign, gm) if whispers else []
        events.record(campaign, "note", "zqx-gm-event: a table event for the GM alone", gm_only=True)
        # A handout the GM has not shared: its title and words the GM's alone (its page and image the routes' newest).
        handouts.write(campaign, gm, "zqx-gm-handout", "zqx-gm-handout's words")
        played[system] = tuple(markers)
    return played


WHISPERER = "wes_whisperer"


def whispers_with_the_gm(campaign, gm) -> list[str]:
    """A second player seated (not a swept persona) whispers to the GM, and the GM whispers back to them
    alone: words the swept player, sitting at the same table, never sees. Plain whispers, no roll: the
    newest roll stays the routes' `roll_id`; the GM's whisper is the newest message (`message_id`)."""
    whisperer, _ = get_user_model().objects.get_or_create(username=WHISPERER)
    Membership.objects.get_or_create(campaign=campaign, user=whisperer)
    chat.post(campaign, whisperer, chat.read("zqx-whisper-to-gm"), recipients=[gm])
    chat.post(campaign, gm, chat.read("zqx-whisper-from-gm"), recipients=[whisperer])
    return ["zqx-whisper-to-gm", "zqx-whisper-from-gm"]


def secret_card_call(campaign, gm, hero) -> list[str]:
    """The GM's call from the card with a secret number, left waiting for the player: its number as
    the GM's card says it ("difficulty 10"). Made before the system's own secrets, whose call stays the newest
    (the routes' `call_id`). A system whose secret call is its own (Centaurus Gate's) has its own marker."""
    spec = campaign.adapter.card_call_number(campaign)
    buttons = card_calls.card_buttons(hero)
    if spec is None or not (spec.secret and spec.open) or not buttons:
        return []
    value, words = spec.choices[-1]
    card_calls.call_from_card(campaign, gm, character=hero, key=buttons[0].key, number=value, secret=True)
    return [f"{spec.label.lower()} {words}"]


def routes(world, system):
    """Every route of the URL conf that belongs to this system's campaign (the generic ones and
    its own), with the newest call and roll of the campaign as their ids: the secret ones."""
    campaign, seat = world["campaigns"][system]
    values = {
        "campaign_id": campaign.pk,
        "character_id": world["characters"][system].pk,
        "membership_id": seat.pk,
        "call_id": campaign.calls.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "roll_id": campaign.rolls.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "handout_id": campaign.handouts.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "message_id": campaign.messages.order_by("-pk").values_list("pk", flat=True).first() or 1,
        "token": campaign.invite_token,
        "uidb64": "MQ",
        "system_key": system,
        "side": 0,
    }
    for name, (method, _access, _system) in CASES.items():
        if name in NOT_SWEPT or (name.startswith(SYSTEM_PREFIXES) and not name.startswith(f"{system}_")):
            continue
        route = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
        for fmt in ("json", "csv") if "fmt" in route else (None,):
            yield method, reverse(name, kwargs={key: fmt if key == "fmt" else values[key] for key in route})
    table = reverse("table", args=[campaign.pk])
    yield "get", table + "?after=0"
    yield "get", table + f"?before={values['roll_id'] + 1}"
    # Each tab of the table, which the page draws only when chosen (campaigns.table.tabs): the player's and the GM's.
    for tab in (
        tabs.PLAY,
        tabs.MORE,
        tabs.PEOPLE,
        tabs.TABLE,
        tabs.SYSTEM,
        tabs.CHARACTERS,
        tabs.SESSION,
        tabs.HANDOUTS,
    ):
        yield "get", table + f"?tab={tab}"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=ledger"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=events"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=commitments"
    yield "get", reverse("export", args=[campaign.pk, "csv"]) + "?part=handouts"


def project_templates() -> list[Path]:
    """Every template of the project that Django loads: templates/ and each app's own (the
    systems', Coin's), not the installed packages' (the admin's)."""
    folders = [Path(folder) for folder in engines["django"].template_dirs]
    return [found for folder in folders if "site-packages" not in folder.parts for found in folder.rglob("*.html")]
