"""A play-test's 1d3 hit on armour 10 read "1d3 rolled 1 · 0 trauma · 5 shock · no stat damage (no trauma)": the
sheet's stats were rightly unchanged, but nothing on the row said the armour had stopped the blow. The row names
the armour it took off, and says so when the armour stopped all the trauma."""

import re
from html import unescape

import pytest
from django.urls import reverse

from campaigns.systems.zener.tests.fights import attack_roll

pytestmark = pytest.mark.django_db


def test_a_hit_the_armour_stopped_says_so(gm_client, player_client, zg, kai, ren, script_dice):
    # A critical hit (1, 1, 1); left chest (its d12 12: no critical location); 1d6 1 + 1 - armour 10 = 0 trauma
    script_dice(1, 1, 1, 20, 12, 1, 2, 1)
    roll = attack_roll(gm_client, zg, kai, ren)
    assert (roll.outcome["trauma"], roll.outcome["stat_damage"]) == (0, [])
    page = re.sub(r"\s+", " ", unescape(player_client.get(reverse("table", args=[zg.pk])).content.decode()))
    assert "1d6 rolled 1 − armour 10 · " in page
    assert "no stat damage (the armour stopped the trauma)" in page


def test_a_hit_through_armour_names_it(gm_client, player_client, zg, kai, ren, script_dice):
    # A hit (2, 3, 4 against 4 + 4: armour 4, Defense -1); left chest (d12 12); 2d6 6, 6 + 1 - 4 = 9 trauma;
    # shock 5 + d6 2 + 2 = 9, 1 over SHK 8: the CON save made on 4d6 = 4; the chest's d8 1 (STR)
    script_dice(2, 3, 1, 20, 12, 6, 6, 2, 1, 1, 1, 1, 1)
    roll = attack_roll(gm_client, zg, kai, ren, weapon="2d6", armour="4")
    assert roll.outcome["trauma"] == 9
    page = re.sub(r"\s+", " ", unescape(player_client.get(reverse("table", args=[zg.pk])).content.decode()))
    assert "2d6 rolled 12 − armour 4 · " in page
