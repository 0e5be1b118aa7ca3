"""A play-test's attack row read "Shock 16 over the threshold: CON save at -8" for a character of SHK 8: the 16 is
the shock dealt, not how far over, and the table could not tell. The row says both, with the minus sign the
rest of the row uses."""

from html import unescape

import pytest
from django.urls import reverse

from campaigns.systems.zener.tests.fights import attack_roll

pytestmark = pytest.mark.django_db


def test_the_save_line_says_the_shock_and_how_far_over_the_threshold_it_is(
    gm_client, player_client, zg, kai, ren, script_dice
):
    # A hit (3d6 2, 3, 4); left chest (its d12 12: no critical location); 2d6 6, 6 + 1 = 13 trauma;
    # shock 7 + d6 2 + 2 = 11, 3 over SHK 8: the CON save (10 - 3) made on 4d6 = 4; the chest's d8 1 (STR)
    script_dice(2, 3, 4, 20, 12, 6, 6, 2, 1, 1, 1, 1, 1)
    roll = attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="0")
    assert (roll.outcome["shock_rolled"], roll.outcome["save"]["over"]) == (11, 3)
    page = unescape(player_client.get(reverse("table", args=[zg.pk])).content.decode())
    assert "Shock 11 is 3 over Ren's Shock Threshold of 8: CON save at −3" in page
