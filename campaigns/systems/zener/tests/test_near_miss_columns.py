"""A near miss lands on the next larger area, or two steps up, through the GM's attack form (seed: a miss by
no more than 5 "will hit the next larger area", by no more than 10 "uses the hit location chart two steps
up"): head & neck -> head & torso -> whole body; an eye steps onto the head & neck, a hand onto the head &
torso (published on the rules page, #zener-near-miss)."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from campaigns.systems.zener.tests.fights import attack

pytestmark = pytest.mark.django_db


def _attack(gm_client, zg, kai, ren, **changes):
    # Kai needs 18 on 3d6 at Ren's whole body in no armour, 9 in armour 5; the aim's size lowers it through
    # the Range Adjustment: head & neck -1 (17, or 8), a hand or an eye -2 (16, or 7).
    return attack(gm_client, zg, kai, ren, **changes)


# d% 80 is a leg on the whole body (76-85), the right forearm on the head & torso (78-84); d% 25 is the
# left chest on the whole body, the neck on the head & neck (22-28). Each is followed by its part's die
# (the leg's d12 3: upper leg; the forearm's d6 3; the neck's critical d6 2), 2d6 4 4, the shock d6 2 and
# the location's stat die 1 (rolled only when the hit does trauma).
@pytest.mark.parametrize(
    ("aim", "armour", "attack_dice", "percent", "missed_by", "column", "location", "trauma"),
    [
        ("head_neck", "0", (6, 6, 6), 80, 1, "Head & torso", "Right forearm", 7),  # 8 - 1
        ("head_neck", "5", (6, 6, 4), 80, 8, "Whole body", "Left upper leg", 0),  # two steps up: zero trauma
        ("eye", "0", (6, 6, 6), 25, 2, "Head & neck", "Neck", 9),  # 8 + the neck's 2 - 1
        ("eye", "5", (6, 5, 4), 80, 8, "Head & torso", "Right forearm", 0),
        ("left_hand", "0", (6, 6, 6), 80, 2, "Head & torso", "Right forearm", 7),
        ("right_hand", "5", (6, 5, 4), 80, 8, "Whole body", "Left upper leg", 0),
    ],
)
def test_a_near_miss_steps_up_from_the_aimed_column(
    gm_client, zg, kai, ren, script_dice, aim, armour, attack_dice, percent, missed_by, column, location, trauma
):
    script_dice(*attack_dice, percent, 3 if percent == 80 else 2, 4, 4, 2, 1)
    _attack(gm_client, zg, kai, ren, aim=aim, armour=armour)
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["success"], roll.outcome["near_miss"], -roll.outcome["margin"]) == (False, True, missed_by)
    assert (roll.outcome["aim"], roll.outcome["location"], roll.outcome["trauma"]) == (column, location, trauma)
    assert roll.outcome["stat_damage"] == ([] if trauma == 0 else [roll.outcome["stat_damage"][0]])


def test_a_head_and_neck_near_miss_never_reaches_a_leg(gm_client, player_client, zg, kai, ren, script_dice):
    # Missed by 1: d% 80, a leg on the whole body, is the right forearm on the head & torso column.
    script_dice(6, 6, 6, 80, 3, 4, 4, 2, 1)
    _attack(gm_client, zg, kai, ren, aim="head_neck")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["aim"], roll.outcome["location"], roll.outcome["stat_damage"]) == (
        "Head & torso",
        "Right forearm",
        ["STR"],  # the forearm's d6 1
    )
    assert (roll.outcome["trauma"], roll.outcome["shock"]) == (7, 5)  # 8 - 1; 4 + 2 - 1
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    # Said once: "◐ near miss by 1", not "◐ near miss a near miss by 1"; not a red "✘ miss" that hits.
    near_miss = '<strong class="outcome outcome-neutral">◐ near miss</strong> by 1: it lands on the next larger area'
    assert near_miss + ", −1 shock and −1 trauma" in page
    assert "✘ miss" not in page
    assert "Right forearm</strong> (d% 80 on the head &amp; torso column)" in page
    assert "Kai nearly misses and still hits Ren in the right forearm: 7 trauma, 5 shock." in page


def test_the_rules_page_publishes_the_ladder(player_client, zg):
    rules = rules_page(player_client)
    assert 'id="zener-near-miss"' in rules
    assert "head &amp; neck → head &amp; torso → whole body" in rules
