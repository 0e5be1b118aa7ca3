"""A play-test of a fight at three screens: the GM's attack took Ren's HP and shock and Kai's END, and the log
said so, but each player's card kept the old numbers until a reload. The GM's steps that change a sheet in
play send it out as a quick edit does: its owner's card, and its sheet on the GM's Characters tab."""

import re

import pytest
from django.urls import reverse

from campaigns.systems.zener.tests.fights import attack_roll

pytestmark = pytest.mark.django_db


def _card(layer, campaign, user, character) -> str:
    """The card the user's open table received for the character (its last one), or ""."""
    cards = [html for html in layer.received_by(campaign, user) if f'id="card-{character.pk}"' in html]
    return cards[-1] if cards else ""


def _shown(card: str, name: str) -> str:
    """A number of the card's glance: "HP" -> "31/40"."""
    return re.search(rf"<dt>{name}</dt><dd>([^<]*)</dd>", card)[1]


def test_an_attack_sends_the_targets_and_the_attackers_cards(
    gm_client, zg, kai, ren, player, other_player, gm, layer, script_dice, django_capture_on_commit_callbacks
):
    # A hit (3d6 2, 3, 4 against 11); left chest (its d12 12: no critical location); 2d6 6, 6 + 1 = 13 trauma;
    # shock 7 + d6 2 + 2 = 11, 3 over SHK 8: the CON save (10 - 3) made on 4d6 = 4; the chest's d8 1 (STR)
    script_dice(2, 3, 4, 20, 12, 6, 6, 2, 1, 1, 1, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        roll = attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="0")
    assert roll.outcome["trauma"] == 13
    target = _card(layer, zg, other_player, ren)
    assert _shown(target, "HP") == "27/40"
    assert _shown(target, "Shock") == f"{roll.outcome['shock']} (SHK 8)"
    assert _shown(_card(layer, zg, player, kai), "END") == "9/10"  # an aimed attack costs 1 END
    gm_sheets = " ".join(layer.received_by(zg, gm))
    assert f'id="sheet-{ren.pk}"' in gm_sheets
    assert f'id="sheet-{kai.pk}"' in gm_sheets


def test_a_missed_action_and_the_end_of_the_fight_send_the_card(
    gm_client, zg, kai, ren, other_player, layer, script_dice, django_capture_on_commit_callbacks
):
    script_dice(2, 3, 4, 20, 12, 6, 6, 2, 1, 1, 1, 1, 1)
    shock = attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="0").outcome["shock"]
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(reverse("zener_skip_action", args=[zg.pk]), {"character": ren.pk})
    left = shock - -(-shock // 3)  # a third back, rounded up
    assert _shown(_card(layer, zg, other_player, ren), "Shock") == f"{left} (SHK 8)"
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(reverse("zener_fight_over", args=[zg.pk]))
    assert _shown(_card(layer, zg, other_player, ren), "Shock") == f"{left - -(-left // 3)} (SHK 8)"


def test_time_and_rest_send_the_cards(
    gm_client, zg, kai, ren, player, other_player, layer, script_dice, django_capture_on_commit_callbacks
):
    script_dice(2, 3, 4, 20, 12, 6, 6, 2, 1, 1, 1, 1, 1, 6)  # and the rest's d6 of END
    attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="0")
    layer.sent.clear()
    time = {"character": kai.pk, "activity": "rest", "minutes": "60"}
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(reverse("zener_time", args=[zg.pk]), time)
    assert _shown(_card(layer, zg, player, kai), "END") == "10/10"  # the attack's 1 END back
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(reverse("zener_rest", args=[zg.pk]), {"period": "day", "ranks": "0"})
    assert _shown(_card(layer, zg, other_player, ren), "HP") == "32/40"  # a day heals a third of the 13 trauma
