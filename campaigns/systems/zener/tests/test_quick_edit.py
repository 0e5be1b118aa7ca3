"""The GM's quick edits of a Zener sheet on the Characters tab: damage, END and Karma in place."""

import pytest
from django.urls import reverse

from campaigns.models import TableEvent
from campaigns.systems.zener.actions import karma_balance
from tests.world import client_for

pytestmark = pytest.mark.django_db


def post(client, campaign, character, **changes):
    p = f"quick{character.pk}-"
    data = {p + "trauma": "0", p + "shock": "0", p + "end_left": "10", p + "karma": "0"}
    data |= {p + key: value for key, value in changes.items()}
    return client.post(reverse("zener_quick_edit", args=[campaign.pk, character.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_sets_damage_end_and_karma_in_place(gm_client, zg, kai):
    karma = karma_balance(kai).value
    answer = post(gm_client, zg, kai, trauma="3", shock="2", end_left="7", karma="2")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f'id="sheet-{kai.pk}"' in html
    assert "<dd>37/40</dd>" in html  # HP left on the redrawn glance
    kai.refresh_from_db()
    assert {"trauma": 3, "shock": 2, "end_spent": 3}.items() <= kai.sheet["damage"].items()
    assert karma_balance(kai).value == karma + 2
    assert TableEvent.objects.filter(text__startswith="The GM set Kai: trauma 3, shock 2, END 7/10").exists()


def test_the_characters_tab_offers_the_quick_edit(gm_client, zg, kai):
    page = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=characters").content.decode()
    assert reverse("zener_quick_edit", args=[zg.pk, kai.pk]) in page
    assert f'name="quick{kai.pk}-trauma"' in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"end_left": "11"}, "END left can be 0 to 10"),
        ({"trauma": "-1"}, "greater than or equal to 0"),
        ({"karma": "-999"}, "greater than or equal to -50"),
        ({"karma": "-49"}, "Kai has"),
        ({"shock": "lots"}, "whole number"),
    ],
)
def test_bad_input_says_why_and_changes_nothing(gm_client, zg, kai, changes, message):
    sheet, karma = dict(kai.sheet), karma_balance(kai).value
    answer = post(gm_client, zg, kai, **changes)
    assert answer.status_code == 422
    assert message in answer.content.decode()
    kai.refresh_from_db()
    assert kai.sheet == sheet
    assert karma_balance(kai).value == karma
    assert not TableEvent.objects.filter(text__startswith="The GM set").exists()


def test_players_cannot_quick_edit(player_client, other_player, zg, kai):
    for client in (player_client, client_for(other_player)):
        assert post(client, zg, kai, trauma="5").status_code == 404
    kai.refresh_from_db()
    assert kai.sheet.get("damage", {}).get("trauma", 0) == 0


def test_without_javascript_the_gm_is_sent_back_to_the_characters_tab(gm_client, zg, kai):
    url = reverse("zener_quick_edit", args=[zg.pk, kai.pk])
    answer = gm_client.post(
        url, {f"quick{kai.pk}-{k}": v for k, v in {"trauma": "1", "shock": "0", "end_left": "10", "karma": ""}.items()}
    )
    assert answer.status_code == 302
    assert answer.url.endswith("?tab=characters")
    assert gm_client.get(url).status_code == 405


def test_the_players_card_the_panel_and_the_gms_other_tables_follow(
    gm_client, zg, kai, player, layer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        post(gm_client, zg, kai, trauma="4", karma="1")
    sent = layer.sent
    card = {g for g, html in sent if 'id="card-' in html and "36/40" in html}
    assert card == {f"campaign-{zg.pk}-user-{player.pk}"}
    sheet = {g for g, html in sent if f'id="sheet-{kai.pk}"' in html and "hx-swap-oob" in html and "36/40" in html}
    assert sheet == {f"campaign-{zg.pk}-gm"}
    panel = {g for g, html in sent if 'id="zener-karma"' in html and "−4 trauma" in html}
    assert panel == {f"campaign-{zg.pk}-table", f"campaign-{zg.pk}-gm"}
