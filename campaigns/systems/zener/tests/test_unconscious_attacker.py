"""A play-test's GM resolved an attack by Mara Vell while her card said Unconscious (out for 50 seconds after a
failed shock save): the app took her END and rolled the hit. The seed's unconscious character "is forced to miss
an action"; the GM's attack by an unconscious character is refused, with the way to wake them."""

import pytest

from campaigns.models import Roll
from campaigns.systems.zener.tests.fights import attack_roll
from campaigns.systems.zener.tests.test_fight import _post_attack

pytestmark = pytest.mark.django_db


def _set(character, **sheet):
    character.sheet = {**character.sheet, **sheet}
    character.save()


def test_an_unconscious_character_does_not_attack(gm_client, zg, kai, ren):
    _set(kai, state="unconscious", out_for="50 seconds")
    end_before = kai.sheet["damage"].get("end_spent", 0)
    answer = _post_attack(gm_client, zg, kai, ren)
    assert answer.status_code == 422
    assert "Kai is unconscious and cannot attack" in answer.content.decode()
    assert not Roll.objects.filter(kind="zener_attack").exists()
    kai.refresh_from_db()
    assert kai.sheet["damage"].get("end_spent", 0) == end_before  # no END paid


def test_an_unconscious_target_is_still_attacked(gm_client, zg, kai, ren, script_dice):
    _set(ren, state="unconscious", out_for="50 seconds")
    script_dice(6, 6, 6)  # a miss
    assert attack_roll(gm_client, zg, kai, ren).outcome["success"] is False
