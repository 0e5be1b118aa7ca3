"""Hostile input never breaks anything (issue 8, item 5): random and malicious values
posted to the app's forms get a 4xx or a clean form error, never a 500, and a refused
request changes nothing. User text is always escaped."""

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import actions
from campaigns.models import Campaign, Membership, Roll, RollCall
from characters.models import Character

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

FORMS = {
    "roll": ["notation", "target", "comparison", "character", "label", "secret"],
    "odds": ["notation", "target", "comparison"],
    "call_new": ["character", "label", "notation", "target", "comparison"],
    "character_new": ["name", "notes", "attribute__Might", "effects"],
    "tribute_test": ["character", "attribute", "focus", "burden", "effect", "known", "opposition", "label"],
    "tribute_opposed": ["character", "attribute", "opponent_name", "opponent_rank", "opponent_focus"],
}


@pytest.fixture
def table(gm, player):
    campaign = actions.create_campaign(gm, name="Fuzz", system="tribute", settings={"die_size": 6})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = campaign.rules_system.validate_sheet({}, campaign.settings)
    Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet=sheet)
    return campaign


def counts():
    return (Roll.objects.count(), RollCall.objects.count(), Character.objects.count(), Campaign.objects.count())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(sorted(FORMS)), values=st.lists(HOSTILE, min_size=8, max_size=8))
def test_hostile_values_never_cause_a_500(table, gm, player, seeded_dice, form, values):
    client = Client()
    client.force_login(gm if form in ("call_new", "tribute_opposed") else player)
    data = dict(zip(FORMS[form], values, strict=False))
    before = counts()
    url = reverse(form, args=[table.pk])
    response = client.get(url, data) if form == "odds" else client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code < 500, (form, data)
    if response.status_code >= 400:
        assert counts() == before, (form, data)
    assert "<script>alert(1)</script>" not in response.content.decode(errors="replace")


def test_user_text_is_escaped(player_client, table, player, seeded_dice):
    actions.roll_notation(table, player, notation="1d6", label="<script>alert(1)</script>")
    page = player_client.get(reverse("table", args=[table.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_templates_never_mark_text_safe():
    root = Path(__file__).resolve().parent.parent / "templates"
    for template in root.rglob("*.html"):
        assert "|safe" not in template.read_text(), template
