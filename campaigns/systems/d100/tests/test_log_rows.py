"""d100's log rows kept for every viewer (campaigns.table.rows): the GM's secret test keeps
its "Reveal" form, with fresh tokens on each page, and the reveal shows on the next page."""

import re

import pytest
from django.urls import reverse

from campaigns.systems.d100 import gm as d100_gm

pytestmark = pytest.mark.django_db
REVEAL_FORM = re.compile(r"<form[^>]*/reveal/.*?</form>", re.S)


def _reveal_form(client, campaign) -> str:
    page = client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()
    found = REVEAL_FORM.search(page)
    assert found, "the secret test's row offers the GM its reveal"
    return found.group(0)


def test_a_kept_row_gets_the_viewers_csrf_field_and_fresh_tokens_on_each_page(gm_client, grim, ulf, gm):
    d100_gm.gm_secret_test(
        grim, gm, character=ulf, skill="", attribute="Agility", difficulty="hard", label="From the rafters"
    )
    first, second = _reveal_form(gm_client, grim), _reveal_form(gm_client, grim)
    assert 'name="csrfmiddlewaretoken"' in first  # it posts without JavaScript too
    tokens = [re.search(r'name="form_token" value="([^"]+)"', form).group(1) for form in (first, second)]
    assert tokens[0] != tokens[1]  # a one-time token per page, not one kept in the row
    assert "<!--form-tokens-->" not in first


def test_a_revealed_secret_test_shows_on_the_players_next_page(gm_client, player_client, grim, ulf, gm):
    secret = d100_gm.gm_secret_test(
        grim, gm, character=ulf, skill="", attribute="Agility", difficulty="hard", label="From the rafters"
    )
    url = reverse("table", args=[grim.pk])
    assert "From the rafters" not in player_client.get(url).content.decode()
    d100_gm.reveal_test(secret.pk, gm)
    assert "From the rafters" in player_client.get(url).content.decode()
