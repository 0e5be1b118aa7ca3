"""The wiggle dice kept to set by hand, on the card they were rolled from: the card's "Last roll"
holds the call's own step card, and setting them there brings the roll onto the card."""

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall

pytestmark = pytest.mark.django_db


def test_the_wiggle_dice_are_set_on_the_card(player_client, ore, mara, script_dice):
    script_dice(2, 5, 8, 9)
    url = reverse("card_roll", args=[ore.pk, mara.pk])
    answer = player_client.post(url, {"roll": "skill:Perception", "own_wiggle": "on"}, HTTP_HX_REQUEST="true")
    body = answer.content.decode()
    call = RollCall.objects.get()
    last = body[body.index(f'id="card-{mara.pk}-last"') :]
    assert f'<article class="call" id="call-{call.pk}"' in last
    assert "Set the wiggle dice" in last
    step = player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "9"}, HTTP_HX_REQUEST="true")
    assert step.status_code == 200
    roll = Roll.objects.get()
    body = step.content.decode()
    assert f'id="card-{mara.pk}-last" data-last="roll-{roll.pk}" hx-swap-oob="true"' in body
    assert "Set the wiggle dice" not in body


def test_a_page_load_draws_an_empty_area_that_keeps_the_one_shown(player_client, ore, mara):
    page = player_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert f'<div class="last-roll" id="card-{mara.pk}-last" data-last="" hx-preserve="true">' in page
