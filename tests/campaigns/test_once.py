"""Every post counts once: a double click (or a replayed post) carries the same one-time
token as the first, and records nothing the second time — a plain roll and a step of each
system, each sent twice exactly as its form on the page would send it."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from campaigns.models import LedgerEntry, Roll, RollCall, SubmitToken
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.tests.fixtures import cgg_campaign, explorer  # noqa: F401 (fixtures)
from campaigns.systems.d100 import actions as d100
from campaigns.systems.d100.tests.conftest import grim, table, ulf  # noqa: F401 (fixtures)
from campaigns.systems.d100.tests.conftest import test_form as d100_test_form
from campaigns.systems.ore.tests.conftest import ore, pilot, roll_form  # noqa: F401 (fixtures)
from campaigns.systems.tribute.tests.conftest import hero, tribute  # noqa: F401 (fixtures)
from campaigns.systems.tribute.tests.conftest import test_form as tribute_test_form
from campaigns.systems.zener import actions as zener
from campaigns.systems.zener.tests.conftest import kai, zg  # noqa: F401 (the Zener tests' fixtures)
from campaigns.systems.zener.tests.conftest import pilot as zener_pilot
from campaigns.systems.zener.tests.test_table import check_data
from campaigns.table import actions

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """The Zener tests' Kai as a pilot: check_data checks his Pilot skill."""
    return zener_pilot


class _Forms(HTMLParser):
    """Each form of a page: where it posts (action or hx-post) and its hidden fields."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(
                {
                    "action": attrs.get("hx-post") or attrs.get("action") or "",
                    "method": (attrs.get("method") or ("post" if "hx-post" in attrs else "get")).lower(),
                    "hidden": {},
                }
            )
        elif tag == "input" and attrs.get("type") == "hidden" and self.forms and attrs.get("name"):
            self.forms[-1]["hidden"][attrs["name"]] = attrs.get("value", "")


def forms_of(html: str) -> list[dict]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def hidden_fields(client, campaign, action: str) -> dict:
    """The hidden fields of the form on the table that posts to `action`, token included: on the tab that
    draws it (the page draws its chosen tab alone)."""
    for tab in ("play", "more", "table", "system"):
        page = client.get(reverse("table", args=[campaign.pk]), {"tab": tab}).content.decode()
        found = [form for form in forms_of(page) if form["action"] == action]
        if found:
            break
    [form] = found
    assert form["hidden"].get("form_token"), action
    return form["hidden"]


def twice(client, url: str, data: dict, **headers):
    first = client.post(url, data, **headers)
    second = client.post(url, data, **headers)
    return first, second


def test_a_page_with_one_time_tokens_is_never_reused_from_the_browser_cache(player_client, client, campaign):
    """Back to a cached table brought its used tokens: the next roll counted as a repeat."""
    page = player_client.get(reverse("table", args=[campaign.pk]))
    assert "no-store" in page["Cache-Control"]
    assert "Cache-Control" not in client.get(reverse("rules")).headers  # a visitor's: no form, cacheable


def test_a_plain_roll_sent_twice_is_one_roll(player_client, campaign, character, htmx):
    url = reverse("roll", args=[campaign.pk])
    data = hidden_fields(player_client, campaign, url) | {"notation": "3d6", "character": character.pk}
    first, second = twice(player_client, url, data, **htmx)
    assert first.status_code == 200
    # Nothing to swap (the first answer did it), but the page's alert region says why.
    assert (second.status_code, second["HX-Reswap"]) == (200, "none")
    assert "That was already sent." in second.content.decode()
    assert Roll.objects.count() == 1
    # The answer carries a fresh token for the form htmx leaves on the page: it rolls again.
    again = player_client.post(url, data | {"form_token": first["Form-Token"]}, **htmx)
    assert again.status_code == 200
    assert Roll.objects.count() == 2


def test_a_plain_post_sent_twice_lands_where_the_first_did(player_client, campaign, character):
    url = reverse("roll", args=[campaign.pk])
    data = hidden_fields(player_client, campaign, url) | {"notation": "d20", "character": character.pk}
    first, second = twice(player_client, url, data)
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"] == reverse("table", args=[campaign.pk])
    assert Roll.objects.count() == 1
    page = player_client.get(second["Location"]).content.decode()
    assert "That was sent already: it counted once." in page


def test_a_post_that_changed_nothing_may_be_sent_again(player_client, campaign, character, htmx):
    url = reverse("roll", args=[campaign.pk])
    data = hidden_fields(player_client, campaign, url) | {"notation": "3d", "character": character.pk}
    assert player_client.post(url, data, **htmx).status_code == 422
    assert not SubmitToken.objects.exists()
    assert player_client.post(url, data | {"notation": "3d6"}, **htmx).status_code == 200
    assert Roll.objects.count() == 1


def test_a_post_the_database_failed_may_be_sent_again(player_client, campaign, character, htmx, monkeypatch):
    from django.db import DatabaseError

    url = reverse("roll", args=[campaign.pk])
    data = hidden_fields(player_client, campaign, url) | {"notation": "3d6", "character": character.pk}
    real = actions.roll_notation

    def fails_once(*args, **kwargs):
        monkeypatch.setattr(actions, "roll_notation", real)
        raise DatabaseError("the disk is full")

    monkeypatch.setattr(actions, "roll_notation", fails_once)
    assert player_client.post(url, data, **htmx).status_code == 503
    assert player_client.post(url, data, **htmx).status_code == 200
    assert Roll.objects.count() == 1


def test_one_users_token_is_not_anothers(player_client, gm_client, campaign, character, htmx):
    """A live row goes out to a whole audience with the same token in its forms."""
    url = reverse("roll", args=[campaign.pk])
    data = hidden_fields(player_client, campaign, url) | {"notation": "3d6"}
    player_client.post(url, data | {"character": character.pk}, **htmx)
    assert gm_client.post(url, data, **htmx).status_code == 200
    assert Roll.objects.count() == 2


def test_a_tribute_test_sent_twice(player_client, tribute, hero, htmx):  # noqa: F811
    url = reverse("tribute_test", args=[tribute.pk])
    data = hidden_fields(player_client, tribute, url) | tribute_test_form(hero)
    twice(player_client, url, data, **htmx)
    assert RollCall.objects.count() == 1  # the test, in the log or waiting for Profit and Waste
    assert Roll.objects.count() <= 1


def test_an_ore_roll_sent_twice(player_client, ore, pilot):  # noqa: F811
    url = reverse("ore_roll", args=[ore.pk])
    data = hidden_fields(player_client, ore, url) | roll_form(pilot, skill="")
    twice(player_client, url, data)
    assert Roll.objects.count() == 1


def test_a_zener_check_and_a_karma_award_sent_twice(player_client, gm_client, zg, kai, htmx):  # noqa: F811
    url = reverse("zener_check", args=[zg.pk])
    twice(player_client, url, hidden_fields(player_client, zg, url) | check_data(kai), **htmx)
    assert Roll.objects.count() == 1
    start = zener.karma_balance(kai).value
    url = reverse("zener_karma", args=[zg.pk])
    award = {"character": kai.pk, "kind": "complication", "amount": "1"}
    twice(gm_client, url, hidden_fields(gm_client, zg, url) | award, **htmx)
    assert zener.karma_balance(kai).value == start + 2


def test_a_d100_test_and_a_fortune_spend_sent_twice(player_client, gm, table, ulf, htmx):  # noqa: F811
    actions.start_session(table, gm, refill=3)
    url = reverse("d100_test", args=[table.pk])
    twice(
        player_client, url, hidden_fields(player_client, table, url) | d100_test_form(ulf, attribute="Agility"), **htmx
    )
    assert Roll.objects.count() == 1
    url = reverse("d100_spend", args=[table.pk])
    spend = {"character": ulf.pk, "use": "action_point"}
    twice(player_client, url, hidden_fields(player_client, table, url) | spend, **htmx)
    assert d100.pools(table)["fortune"].value == 2
    assert LedgerEntry.objects.filter(reason="An extra Action Point").count() == 2  # Fortune −1, Misfortune +1


def test_a_crisis_clock_change_sent_twice(gm_client, cgg_campaign, explorer, htmx):  # noqa: F811
    url = reverse("cgg_clock", args=[cgg_campaign.pk, explorer.pk])
    change = {"direction": "pay", "hours": "3", "reason": "Idle"}
    twice(gm_client, url, hidden_fields(gm_client, cgg_campaign, url) | change, **htmx)
    assert crisis_clock(explorer).hours == 9
    assert LedgerEntry.objects.count() == 1


def test_every_form_that_posts_carries_a_one_time_token(client):
    """Every page the app renders, as a visitor, the GM and each player of every demo table
    (calls waiting, rolls in the log, every system's panel): no form posts without a token."""
    from django.core.management import call_command

    from accounts.models import User
    from campaigns.models import Campaign

    call_command("demo")
    pages = ["/", reverse("signup"), reverse("login"), reverse("rules")]
    pages.append(reverse("join", args=[Campaign.objects.first().invite_token]))
    seen = 0
    for user in [None, *User.objects.order_by("username")]:
        if user is not None:
            client.force_login(user)
            pages = ["/", reverse("campaign_new"), reverse("password_change")]
            for campaign in Campaign.objects.for_member(user):
                pages += [reverse("table", args=[campaign.pk]), reverse("character_new", args=[campaign.pk])]
                mine = campaign.characters.all() if campaign.gm == user else campaign.characters.filter(owner=user)
                pages += [reverse("character_edit", args=[campaign.pk, c.pk]) for c in mine]
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200, page
            for form in forms_of(response.content.decode()):
                if form["method"] == "post":
                    seen += 1
                    assert form["hidden"].get("form_token"), (user, page, form["action"])
    assert seen > 100
