"""The seed's index tables run to their printed ends at the table: target size to 25 (a small skyscraper 13,
1 km² 17, 250 km² 25) on the GM's attack form, the player's spot check and the tables page; delicacy to
25 (100 attometres); the time chart's "< x 0.1" row (-6) on the check form and the tables page."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.fights import attack
from campaigns.systems.zener.tests.test_table import _character, check_data

pytestmark = pytest.mark.django_db


def _attack(gm_client, zg, kai, ren, **changes):
    # Kai needs 18 on 3d6 at Ren's whole body at range 0, in no armour.
    return attack(gm_client, zg, kai, ren, headers={"HTTP_HX_REQUEST": "true"}, **changes)


def test_the_gm_attacks_a_skyscraper_sized_target(gm_client, zg, kai, ren, script_dice):
    # "13 Small Skyscraper (side view)" at 1 km (range 30): range over size by 17 is the Range Adjustment's
    # +4 (12 to 17), a -4: 18 - 4 = 14.
    script_dice(6, 6, 3)  # 15: a miss by 1 (the whole body: no near miss)
    response = _attack(gm_client, zg, kai, ren, size="13", range_="30")
    assert response.status_code == 200
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["target"], roll.outcome["success"]) == (14, False)
    page = gm_client.get(reverse("table", args=[zg.pk])).content.decode()
    assert '= <strong class="total">15</strong> against 14 <span class="muted">(size 13 at range 30: −4)</span>' in page


@pytest.mark.parametrize(("size", "target"), [("17", 18 + 17), ("25", 18 + 25)])
def test_a_square_kilometre_and_more_at_range_0_is_a_bonus_of_the_size(
    gm_client, zg, kai, ren, seeded_dice, size, target
):
    _attack(gm_client, zg, kai, ren, size=size)
    assert Roll.objects.get(kind="zener_attack").outcome["target"] == target


def test_a_size_past_the_seeds_table_is_refused_beside_the_field(gm_client, zg, kai, ren):
    response = _attack(gm_client, zg, kai, ren, size="26")
    assert response.status_code == 422
    assert "Ensure this value is less than or equal to 25" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_player_spots_a_square_kilometre_at_ten_kilometres(player_client, zg, player, script_dice):
    # 1 km² (size 17) at 10 km (range 40): the difference 23 is the Range Adjustment's +5 (18 to 24), -5.
    lookout = _character(zg, player, "Ada", AWA=14)
    script_dice(2, 2, 2, 2)
    data = check_data(lookout, skill="", stat="AWA", spot_size="17", spot_range="40")
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get(kind="zener")
    assert (roll.outcome["target"], roll.outcome["success"]) == (14 - 5, True)
    assert "spotting at size 17, range 40 (−5)" in roll.request["what"]


def test_a_player_rushes_under_a_tenth_of_the_time(player_client, zg, player, script_dice):
    # The time chart's "-6 < x 0.1": CON 10 rushed under x0.1 is 4d6 at or under 4 (1 in 1,296).
    sprinter = _character(zg, player, "Ada", CON=10)
    script_dice(1, 1, 1, 1)
    data = check_data(sprinter, skill="", stat="CON", time="-6")
    assert player_client.post(reverse("zener_check", args=[zg.pk]), data).status_code == 302
    roll = Roll.objects.get(kind="zener")
    assert (roll.outcome["target"], roll.outcome["success"]) == (4, True)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "under x0.1 time (-6)" in page


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ({"table": "size", "value": "1000000"}, "1,000,000 m² = index 17"),
        ({"table": "size", "value": "250000000"}, "250,000,000 m² = index 25"),
        ({"table": "size", "way": "index", "value": "13"}, "index 13 = 7,940 m²"),  # the progression
        ({"table": "size", "way": "index", "value": "14"}, "index 14 = 12,000 m²"),  # "14 12,000 square m"
        ({"table": "size", "value": "100000"}, "100,000 m² = index 16"),  # nearer 50,000 than 1 km²
        ({"table": "delicacy", "way": "index", "value": "25"}, "index 25 = 100 am"),
        ({"table": "delicacy", "value": "0.0000000000000001"}, "100 am = index 25"),
        ({"table": "delicacy", "way": "index", "value": "19"}, "index 19 = 1 pm"),  # "1 picometer"
        ({"table": "time", "way": "index", "value": "-6"}, "index -6 = &lt; 0.1 x normal time"),
        ({"table": "time", "value": "0.05"}, "0.05 x normal time = index -6"),
    ],
)
def test_the_tables_page_looks_up_the_seeds_last_rows(player_client, zg, query, answer):
    page = player_client.get(reverse("zener_tables", args=[zg.pk]), query).content.decode()
    assert answer in page
    assert "off the table" not in page


def test_the_tables_page_shows_the_rows_to_25(player_client, zg):
    page = player_client.get(reverse("zener_tables", args=[zg.pk])).content.decode()
    assert '<th scope="row">25</th>' in page
    assert "&lt; 0.1" in page  # the time chart's -6 row
    assert "250,000,000" in page  # 250 km² at 25
    assert "<td>100 am</td>" in page  # "25 100 attometers", in the seed's own units
    assert "<td>1 pm</td>" in page  # "19 1 picometer"


def test_knocked_out_on_the_time_charts_bottom_row(gm_client, player_client, zg, kai, ren, script_dice):
    # Shock over HP in all: d10 1 - 7 = -6, the time chart's "< x 0.1" row: under 0.1 minutes, not 0.1.
    ren.sheet = {**ren.sheet, "damage": {**ren.sheet.get("damage", {}), "shock": 100}}
    ren.save()
    script_dice(1, 1, 2, 72, 3, 3, 1, 1)  # 4 against 4; the right forearm; 1d3 3 (no trauma); shock d6 1; d10 1
    _attack(gm_client, zg, kai, ren, weapon="1d3", armour="10")
    roll = Roll.objects.get(kind="zener_attack")
    assert (roll.outcome["out_roll"], roll.outcome["unconscious"]) == (1, "under 0.1 minutes")
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Ren is unconscious for under 0.1 minutes</strong> (d10 1 − 7 on the time chart)" in page
