"""Shock recovered out of combat at the table (seed: "Damage & Recovery", SHOCK): the GM's "Time
passes" rest and sleep recover shock beside END, and "The fight is over" recovers a third of everyone's."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from campaigns.systems.zener.tests.fights import attack_roll
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, con=10, spent=0, shock=0):
    sheet = campaign.rules_system.validate_sheet(
        {"stats": {"CON": con}, "int_dice": [3, 3], "damage": {"end_spent": spent, "shock": shock}}
    )
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def kai(zg, player):
    """The seed's example's 8 shock, and 6 END spent."""
    return _character(zg, player, "Kai", con=12, spent=6, shock=8)


@pytest.fixture
def ren(zg, other_player):
    """Nothing to recover."""
    return _character(zg, other_player, "Ren")


def _time(client, campaign, **data):
    return client.post(reverse("zener_time", args=[campaign.pk]), {"minutes": "60", **data}, HTTP_HX_REQUEST="true")


def _fight_over(client, campaign):
    return client.post(reverse("zener_fight_over", args=[campaign.pk]), HTTP_HX_REQUEST="true")


def _log(client, campaign):
    return client.get(reverse("table", args=[campaign.pk]) + "?tab=panel").content.decode()


def _damage(character):
    character.refresh_from_db()
    return character.sheet["damage"]["end_spent"], character.sheet["damage"]["shock"]


def test_a_rest_recovers_end_and_a_third_of_the_shock(gm_client, player_client, zg, kai, script_dice):
    script_dice(4)
    assert _time(gm_client, zg, character=kai.pk, activity="rest").status_code == 200
    assert _damage(kai) == (2, 5)
    assert "Kai: 1 h rest, d6 4: 4 END back (END 10 of 12), −3 shock (shock 5)" in _log(player_client, zg)


def test_shock_alone_is_enough_to_rest_and_four_hours_sleep_recover_the_rest(gm_client, player_client, zg, player):
    ash = _character(zg, player, "Ash", shock=5)
    _time(gm_client, zg, character=ash.pk, activity="rest", minutes="30")  # CON 10: 30 minutes
    assert _damage(ash) == (0, 3)
    _time(gm_client, zg, character=ash.pk, activity="sleep", minutes="240")
    assert _damage(ash) == (0, 0)
    log = _log(player_client, zg)
    assert "Ash: 30 min rest, −2 shock (shock 3)" in log
    assert "Ash: 4 h sleep, −3 shock (shock 0)" in log


def test_a_rest_with_nothing_to_recover_is_refused_for_one_and_said_for_everyone(
    gm_client, player_client, zg, kai, ren, script_dice
):
    refused = _time(gm_client, zg, character=ren.pk, activity="sleep", minutes="480")
    assert refused.status_code == 422
    assert "Ren: No END spent and no shock: there is nothing to recover." in refused.content.decode()
    assert not Roll.objects.exists()
    script_dice(6)
    _time(gm_client, zg, character="", activity="sleep", minutes="240")
    assert _damage(kai) == (0, 0)
    log = _log(player_client, zg)
    assert "Ren: nothing to recover" in log
    assert "Kai: 4 h sleep, d6 6 + 7: 6 END back, all that was spent (END 12 of 12), −8 shock (shock 0)" in log


def _fight(gm_client, zg, attacker, target, script_dice):
    """A critical hit the armour stopped: 0 trauma, shock 0 + d6 2 + the chest's 2 = 4 on the target, and +2
    earned (test_combat_details)."""
    script_dice(1, 1, 1, 20, 12, 1, 2, 1)
    return attack_roll(gm_client, zg, attacker, target)


def test_the_fight_is_over_recovers_a_third_of_everyones_shock_once(
    gm_client, player_client, zg, kai, ren, player, script_dice
):
    ash = _character(zg, player, "Ash", shock=4)
    refused = _fight_over(gm_client, zg)  # no attack yet: no fight to end
    assert refused.status_code == 422
    assert "No attack since the last fight ended: there is no fight to end." in refused.content.decode()
    _fight(gm_client, zg, ash, ren, script_dice)
    assert _damage(ren) == (0, 4)
    assert "The fight is over</button>" in _log(gm_client, zg)
    assert _fight_over(gm_client, zg).status_code == 200
    assert (_damage(kai), _damage(ash), _damage(ren)) == ((6, 5), (1, 2), (0, 2))  # Ash paid 1 END for the attack
    log = _log(player_client, zg)
    assert "The fight is over: Ash −2 shock (shock 2); Kai −3 shock (shock 5); Ren −2 shock (shock 2)." in log
    again = _fight_over(gm_client, zg)  # once
    assert again.status_code == 422
    assert _damage(kai) == (6, 5)
    assert Roll.objects.filter(kind="zener_fight_over").count() == 1


def test_only_the_gm_ends_the_fight(gm_client, player_client, outsider_client, zg, kai, ren, script_dice):
    _fight(gm_client, zg, ren, kai, script_dice)
    assert _fight_over(player_client, zg).status_code == 404
    assert _fight_over(outsider_client, zg).status_code == 404
    assert gm_client.get(reverse("zener_fight_over", args=[zg.pk])).status_code == 405
    assert _damage(kai) == (6, 12)
    assert "The fight is over:" not in _log(player_client, zg)
    plain = gm_client.post(reverse("zener_fight_over", args=[zg.pk]))
    assert plain.status_code == 302
    assert _damage(kai) == (6, 8)


def test_the_fights_end_clears_the_plus_two_after_a_critical_hit(gm_client, zg, player, other_player, script_dice):
    kai = _character(zg, player, "Kai")
    ren = _character(zg, other_player, "Ren")
    assert _fight(gm_client, zg, kai, ren, script_dice).outcome["earns_follow_up"] == 2
    _fight_over(gm_client, zg)
    script_dice(6, 6, 6)
    assert attack_roll(gm_client, zg, kai, ren).outcome["follow_up"] == 0  # a new fight: no "next combat round"


def test_the_rules_page_publishes_the_readings(player_client):
    rules = rules_page(player_client)
    for reading in ("Shock after the fight", "The fight is over"):
        assert reading in rules
