"""A step from the Zener panel leaves the panel's other forms as the GM left them (play-test:
letting time pass reset a filled-in attack, and a refused therapy came back empty)."""

import re

import pytest
from django.urls import reverse

from campaigns.systems.zener.tests.conftest import pilot

pytestmark = pytest.mark.django_db


@pytest.fixture
def character_maker():
    """Kai and Ren as the table tests make them: pilots (conftest.pilot)."""
    return pilot


HTMX = {"HTTP_HX_REQUEST": "true"}


def _form_tag(page: str, form_id: str) -> str:
    return re.search(rf'<form id="{form_id}"[^>]*>', page).group(0)


def test_letting_time_pass_keeps_the_attack_form_as_typed(gm_client, zg, kai, ren):
    kai.sheet = {**kai.sheet, "damage": {**kai.sheet["damage"], "end_spent": 4}}
    kai.save()
    response = gm_client.post(
        reverse("zener_time", args=[zg.pk]), {"character": kai.pk, "activity": "ordinary", "minutes": "30"}, **HTMX
    )
    assert response.status_code == 200, response.content.decode()[:500]
    page = response.content.decode()
    assert 'hx-preserve="true"' in _form_tag(page, "zener-attack-form")
    assert 'hx-preserve="true"' in _form_tag(page, "zener-therapy-form")
    assert "hx-preserve" not in _form_tag(page, "zener-time-form")  # the posted form comes back as the step left it


def test_a_refused_therapy_keeps_what_was_typed_and_says_why_just_before_it(gm_client, zg, kai):
    response = gm_client.post(reverse("zener_therapy", args=[zg.pk]), {"character": kai.pk, "con_healed": "9"}, **HTMX)
    assert response.status_code == 422
    page = response.content.decode()
    tag = _form_tag(page, "zener-therapy-form")
    assert 'hx-preserve="true"' in tag
    before = page[: page.index(tag)]
    assert before.rstrip().endswith("</p>")
    assert "A therapy heals 0 to 3 points" in before[-300:]


def test_the_table_page_itself_keeps_nothing(gm_client, zg, kai):
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "hx-preserve" not in _form_tag(page, "zener-attack-form")
