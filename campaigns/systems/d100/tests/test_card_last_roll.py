"""A test's Fortune on the card it was rolled from: the card's "Last roll" offers the row's own
re-roll at once, asking in the app's dialog; spent from there, the card shows the re-roll's result."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.table import actions

pytestmark = pytest.mark.django_db


def press(client, character, key, **options):
    url = reverse("card_roll", args=[character.campaign_id, character.pk])
    return client.post(url, {"roll": key, **options}, HTTP_HX_REQUEST="true").content.decode()


def area(html: str, character) -> str:
    start = html.index(f'id="card-{character.pk}-last"')
    return html[start : html.index("</section>", start)]


def test_a_failed_test_offers_its_fortune_re_roll_on_the_card(player_client, table, ulf, gm, player, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(8, 3, 3, 5)  # 72 fails; the re-roll 24 stands
    last = area(press(player_client, ulf, "skill:Stealth"), ulf)
    assert "✘ Failure" in last
    assert "Re-roll (1 Fortune)" in last
    assert "intersect" not in last
    assert "hx-confirm" not in last
    assert 'data-confirm="Spend 1 Fortune to re-roll this test? (the new result stands)"' in last
    first = Roll.objects.get()
    url = reverse("d100_reroll", args=[table.pk, first.pk])
    response = player_client.post(url, {"card": ulf.pk}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    again = Roll.objects.latest("pk")
    assert f'data-last="roll-{again.pk}"' in body
    assert "Fortune re-roll of" in body
    assert "Re-roll (" not in body
    # The failed test's row in the log, which offered the same re-roll, is emptied of it.
    assert f'<span id="fortune-{first.pk}" hx-swap-oob="true"></span>' in body


def test_a_success_or_an_empty_pool_offers_nothing(player_client, table, ulf, script_dice):
    script_dice(8, 3)  # 72 fails, but no session: no Fortune
    last = area(press(player_client, ulf, "skill:Stealth"), ulf)
    assert "Last roll" in last
    assert "Re-roll" not in last


def test_a_test_the_gm_sets_shows_its_call_on_the_card(player_client, table, ulf):
    last = area(press(player_client, ulf, "skill:Stealth", difficulty="gm"), ulf)
    assert "Last roll" in last
    assert 'class="call" id="call-' in last
