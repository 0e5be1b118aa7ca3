"""Hostile input never breaks anything (issue 8, item 5): random and malicious values
posted to every form of every system get a 4xx or a clean form error, never a 500,
and a refused request changes nothing. User text is always escaped."""

import re
from pathlib import Path

import pytest
from django.urls import resolve, reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns import actions
from campaigns.models import Balance, Campaign, LedgerEntry, Membership, Roll, RollCall, TensionScene
from characters.models import Character
from rules import SYSTEMS
from tests.world import CASES, GM, LOGIN, NOT_SWEPT, PUBLIC, client_for, play_a_secret_in_every_system, routes

pytestmark = pytest.mark.django_db

HOSTILE = st.one_of(
    st.text(max_size=60),
    st.sampled_from([
        "", " ", "0", "-1", "1e309", "NaN", "99999999999999999999999999", "-99999999999999999999",
        "'; DROP TABLE campaigns_roll; --", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
        "x" * 10_000, "٣d٦", "3d6\x00", "{{ 7*7 }}", "%s%s%s", "../../etc/passwd", "🎲" * 50,
    ]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)  # fmt: skip


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
    root = Path(__file__).resolve().parent.parent / "templates"
    for template in root.rglob("*.html"):
        assert "|safe" not in template.read_text(), template


# Every system's forms, found as the app renders them: the field names and the offered values
# (options, radio values) of the GM's and the player's table and the sheet forms. A new form
# or field is fuzzed without a change here.
FIELD_NAME = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"')
OFFERED_VALUE = re.compile(r'<(?:option|input)[^>]*\bvalue="([^"]{1,40})"')
FORM_PAGES = {"character_new", "character_edit", "campaign_new"}  # pages whose form posts back to them
SHEET_PAGES = {"character_new", "character_edit"}  # one sheet form per system
NOT_FUZZED = {"player_remove"}  # it would lock the player out of every later example


def vocabulary(world, gm, player, system) -> tuple[list[str], list[str]]:
    campaign, _seat = world["campaigns"][system]
    pages = "".join(
        client_for(user).get(url).content.decode()
        for user, url in ((gm, reverse("table", args=[campaign.pk])), (player, reverse("table", args=[campaign.pk])),
                          (player, reverse("character_new", args=[campaign.pk])), (gm, reverse("campaign_new")))
    )  # fmt: skip
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
    posted by whoever may take the step, with a call and a roll of each system waiting."""
    play_a_secret_in_every_system(world, gm, player)
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
