"""The plug-in contract: a sixth system is a folder. Coin (tests/coin), installed by
the test run's settings only, plays end to end through the generic pages, as a GM and two
players would; no generic Python names a system; and a campaign whose system is taken away
says so (501) where it would need it, and nowhere else breaks."""

import ast
import csv
import io
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign, Membership, Roll, RollCall
from campaigns.plugins import registry
from campaigns.table import actions, live
from characters.models import Character
from tests.coin.rules import HEADS, TAILS

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()


def test_coin_is_installed_by_the_test_settings_only():
    assert "coin" in {adapter.key for adapter in registry.installed()}
    app_settings = (ROOT / "config" / "settings.py").read_text()
    assert "tests.coin" not in app_settings


def test_coin_plays_end_to_end_through_the_generic_pages(
    gm, player, other_player, layer, script_dice, django_capture_on_commit_callbacks
):
    gm_client, paul, olga = client_for(gm), client_for(player), client_for(other_player)

    def live_(callback):
        with django_capture_on_commit_callbacks(execute=True):
            return callback()

    # The GM starts a Coin campaign with the new-campaign form.
    assert '<option value="coin">Coin</option>' in text(gm_client.get(reverse("campaign_new")))
    response = gm_client.post(reverse("campaign_new"), {"name": "Heads or Tails", "system": "coin"})
    campaign = Campaign.objects.get(name="Heads or Tails")
    table = reverse("table", args=[campaign.pk])
    assert (response.status_code, response.url, campaign.system) == (302, f"{table}?tab=session", "coin")
    assert "Coin" in text(gm_client.get(reverse("home")))

    # Two players join by the invite link the GM's Session & players tab shows.
    join = reverse("join", args=[campaign.invite_token])
    assert join in text(gm_client.get(response.url))
    assert "Coin" in text(paul.get(join))
    for client in (paul, olga):
        assert client.post(join).status_code == 302
    assert set(campaign.memberships.values_list("user", flat=True)) == {player.pk, other_player.pk}

    # Paul makes his character with Coin's sheet form; Olga imports a copy of its downloaded sheet.
    new = reverse("character_new", args=[campaign.pk])
    assert 'name="coins"' in text(paul.get(new))
    refused = paul.post(new, {"name": "Tess", "coins": "11"})
    assert refused.status_code == 422
    assert not Character.objects.exists()
    assert paul.post(new, {"name": "Tess", "coins": "4", "notes": "Lucky"}).status_code == 302
    tess = Character.objects.get(name="Tess", owner=player)
    assert tess.sheet == {"coins": 4, "notes": "Lucky"}
    assert 'value="4"' in text(paul.get(reverse("character_edit", args=[campaign.pk, tess.pk])))
    downloaded = json.loads(paul.get(reverse("character_download", args=[campaign.pk, tess.pk])).content)
    assert downloaded == {"name": "Tess", "system": "coin", "sheet": {"coins": 4, "notes": "Lucky"}}
    upload = SimpleUploadedFile("odo.json", json.dumps({**downloaded, "name": "Odo"}).encode())
    assert olga.post(reverse("character_import", args=[campaign.pk]), {"file": upload}).status_code == 302
    assert Character.objects.get(name="Odo", owner=other_player).sheet == tess.sheet

    # The GM starts a session; Coin's panel is on the GM's table, its call form on no player's.
    started = live_(lambda: gm_client.post(reverse("session_start", args=[campaign.pk]), HTTP_HX_REQUEST="true"))
    assert started.status_code == 200
    call_url = reverse("coin_call", args=[campaign.pk])
    panel = f"{table}?tab=panel"  # the tab that draws the system's panel, the GM's and a player's
    assert call_url in text(gm_client.get(panel))
    assert 'id="coin-panel"' in text(paul.get(panel))
    assert call_url not in text(paul.get(table)) + text(paul.get(panel))
    layer.sent.clear()

    # The GM calls Tess to flip her 4 coins against a secret 2 and sees the exact chance, 5 in 16.
    called = live_(
        lambda: gm_client.post(
            call_url, {"character": tess.pk, "target": "2", "label": "Heads I win"}, HTTP_HX_REQUEST="true"
        )
    )
    assert called.status_code == 200
    call = RollCall.objects.get(kind="coin")
    assert (call.character, call.request, call.label) == (tess, {"coins": 4, "target": 2}, "Heads I win")
    gm_page = text(gm_client.get(table))
    paul_page, olga_page = (text(client.get(table)) + text(client.get(panel)) for client in (paul, olga))
    for secret in ("more than 2 heads", "31.25%", "5 in 16"):
        assert secret in gm_page, secret
        assert secret not in paul_page + olga_page, secret
    flip_url = reverse("coin_flip", args=[campaign.pk, call.pk])
    assert flip_url in paul_page
    assert flip_url not in olga_page
    assert olga.post(flip_url, HTTP_HX_REQUEST="true").status_code == 404  # not her character
    # Live: the GM's card with the target, Paul's card with the button and not the target, and to the table
    # the target's commitment alone (through the generic campaigns.table.commitment_actions).
    assert "more than 2 heads" in layer.take(live.gm_group(campaign.pk))
    paul_live = layer.take(live.player_group(campaign.pk, player.pk))
    assert flip_url in paul_live
    assert "more than 2" not in paul_live
    table_live = layer.take(live.table_group(campaign.pk))
    assert "The GM committed to the target of Tess" in table_live
    assert 'data-part="value"' not in table_live

    # Paul flips: heads, heads, heads, tails (and a plain roll later shows a 5).
    script_dice(HEADS, HEADS, HEADS, TAILS, 5)
    flipped = live_(lambda: paul.post(flip_url, HTTP_HX_REQUEST="true"))
    # The call's card goes (nothing in its place): the flip is in the log, and on Tess's card as her last roll.
    roll = Roll.objects.get(kind="coin")
    assert flipped.status_code == 200
    assert (
        text(flipped)
        .lstrip()
        .startswith(f'<div class="last-roll" id="card-{tess.pk}-last" data-last="roll-{roll.pk}" hx')
    )
    assert "3 heads of 4" in text(flipped)
    assert (roll.author, roll.character, roll.call) == (player, tess, call)
    assert roll.outcome == {"faces": [2, 2, 2, 1], "heads": 3, "success": True}
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.ANSWERED
    assert paul.post(flip_url, HTTP_HX_REQUEST="true").status_code == 422  # a second flip: refused on its card
    assert Roll.objects.filter(kind="coin").count() == 1

    # The log: everyone sees 3 heads of 4 and the success; only the GM sees what was needed.
    table_live, gm_live = layer.take(live.table_group(campaign.pk)), layer.take(live.gm_group(campaign.pk))
    for page in (text(paul.get(table)), text(olga.get(table)), table_live):
        assert "3 heads of 4" in page
        assert "success" in page
        assert "more than 2" not in page
    for page in (text(gm_client.get(table)), gm_live):
        assert "3 heads of 4" in page
        assert "needed more than 2 heads" in page

    # Where the flip landed (the generic chart and its own page): the target only on the GM's.
    chart = reverse("roll_chart", args=[campaign.pk, roll.pk])
    assert chart in text(paul.get(table))
    for client in (paul, olga):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(chart, **headers)
            assert response.status_code == 200
            assert "This roll: 3." in text(response)
            assert "more than 2" not in text(response)
    assert "4 coins, more than 2 heads" in text(gm_client.get(chart))

    # The log's filter offers Coin's kind and keeps only its flips.
    actions.roll_notation(campaign, player, notation="1d6", label="plain-marker", character=tess)
    assert '<option value="coin">Coin flip</option>' in text(paul.get(table))
    filtered = text(paul.get(table, {"kind": "coin"}))
    assert f'id="roll-{roll.pk}"' in filtered
    assert "plain-marker" not in filtered

    # The GM's export holds the flip, target and all.
    record = json.loads(gm_client.get(reverse("export", args=[campaign.pk, "json"])).content)
    assert record["campaign"]["system"] == "coin"
    [exported] = [row for row in record["rolls"] if row["kind"] == "coin"]
    assert exported["request"] == {"coins": 4, "target": 2, "label": "Heads I win"}
    assert exported["outcome"]["heads"] == 3
    rows = csv.DictReader(io.StringIO(text(gm_client.get(reverse("export", args=[campaign.pk, "csv"])))))
    assert [json.loads(row["request"])["target"] for row in rows if row["kind"] == "coin"] == [2]

    # The rules pages list Coin, and its own page holds its rules.
    rules_page = text(paul.get(reverse("rules")))
    assert reverse("rules_system", args=["coin"]) in rules_page
    assert 'id="coin-play"' in rules_page
    assert 'id="coin-interpretations"' in text(paul.get(reverse("rules_system", args=["coin"])))


# No system in generic Python: the code outside each system's own folder (and its migrations,
# which record history) asks the registry and never names a system, so a system is added or
# taken away without a line of it changing. Comments and docstrings may name them.
GENERIC = ("accounts", "campaigns", "characters", "config")
SYSTEM_FOLDERS = ROOT / "campaigns" / "systems"


def generic_python() -> list[Path]:
    found = []
    for top in GENERIC:
        for path in sorted((ROOT / top).rglob("*.py")):
            in_a_system = path.parent != SYSTEM_FOLDERS and path.is_relative_to(SYSTEM_FOLDERS)
            if not in_a_system and "migrations" not in path.parts:
                found.append(path)
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, owners) and node.body and isinstance(node.body[0], ast.Expr)
    }


def system_literals(source: str, keys) -> list[tuple[int, str]]:
    """(line, text) of each string constant that names a system: a key itself, a `<key>_` name
    (a url name, a kind), or, for the tests' own system, any mention of a coin."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    toy = re.compile(r"\bcoin", re.IGNORECASE)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        if node.value in keys or node.value.startswith(tuple(f"{key}_" for key in keys)) or toy.search(node.value)
    )


def test_the_sweep_finds_a_system_named_in_code_and_not_in_words():
    source = '''
"""The cgg module docstring."""
# a comment about tribute
KINDS = ["notation", "cgg", f"{x}-ore_"]
NAME = "tribute_roll"
def f():
    """coin: a docstring."""
    return {"label": "Flip a Coin"}
'''
    assert system_literals(source, {"cgg", "tribute", "ore"}) == [(4, "cgg"), (5, "tribute_roll"), (8, "Flip a Coin")]


def test_no_generic_python_names_a_system():
    keys = {adapter.key for adapter in registry.installed()}
    assert len(generic_python()) > 30  # the sweep does walk the code
    named = {
        str(path.relative_to(ROOT)): found
        for path in generic_python()
        if (found := system_literals(path.read_text(), keys))
    }
    assert named == {}


# No system in the generic templates, static files or bench either: a system's styles are in its own
# stylesheet (`SystemAdapter.css`), what differs by system is asked of its adapter, and the bench asks the
# registry (`SystemAdapter.bench`). Prose may name a system; code (a quoted key, a class, an id, a selector) may not.
MARKUP = ("templates", "static")
MARKUP_COMMENTS = re.compile(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}|/\*.*?\*/|<!--.*?-->", re.S)


def system_names_in_markup(text: str, keys) -> list[tuple[int, str]]:
    """(line, text) of each key a template or a static file uses as code: quoted (`== "d100"`), or an id,
    a class or a selector that is the key or starts with it (`#cgg-panel`, `.zener-fold`, `class="ore_x"`)."""
    alternatives = "|".join(map(re.escape, sorted(keys)))
    named = re.compile(r"""(?<=["'#.])(""" + alternatives + r""")(?=["']|[-_]\w)""")
    text = MARKUP_COMMENTS.sub(lambda comment: "\n" * comment.group(0).count("\n"), text)
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if named.search(line)]


def test_the_markup_sweep_finds_a_system_in_code_and_not_in_words():
    source = """{# d100's comment: "d100" #}
<p>d100's skill tests, before the more-fields.</p>
{% if campaign.system == "d100" %}x{% endif %}
/* .zener-fold */
.gm-screen #cgg-panel .cgg-pair { display: grid; }
<div class="zener-gm">
<a href="#d100">d100</a>"""
    assert [line for line, _ in system_names_in_markup(source, {"cgg", "zener", "d100", "ore"})] == [3, 5, 6, 7]


def test_no_generic_template_static_file_or_bench_names_a_system():
    keys = {adapter.key for adapter in registry.installed()}
    files = [path for top in MARKUP for path in sorted((ROOT / top).rglob("*")) if path.is_file()]
    assert len(files) > 50  # the sweep does walk them
    named = {
        str(path.relative_to(ROOT)): found
        for path in files
        if (found := system_names_in_markup(path.read_text(encoding="utf-8"), keys))
    }
    bench = sorted((ROOT / "bench").glob("*.py"))
    assert len(bench) > 3
    named |= {
        str(path.relative_to(ROOT)): found for path in bench if (found := system_literals(path.read_text(), keys))
    }
    assert named == {}


# A system taken away: its campaigns still load, and say so where they need it.


@pytest.fixture
def taken_away(gm, player, seeded_dice):
    """A Coin campaign with a character, a flip in the log and one waiting, whose system then goes."""
    campaign = actions.create_campaign(gm, name="Forgotten", system="coin", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    hero = Character.objects.create(campaign=campaign, owner=player, name="Vik", sheet={"coins": 2, "notes": ""})
    actions.roll_notation(campaign, player, notation="1d6", character=hero)
    registry.get("coin").play_secrets(campaign, gm, player, hero)
    Campaign.objects.filter(pk=campaign.pk).update(system="gone")
    return campaign, hero


def test_a_campaign_whose_system_is_taken_away_says_so_and_breaks_nothing(gm, player, taken_away, campaign):
    gone, hero = taken_away
    call = gone.calls.filter(status=RollCall.Status.PENDING).get()
    roll = gone.rolls.filter(kind="coin").get()
    ids = {"campaign_id": gone.pk}
    pages = {
        player: [
            ("get", reverse("table", kwargs=ids)),
            ("get", reverse("table", kwargs=ids) + "?after=0"),
            ("get", reverse("odds", kwargs=ids) + "?notation=1d6"),
            ("get", reverse("roll_chart", kwargs=ids | {"roll_id": roll.pk})),
            ("post", reverse("roll", kwargs=ids)),
            ("get", reverse("character_new", kwargs=ids)),
            ("get", reverse("character_edit", kwargs=ids | {"character_id": hero.pk})),
            ("post", reverse("character_import", kwargs=ids)),
            ("post", reverse("coin_flip", kwargs=ids | {"call_id": call.pk})),
        ],
        gm: [
            ("get", reverse("table", kwargs=ids)),
            ("post", reverse("call_new", kwargs=ids)),
            ("post", reverse("session_start", kwargs=ids)),
            ("post", reverse("coin_call", kwargs=ids)),
        ],
    }
    rolls, calls = Roll.objects.count(), RollCall.objects.count()
    for user, asked in pages.items():
        for method, url in asked:
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                data = {"notation": "1d6", "character": hero.pk, "target": "1"} if method == "post" else {}
                response = getattr(client_for(user), method)(url, data, **headers)
                assert response.status_code == 501, (url, user.username, response.status_code)
                assert "is not installed on this server" in text(response), url
    assert (Roll.objects.count(), RollCall.objects.count()) == (rolls, calls)

    # Its GM and player still find it at home; the other campaigns open as before.
    for user in (gm, player):
        home = text(client_for(user).get(reverse("home")))
        assert re.search(r'Forgotten</strong></a>\s*<span class="muted">gone \(not installed\)', home), home
    assert client_for(player).get(reverse("table", args=[campaign.pk])).status_code == 200
    # An outsider still gets 404, not a page that says the campaign is there.
    outsider = get_user_model().objects.create_user("nosy")
    assert client_for(outsider).get(reverse("table", kwargs=ids)).status_code == 404


def test_the_admin_still_opens_a_campaign_whose_system_is_taken_away(gm, taken_away):
    gone, hero = taken_away
    admin_user = get_user_model().objects.create_superuser("root", password="not-used-here")
    gm.is_staff = True
    gm.save()
    pages = [
        reverse("admin:campaigns_campaign_changelist"),
        reverse("admin:campaigns_campaign_change", args=[gone.pk]),
        reverse("admin:characters_character_changelist"),
        reverse("admin:characters_character_change", args=[hero.pk]),
        reverse("admin:campaigns_roll_changelist"),
        reverse("admin:campaigns_rollcall_changelist"),
    ]
    for user in (admin_user, gm):
        for url in pages:
            response = client_for(user).get(url)
            assert response.status_code == 200, (url, user.username)
            assert "Forgotten" in text(response) or "Vik" in text(response), url
