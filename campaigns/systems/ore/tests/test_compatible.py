"""Compatible actions (seed: "Multiple Actions and Multiple Sets": "...and only if the two actions
are compatible. When in doubt, ask the GM"): the GM strikes an extra action on
the log card; the table sees it struck, live; a player cannot strike."""

import pytest
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.models import Roll
from campaigns.systems.ore.tests.conftest import fly_and_dodge, post_roll
from campaigns.table import live

pytestmark = pytest.mark.django_db


@pytest.fixture
def rolled(player_client, ore, ace, script_dice):
    script_dice(5, 5, 5, 7, 7)
    post_roll(player_client, ore, fly_and_dodge(ace))
    return Roll.objects.get()


def strike_url(ore, roll):
    return reverse("ore_not_compatible", args=[ore.pk, roll.pk])


def test_the_gm_strikes_an_extra_action_and_everyone_sees_it_struck(
    gm_client, player_client, other_client, ore, rolled, monkeypatch, django_capture_on_commit_callbacks
):
    gm_page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "Not compatible" in gm_page
    assert "Not compatible" not in player_client.get(reverse("table", args=[ore.pk])).content.decode()
    sent = []
    monkeypatch.setattr(live, "send_roll", sent.append)
    with django_capture_on_commit_callbacks(execute=True):
        response = gm_client.post(strike_url(ore, rolled), {"action": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    ruling = Roll.objects.exclude(pk=rolled.pk).get()  # a roll never changes: the ruling is a new row
    assert (ruling.request["struck"], ruling.request["struck_of"], ruling.outcome) == ([1], rolled.pk, rolled.outcome)
    assert sent == [ruling]  # it goes out live, to each audience
    table_card = live.roll_html(ruling, Audience.TABLE)
    assert "<s>Dodge the drone (Coordination + Dodge)</s>: struck by the GM, not compatible" in table_card
    assert "Not compatible</button>" not in table_card
    for client in (player_client, other_client, gm_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "Fly (Coordination + Piloting): 3x5" in page
        assert "<s>Dodge the drone (Coordination + Dodge)</s>: struck by the GM, not compatible" in page


def test_an_action_is_struck_once(gm_client, ore, rolled):
    gm_client.post(strike_url(ore, rolled), {"action": "1"})
    again = gm_client.post(strike_url(ore, rolled), {"action": "1"}, HTTP_HX_REQUEST="true")
    assert again.status_code == 422
    assert "already struck" in again.content.decode()
    assert Roll.objects.count() == 2


@pytest.mark.parametrize(
    ("action", "message"), [("0", "one of the roll"), ("2", "one of the roll"), ("x", "one of the roll")]
)
def test_only_a_declared_extra_action_is_struck(gm_client, ore, rolled, action, message):
    response = gm_client.post(strike_url(ore, rolled), {"action": action}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Roll.objects.count() == 1


def test_a_player_cannot_strike(player_client, other_client, outsider_client, ore, rolled):
    for client in (player_client, other_client, outsider_client):
        assert client.post(strike_url(ore, rolled), {"action": "1"}).status_code == 404
    assert Roll.objects.count() == 1


def test_the_rules_page_publishes_the_reading(client):
    page = client.get(reverse("rules")).content.decode()
    assert "Not compatible" in page
