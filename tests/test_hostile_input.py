"""Hostile input never breaks anything: random and malicious values
posted to every form of every system get a 4xx or a clean form error, never a 500,
and a refused request changes nothing. User text is always escaped."""

import re
from html.parser import HTMLParser

import pytest
from django.db import transaction
from django.urls import resolve, reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.models import Balance, Campaign, LedgerEntry, Membership, Roll, RollCall
from campaigns.plugins import registry
from campaigns.systems.cgg.models import TensionScene
from campaigns.table import actions, once
from characters.models import Character
from tests.world import (
    CASES,
    GM,
    LOGIN,
    NOT_SWEPT,
    PUBLIC,
    client_for,
    project_templates,
    routes,
)

# The world with a secret in every system, played once for the module (tests/fixtures.py): each test begins from it.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("played_world")]

HOSTILE = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "1e309",
            "NaN",
            "99999999999999999999999999",
            "-99999999999999999999",
            "'; DROP TABLE campaigns_roll; --",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "x" * 10_000,
            "٣d٦",
            "3d6\x00",
            "{{ 7*7 }}",
            "%s%s%s",
            "../../etc/passwd",
            "🎲" * 50,
        ]
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)

SYSTEMS = [adapter.key for adapter in registry.installed()]


@pytest.fixture
def table(gm, player):
    campaign = actions.create_campaign(gm, name="Fuzz", system="tribute", settings={"die_size": 6})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
    Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet=sheet)
    return campaign


def test_user_text_is_escaped(player_client, table, player, seeded_dice):
    actions.roll_notation(table, player, notation="1d6", label="<script>alert(1)</script>")
    page = player_client.get(reverse("table", args=[table.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_templates_never_mark_text_safe():
    for template in project_templates():
        assert "|safe" not in template.read_text(), template


# Every system's forms, found as the app renders them: the field names and the offered values
# (options, radio values) of the GM's and the player's table and the sheet forms. A new form
# or field is fuzzed without a change here.
FIELD_NAME = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"')
OFFERED_VALUE = re.compile(r'<(?:option|input)[^>]*\bvalue="([^"]{1,40})"')
FORM_PAGES = {"character_new", "character_edit", "campaign_new"}  # pages whose form posts back to them
SHEET_PAGES = {"character_new", "character_edit"}  # one sheet form per system
NOT_FUZZED = {"player_remove"}  # it would lock the player out of every later example


_BLANK_FORMS = {}  # system -> its new-character and new-campaign pages' fields: the same in every test's world
# (system, its campaign's id) -> the names and values of its forms: every test begins from the same played world
# (its campaign the same row), so its table pages offer the same.
_VOCABULARY = {}


def vocabulary(world, gm, player, system) -> tuple[list[str], list[str]]:
    campaign, _seat = world["campaigns"][system]
    if (system, campaign.pk) not in _VOCABULARY:
        _VOCABULARY[system, campaign.pk] = read_vocabulary(campaign, gm, player, system)
    return _VOCABULARY[system, campaign.pk]


def read_vocabulary(campaign, gm, player, system) -> tuple[list[str], list[str]]:
    pages = "".join(
        client_for(user).get(reverse("table", args=[campaign.pk])).content.decode() for user in (gm, player)
    )
    if system not in _BLANK_FORMS:
        new_character = client_for(player).get(reverse("character_new", args=[campaign.pk])).content.decode()
        _BLANK_FORMS[system] = new_character + client_for(gm).get(reverse("campaign_new")).content.decode()
    pages += _BLANK_FORMS[system]
    names = sorted(set(FIELD_NAME.findall(pages)) - {"csrfmiddlewaretoken"})
    return names, sorted(set(OFFERED_VALUE.findall(pages)))


def fuzzed_steps():
    """Each step once: a system's own steps in its campaign, the sheet forms in every system."""
    for name, (_method, access, _system) in CASES.items():
        if name in NOT_FUZZED | NOT_SWEPT or (access in (PUBLIC, LOGIN) and name not in FORM_PAGES):
            continue
        own = [key for key in SYSTEMS if name.startswith(f"{key}_")]
        for system in own or (sorted(SYSTEMS) if name in SHEET_PAGES else ["tribute"]):
            yield pytest.param(name, system, id=f"{name}-{system}")


def snapshot():
    """Everything a refused request must leave as it was."""
    return (
        list(Roll.objects.values_list("pk", flat=True)),
        list(RollCall.objects.values_list("pk", "status", "state")),
        list(Character.objects.values_list("pk", "name", "sheet")),
        list(Campaign.objects.values_list("pk", "name", "settings", "invite_token", "invite_expires_at")),
        list(TensionScene.objects.values_list("pk", "active", "state", "edge_holder_id")),
        list(Membership.objects.values_list("pk", flat=True)),
        list(Balance.objects.values_list("pk", "value")),
        LedgerEntry.objects.count(),
    )


@pytest.mark.parametrize(("name", "system"), list(fuzzed_steps()))
def test_every_step_of_every_system_survives_hostile_values(world, gm, player, seeded_dice, name, system):
    """Random field sets with hostile values, or values the forms offer (so the rules are reached too),
    posted by whoever may take the step, with a call and a roll of each system waiting (the played world)."""
    names, offered = vocabulary(world, gm, player, system)
    method = "post" if name in FORM_PAGES else CASES[name][0]
    urls = [url for _method, url in routes(world, system) if resolve(url.split("?")[0]).url_name == name]
    clients = [client_for(gm)] + ([client_for(player)] if CASES[name][1] != GM else [])

    @settings(max_examples=20, deadline=None, database=None)
    @given(data=st.data())
    def fuzz(data):
        url, client = data.draw(st.sampled_from(urls)), data.draw(st.sampled_from(clients))
        fields = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=12))
        values = {field: data.draw(st.one_of(HOSTILE, st.sampled_from(offered))) for field in fields}
        before = snapshot()
        response = getattr(client, method)(url, values, HTTP_HX_REQUEST="true")
        assert response.status_code < 500, (url, values)
        if response.status_code >= 400:
            assert snapshot() == before, (url, values, response.status_code)
        assert "<script>alert(1)</script>" not in response.content.decode(errors="replace")

    fuzz()


# Malformed input to EVERY POST endpoint, as its rightful user: missing fields, numbers
# written in other digits or signs, letters, huge and negative numbers, control characters, and
# ids of another campaign. Each is posted over the form the app itself renders for that endpoint
# (so the step is otherwise valid and the bad value is what it meets), and alone. Nothing may 500;
# a refused post changes nothing; a post carrying a NUL byte, or a character of another campaign,
# is always refused. A new endpoint (a line in tests/world.py's CASES) or form field is covered
# without a change here.

ALWAYS_REFUSED = ["²\x00", "1\x00"]  # bad for text (a control character), numbers and choices alike
ALL_AT_ONCE = ["", "٣", "--1", "x", "1e309", "99999999999999999999", "[" * 2_000 + "]" * 2_000, ALWAYS_REFUSED[0]]
ONE_AT_A_TIME = ["²", "-99999999999999999999", ALWAYS_REFUSED[1]]


class RenderedForms(HTMLParser):
    """Each form of a page: where it posts, and what a browser would send untouched
    (the first of several submit buttons)."""

    def __init__(self, page_url: str):
        super().__init__()
        self.page_url, self.forms, self.form, self.select, self.textarea = page_url, [], None, None, None
        self.chosen = set()  # selects with an option marked selected

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            url = attrs.get("hx-post") or attrs.get("action") or self.page_url
            self.form = {"url": url.split("?")[0], "fields": {}, "checkboxes": set()}
            self.forms.append(self.form)
            return
        if self.form is None:
            return
        fields, name, kind = self.form["fields"], attrs.get("name"), attrs.get("type", "text")
        if tag == "option" and self.select:
            if self.select not in fields or ("selected" in attrs and self.select not in self.chosen):
                fields[self.select] = attrs.get("value", "")
            if "selected" in attrs:
                self.chosen.add(self.select)
        elif not name:
            return
        elif tag == "input" and kind == "checkbox":
            self.form["checkboxes"].add(name)
            if "checked" in attrs:
                fields.setdefault(name, attrs.get("value", "on"))
        elif tag == "input" and kind == "radio":
            if "checked" in attrs:
                fields[name] = attrs.get("value", "on")
        elif tag == "input" and kind not in ("file", "reset", "button", "image"):
            fields.setdefault(name, attrs.get("value", ""))
        elif tag == "button" and "value" in attrs:
            fields.setdefault(name, attrs["value"])
        elif tag == "select":
            self.select = name
        elif tag == "textarea":
            self.textarea = name
            fields[name] = ""

    def handle_data(self, data):
        if self.textarea and self.form:
            self.form["fields"][self.textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def forms_on(pages) -> list[dict]:
    """Every form of these pages: {url, fields (what a browser sends untouched), checkboxes}."""
    found = []
    for user, page in pages:
        parser = RenderedForms(page)
        parser.feed(client_for(user).get(page).content.decode())
        for form in parser.forms:
            form["fields"].pop("csrfmiddlewaretoken", None)
            form["page"] = (user, page)
            found.append(form)
    return found


def shape(form) -> tuple:
    return form["url"], frozenset(form["fields"]) | frozenset(form["checkboxes"])


def post_and_undo(client, url, data, before):
    """Post, see what changed since `before` (the snapshot of the state every post of a sweep meets), and
    roll it back: every payload meets the same state."""
    with transaction.atomic():
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        changed = snapshot() != before
        transaction.set_rollback(True)
    return response, changed


def payloads(form, *, one_at_a_time: bool):
    """(data, the bad value, whether only fields that take anything carry it: checkboxes, and the
    one-time token, whose oddities only mean no token): every field bad at once, then (over the
    rendered form) each field bad alone."""
    fields, checkboxes = form["fields"], form["checkboxes"] | {once.FIELD}
    names = set(fields) | checkboxes
    for bad in ALL_AT_ONCE:
        yield {key: bad for key in names}, bad, names <= checkboxes
    for key in fields if one_at_a_time else ():
        for bad in ONE_AT_A_TIME:
            yield {**fields, key: bad}, bad, key in checkboxes


def sweep(url, form, users, ours, stranger) -> int:
    """Post every payload to one endpoint over one of its forms, as each rightful user."""
    swept, before = 0, snapshot()  # each post below is rolled back: they all meet this state
    for user in users:
        client = client_for(user)
        response, _ = post_and_undo(client, url, {}, before)
        assert response.status_code < 500, (url, user, {})
        reads_nothing = response.status_code < 400  # a button: nothing it is sent can be malformed
        # Each field alone over the form as rendered for this user (or, for the first, a form no page shows).
        mine = form.get("page", (users[0],))[0] is user
        for data, bad, only_checkboxes in payloads(form, one_at_a_time=mine):
            response, changed = post_and_undo(client, url, data, before)
            assert response.status_code < 500, (url, user, data)
            refused = response.status_code >= 400
            assert not (refused and changed), (url, user, data)
            if bad in ALWAYS_REFUSED and not (reads_nothing or only_checkboxes):  # a checkbox takes any value
                assert refused, (url, user, data, response.status_code)
            swept += 1
        for key, value in form["fields"].items():
            if value.isdigit() and int(value) in ours:  # a character of this campaign: one of another instead
                response, changed = post_and_undo(client, url, {**form["fields"], key: stranger}, before)
                assert response.status_code < 500, (url, user, key)
                assert reads_nothing or (response.status_code >= 400 and not changed), (url, user, key)
    return swept


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_malformed_input_to_every_post_endpoint_changes_nothing(world, gm, player, system):
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    table, edit = reverse("table", args=[campaign.pk]), reverse("character_edit", args=[campaign.pk, hero.pk])
    pages = [
        (gm, table),
        (player, table),
        (player, reverse("character_new", args=[campaign.pk])),
        (player, edit),
        (gm, reverse("campaign_new")),
    ]
    forms = forms_on(pages)
    ours = set(campaign.characters.values_list("pk", flat=True))
    stranger = str(world["characters"]["d100" if system != "d100" else "cgg"].pk)  # the same GM's other campaign
    rightful = {}
    for method, url in routes(world, system):
        name = resolve(url.split("?")[0]).url_name
        if name in NOT_FUZZED or (method != "post" and name not in FORM_PAGES):
            continue
        if not name.startswith(f"{system}_") and name not in SHEET_PAGES and CASES[name][2] != system:
            continue  # a generic step reads the same form in every system: swept in one
        rightful[url] = [gm] if CASES[name][1] == GM else [player, gm]
    swept, seen = 0, set()
    for url, users in rightful.items():
        for form in [f for f in forms if f["url"] == url] or [{"url": url, "fields": {}, "checkboxes": set()}]:
            if shape(form) not in seen:
                seen.add(shape(form))
                swept += sweep(url, form, users, ours, stranger)
    # One step further: the forms a step brings (tension mode's, a call's next step), swept in that state.
    for form in [f for f in forms if f["url"] in rightful]:
        with transaction.atomic():
            user = form["page"][0]
            if client_for(user).post(form["url"], form["fields"], HTTP_HX_REQUEST="true").status_code < 400:
                for new in forms_on([form["page"]]):
                    if new["url"] in rightful and shape(new) not in seen:
                        seen.add(shape(new))
                        swept += sweep(new["url"], new, rightful[new["url"]], ours, stranger)
            transaction.set_rollback(True)
    assert swept > 50


DEEP_JSON = "[" * 5_000 + "]" * 5_000


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_malformed_query_parameters_to_every_get_endpoint(world, gm, player, system):
    """Every query parameter any page uses (the log's filters and pages, the odds previews, the
    index tables), with every odd value at once, on every GET route of the system: never a 5xx."""
    names, _offered = vocabulary(world, gm, player, system)
    names = sorted({*names, "after", "before", "part", "table", "way", "value"})
    bads = ["²", "٣", "--1", "1\x00", DEEP_JSON, "\ufffd\ud7ff", "99999999999999999999", "1e309"]
    for method, url in routes(world, system):
        name = resolve(url.split("?")[0]).url_name
        if method != "get" or not (name.startswith(f"{system}_") or CASES[name][2] == system):
            continue  # a generic page reads the same parameters in every system: tried in one
        user = gm if CASES[name][1] == GM else player
        for turn in range(len(bads)):  # every parameter meets every odd value, all parameters at once
            query = {key: bads[(i + turn) % len(bads)] for i, key in enumerate(names)}
            response = client_for(user).get(url.split("?")[0], query, HTTP_HX_REQUEST="true")
            assert response.status_code < 500, (url, query)
        # A lone surrogate cannot be sent as UTF-8; its bytes arrive and are read as replacement characters.
        response = client_for(user).get(url.split("?")[0] + "?after=%ED%A0%80&value=%ED%A0%80")
        assert response.status_code < 500, url
