"""A check's Karma on the card it was rolled from: the card's "Last roll" offers the row's own
spends at once (no loading on scroll), asks in the app's dialog, and a spend posted from there answers the
card's area with the new result; the log's row keeps its own menu."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener import actions as zener
from campaigns.table import live
from characters.models import Character

pytestmark = pytest.mark.django_db


def press(client, character, key):
    url = reverse("card_roll", args=[character.campaign_id, character.pk])
    return client.post(url, {"roll": key}, HTTP_HX_REQUEST="true").content.decode()


def area(html: str, character) -> str:
    start = html.index(f'id="card-{character.pk}-last"')
    return html[start : html.index("</section>", start)]


def test_a_failed_check_offers_its_karma_re_roll_on_the_card_at_once(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5)  # 17 against 11
    answer = press(player_client, mara, "skill:Pilot")
    last = area(answer, mara)
    assert "Last roll" in last
    assert "failure by 6" in last
    assert "Re-roll (1 of Mara's Karma)" in last
    assert "intersect" not in last  # drawn at once, not when scrolled to
    assert 'data-confirm="Spend 1 of Mara\'s Karma to re-roll this failed check?"' in last
    assert "hx-confirm" not in answer
    assert f'hx-target="#card-{mara.pk}-last"' in last
    assert f'name="card" value="{mara.pk}"' in last
    roll = Roll.objects.get()
    assert f'id="karma-{roll.pk}" hx-get=' in answer  # the log's row keeps its own menu, one id each
    assert answer.count(f'id="karma-{roll.pk}"') == 1


def test_a_success_offers_nothing(player_client, zg, mara, script_dice):
    script_dice(1, 1, 1)
    last = area(press(player_client, mara, "skill:Pilot"), mara)
    assert "Last roll" in last
    assert "Re-roll" not in last


def test_the_re_roll_from_the_card_answers_the_card_with_the_new_result(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5, 1, 2, 3)  # 17 fails; the re-roll's 6 stands
    press(player_client, mara, "skill:Pilot")
    first = Roll.objects.get()
    karma = zener.karma_balance(mara).value
    url = reverse("zener_karma_on_roll", args=[zg.pk, first.pk])
    response = player_client.post(url, {"use": "reroll", "card": mara.pk}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    again = Roll.objects.latest("pk")
    # The card's area, the new result in it; the card itself comes along (its Karma left), keeping that area.
    assert body.lstrip().startswith(f'<div class="last-roll" id="card-{mara.pk}-last" data-last="roll-{again.pk}"')
    assert f'id="card-{mara.pk}" aria-labelledby' in body
    assert 'hx-preserve="true"' in body
    assert "Karma re-roll of" in body
    assert "Re-roll (" not in body
    assert zener.karma_balance(mara).value == karma - 1
    # Refused (already re-rolled): the message stands in the card's area, beside the roll it was for.
    response = player_client.post(url, {"use": "reroll", "card": mara.pk}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert re.search(r'id="card-\d+-last".*class="error" role="alert"', response.content.decode(), re.S)


def test_a_card_field_naming_another_players_character_answers_as_the_row_does(
    player_client, zg, mara, other_player, script_dice
):
    theirs = Character.objects.create(campaign=zg, owner=other_player, name="Tobin", sheet=mara.sheet)
    script_dice(6, 6, 5, 1, 2, 3)
    press(player_client, mara, "skill:Pilot")
    url = reverse("zener_karma_on_roll", args=[zg.pk, Roll.objects.get().pk])
    body = player_client.post(url, {"use": "reroll", "card": theirs.pk}, HTTP_HX_REQUEST="true").content.decode()
    assert f"card-{theirs.pk}-last" not in body
    assert 'class="karma" id="karma-' in body  # the row's own answer


def test_the_re_roll_from_the_log_row_puts_the_new_result_on_the_card_too(player_client, zg, mara, script_dice):
    script_dice(6, 6, 5, 1, 2, 3)
    press(player_client, mara, "skill:Pilot")
    url = reverse("zener_karma_on_roll", args=[zg.pk, Roll.objects.get().pk])
    body = player_client.post(url, {"use": "reroll"}, HTTP_HX_REQUEST="true").content.decode()
    assert body.lstrip().startswith('<div class="karma" id="karma-')  # the row's menu, as before
    again = Roll.objects.latest("pk")
    assert f'id="card-{mara.pk}-last" data-last="roll-{again.pk}" hx-swap-oob="true"' in body


def test_a_plus_five_from_another_player_reaches_the_rollers_card_live(
    player_client, other_client, zg, mara, other_player, script_dice, layer, django_capture_on_commit_callbacks
):
    """Play-test: another player's +5 turned Mara's failed check into a success, but Mara's card kept the
    failure and its "Re-roll" (refused once clicked, after the Karma dialog) until the next roll."""
    dax = Character.objects.create(campaign=zg, owner=other_player, name="Dax", sheet=mara.sheet)
    script_dice(6, 5, 4)  # 15 against 11: a failure by 4, which +5 makes
    press(player_client, mara, "skill:Pilot")
    first = Roll.objects.get()
    layer.take(live.player_group(zg.pk, mara.owner_id))
    url = reverse("zener_karma_on_roll", args=[zg.pk, first.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = other_client.post(url, {"use": "boost", "payer": dax.pk}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    boosted = Roll.objects.latest("pk")
    to_mara = layer.take(live.player_group(zg.pk, mara.owner_id))
    # Only a card that still shows the check's changed row is drawn again: a newer roll there stays.
    assert f'hx-swap-oob="outerHTML:#card-{mara.pk}-last[data-last=roll-{first.pk}]"' in to_mara
    last = to_mara.partition(f'data-last="roll-{boosted.pk}"')[2]
    assert "+5 from Dax" in last
    assert "Re-roll (" not in last
    assert f"card-{mara.pk}-last" not in layer.take(live.player_group(zg.pk, other_player.pk))
