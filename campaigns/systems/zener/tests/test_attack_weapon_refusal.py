"""A play-test typed a weapon the dice cannot roll ("2d6000", "banana") into the GM's attack form: the refusal
was right but stood above the button, a screen below the Weapon field on a phone. It now stands beside the
field, as a size of 26 does."""

import pytest

from campaigns.systems.zener.tests.fights import HX, attack

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("weapon", "said"),
    [
        ("2d6000", "A die&#x27;s sides can be at most 1000"),
        ("banana", "&#x27;banana&#x27; is not dice notation"),
    ],
)
def test_a_weapon_the_dice_cannot_roll_is_refused_beside_the_weapon_field(gm_client, zg, kai, ren, weapon, said):
    answer = attack(gm_client, zg, kai, ren, HX, weapon=weapon)
    assert answer.status_code == 422
    html = answer.content.decode()
    field = html[html.index('for="attackform-weapon"') : html.index('id="attackform-weapon"')]
    assert said in field


def test_a_weapon_named_on_the_attackers_sheet_is_still_taken(gm_client, zg, kai, ren):
    kai.sheet = {**kai.sheet, "weapons": [{"name": "Old Faithful", "damage": "2d6", "points": 4}]}
    kai.save()
    answer = attack(gm_client, zg, kai, ren, HX, weapon="Old Faithful")
    assert answer.status_code == 200
    assert zg.rolls.latest("pk").request["weapon"] == "2d6"
