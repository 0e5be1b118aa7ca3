"""Small things a Zener Gate table reads: counts of one in the singular, the armour checkboxes' labels
first, the tables page readable at 360 px and without 1e+03, and clear refusals of a trade and a load."""

import pytest
from django.urls import reverse

from campaigns.systems.zener.gear_sheet import costs_text
from campaigns.systems.zener.immersion import _now
from campaigns.systems.zener.sheet_form import clock_text
from campaigns.systems.zener.tests.conftest import STATS
from rules import RulesError
from rules.zener.equipment import load_weight
from rules.zener.sheet import validate_sheet

pytestmark = pytest.mark.django_db


def test_one_point_and_one_hour_are_singular():
    weapons, armour = costs_text(
        {"weapons": [{"name": "Knife", "cost": 1}], "armour_design": {"cost": 1}, "consumed_points": 1}
    )
    assert weapons == " Cost now: Knife: 1 skill point. 1 point stays spent on equipment used up."
    assert armour == " Armour: 1 skill point."
    clock = {"name": "French", "era": "1920s", "among": "1920s", "ear": 0, "hours": 1}
    assert clock_text(clock).endswith(": 1 hour toward the next rank.")
    assert _now({"held": 3, "aspect": "spoken", "next_hours": None, "unused": 1}).endswith("1 hour unused.")


def test_the_armour_checkbox_labels_come_first(player_client, zg, script_dice):
    script_dice(3, 3)
    page = player_client.get(reverse("character_new", args=[zg.pk])).content.decode()
    for name in ("armour_skill", "armour_found"):
        # The box inside its label, as the app's other checkboxes; its help after, not between them.
        assert f'<label for="id_{name}" class="inline-label"><input type="checkbox" name="{name}"' in page


def test_the_tables_page_scrolls_its_wide_table_in_its_own_box_and_writes_numbers_out(player_client, zg):
    page = player_client.get(reverse("zener_tables", args=[zg.pk])).content.decode()
    assert '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="zener-index-tables">' in page
    assert "e+0" not in page
    assert "<td>1,000</td>" in page


def test_a_karma_trade_with_a_name_that_is_no_stat_says_so():
    stats = dict.fromkeys(STATS, 12)
    with pytest.raises(RulesError, match="CHA is not a stat"):
        validate_sheet({"stats": stats, "int_dice": [3, 3], "karma_trades": [["CHA", "STR"]]})
    with pytest.raises(RulesError, match="two different stats"):
        validate_sheet({"stats": stats, "int_dice": [3, 3], "karma_trades": [["STR", "STR"]]})


def test_a_load_of_no_weight_says_it_must_be_more_than_0():
    with pytest.raises(RulesError, match="A load weighs more than 0 kg"):
        load_weight(-5, "balanced")
