"""Death and dying at the table (seed: "Death"): the GM sees who is dying on the panel,
rolls each round's death save from it, and the whole table reads the result in the log."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.fights import attack
from characters.models import Character

pytestmark = pytest.mark.django_db


def _character(campaign, owner, name, trauma=0):
    """CON 12, RES 12, NIM 12: HP 48."""
    stats = dict.fromkeys(("CON", "RES", "NIM"), 12)
    sheet = campaign.rules_system.validate_sheet({"stats": stats, "int_dice": [3, 3], "damage": {"trauma": trauma}})
    return Character.objects.create(campaign=campaign, owner=owner, name=name, sheet=sheet)


@pytest.fixture
def kai(zg, player):
    return _character(zg, player, "Kai", trauma=50)  # the seed's -2 hit points


def _save(client, campaign, character, aided=False):
    data = {"character": character.pk} | ({"aided": "1"} if aided else {})
    return client.post(reverse("zener_death_save", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_the_gm_sees_who_is_dying_and_rolls_the_seeds_death_rounds(gm_client, player_client, zg, kai, script_dice):
    _character(zg, kai.owner, "Ren")
    panel = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert 'Kai</strong> <strong class="fail">DYING</strong>' in panel
    assert "Roll Kai's death save" in panel
    assert "Roll Ren's death save" not in panel
    # Rounds D to D+4 (seed, "Death"): aid succeeds in D+3 and D+4; each 4d6 = 8, + the penalty, under CON 12.
    for aided in (False, False, False, True, True):
        script_dice(2, 2, 2, 2)
        assert _save(gm_client, zg, kai, aided).status_code == 200
    saves = list(Roll.objects.filter(kind="zener_death").order_by("pk"))
    assert [s.request["penalty"] for s in saves] == [0, 1, 2, 1, 0]
    assert [s.outcome["result"] for s in saves] == ["dying"] * 4 + ["stabilised"]
    kai.refresh_from_db()
    assert kai.sheet["state"] == "conscious"
    assert kai.sheet["damage"]["trauma"] == 47
    log = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Death save: CON 12, +2 to the die" in log
    assert "stabilised, restored to 1" in log


def test_a_failed_death_save_is_death(gm_client, player_client, zg, kai, script_dice):
    script_dice(6, 6, 1, 1)  # 14 against CON 12
    _save(gm_client, zg, kai)
    kai.refresh_from_db()
    assert kai.sheet["state"] == "dead"
    assert (
        'Kai</strong> <strong class="fail">DEAD</strong>'
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    response = _save(gm_client, zg, kai)
    assert response.status_code == 422
    assert "The character is dead." in response.content.decode()
    assert Roll.objects.filter(kind="zener_death").count() == 1


def test_only_the_dying_and_only_by_the_gm(gm_client, player_client, zg, kai, script_dice):
    ren = _character(zg, kai.owner, "Ren")
    response = _save(gm_client, zg, ren)
    assert response.status_code == 422
    assert "not dying" in response.content.decode()
    assert _save(player_client, zg, kai).status_code in (403, 404)
    response = gm_client.post(reverse("zener_death_save", args=[zg.pk]), {"character": "x"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Choose a character at this table." in response.content.decode()
    assert not Roll.objects.filter(kind="zener_death").exists()


def test_an_attack_that_takes_hp_to_zero_marks_the_target_dying(gm_client, zg, kai, script_dice):
    ren = _character(zg, kai.owner, "Ren", trauma=40)
    # A hit (4); left chest (d12 12: not critical); 2d6 = 12 + 1 trauma = 13 > 8 HP left; the chest's d8 1 (STR);
    # shock 7 + 2 + 2 = 11 over SHK 10: the CON save (12 - 1) fails on 24, d10 5: unconscious, but dying outranks it.
    script_dice(1, 1, 2, 20, 12, 6, 6, 2, 1, 6, 6, 6, 6, 5)
    attack(gm_client, zg, kai, ren)
    assert Roll.objects.get(kind="zener_attack").outcome["unconscious"] == "2 seconds"
    ren.refresh_from_db()
    assert ren.sheet["state"] == "dying"
    assert "out_for" not in ren.sheet
