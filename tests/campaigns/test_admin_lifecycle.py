"""A campaign's whole life in the admin, as its GM (a staff user, made so by
creating a campaign): a campaign with rolls is deleted with its record, the invite link is
renewed, the attribute list says what it does to the sheets, and no link the GM can follow
leads to a refusal (403) or an error (500)."""

import re
from collections import deque
from urllib.parse import urljoin

import pytest
from django.urls import reverse

from campaigns.models import Balance, Campaign, LedgerEntry, Membership, Roll
from campaigns.table import actions
from characters.models import Character
from tests.world import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(gm, player, seeded_dice):
    """A d100 campaign (it has an attribute list) with a roll, an answered call and a ledger entry."""
    campaign = actions.create_campaign(gm, name="Played table", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    hero = Character.objects.create(
        campaign=campaign, owner=player, name="Rolled hero", sheet=campaign.rules_system.validate_sheet({}, {})
    )
    roll = actions.roll_notation(campaign, player, notation="1d20", character=hero)
    call = actions.call_for_roll(campaign, character=hero, notation="1d20", target=10)
    actions.answer_call(call.pk, player)
    balance = Balance.objects.create(campaign=campaign, character=hero, kind="karma", value=1)
    LedgerEntry.objects.create(balance=balance, actor=gm, reason="test", delta=1, value_after=1, roll=roll, call=call)
    gm.refresh_from_db()
    return campaign


def test_the_gm_deletes_a_campaign_with_rolls_from_its_page(gm, played):
    client = client_for(gm)
    url = reverse("admin:campaigns_campaign_delete", args=[played.pk])
    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Are you sure" in text
    assert "permission to delete" not in text
    assert "protected" not in text
    assert client.post(url, {"post": "yes"}).status_code == 302
    assert not Campaign.objects.filter(pk=played.pk).exists()
    assert not Roll.objects.filter(campaign_id=played.pk).exists()


def test_the_gm_deletes_campaigns_with_rolls_from_the_list(gm, played, other_campaign):
    client = client_for(gm)
    changelist = reverse("admin:campaigns_campaign_changelist")
    data = {"action": "delete_selected", "_selected_action": [played.pk, other_campaign.pk]}
    page = client.post(changelist, data).content.decode()
    assert "permission to delete" not in page
    client.post(changelist, {**data, "post": "yes"})
    assert not Campaign.objects.filter(pk=played.pk).exists()
    assert Campaign.objects.filter(pk=other_campaign.pk).exists()  # not the GM's: out of their queryset


def test_the_gm_renews_the_invite_link(gm, played):
    old = played.invite_token
    changelist = reverse("admin:campaigns_campaign_changelist")
    response = client_for(gm).post(changelist, {"action": "renew_invite", "_selected_action": [played.pk]})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.invite_token != old


def test_the_attribute_list_says_what_happens_to_the_sheets(gm, played):
    page = client_for(gm).get(reverse("admin:campaigns_campaign_change", args=[played.pk])).content.decode()
    assert "Existing sheets" in page
    assert "gets it at" in page


ADMIN = "/admin/"


def _links(html: str, base: str) -> set[str]:
    found = set()
    for href in re.findall(r'href="([^"#]+)"', html):
        url = urljoin(base, href.replace("&amp;", "&"))
        if url.startswith(ADMIN) and "logout" not in url:
            found.add(url)
    return found


def test_no_admin_link_leads_the_gm_to_a_refusal(gm, played, other_campaign):
    """Every page the GM can reach from the admin's index, following links, answers 200 or a redirect.
    The pages themselves (no query string: index, lists, change, delete and history pages) come first, in
    the order they are found, then the lists' filter and sort variants, which multiply without end, up to
    400 in all: crawled depth first in a set's order, which changes with Python's hash seed, the budget could
    go on filter variants before any delete page."""
    client = client_for(gm)
    seen, bad = set(), []
    pages, variants = deque([ADMIN]), deque()
    while (pages or variants) and len(seen) < 400:
        url = (pages or variants).popleft()
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code in (403, 500):
            bad.append((url, response.status_code))
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            for link in sorted(_links(response.content.decode(), url) - seen):
                (variants if "?" in link else pages).append(link)
    assert not pages, "the crawl did not reach every page"
    assert not bad
    assert any("/delete/" in url for url in seen)  # the crawl reached the campaign's delete page
    assert len(seen) > 20
