"""Die-size events (seed tribute-alpha.txt, "Dice and Reality Level": special events such as
"knockback" can be keyed to different die sizes)."""

import pytest

from rules.errors import RulesError
from rules.tribute import SYSTEM
from rules.tribute.events import DIE_EVENTS, events_for, key_event, unkey_event


def test_an_event_keyed_to_d8_comes_up_on_a_d8_test_only():
    keyed = key_event([], 8, "Knockback")
    assert keyed == ["d8 Knockback"]
    assert events_for(keyed, 8) == ["Knockback"]
    assert events_for(keyed, 6) == []


def test_several_events_and_sizes():
    keyed = key_event(key_event(["d8 Knockback"], 10, "Thrown through a window"), 8, "Stagger")
    assert events_for(keyed, 8) == ["Knockback", "Stagger"]
    assert events_for(keyed, 10) == ["Thrown through a window"]
    assert unkey_event(keyed, "d8 Knockback") == ["d10 Thrown through a window", "d8 Stagger"]


@pytest.mark.parametrize(
    ("size", "name", "message"),
    [
        (7, "Knockback", "d4, d6, d8, d10 or d12"),
        (8, "  ", "Name the event"),
        (8, "x" * 41, "at most 40"),
    ],
)
def test_bad_keys_are_refused(size, name, message):
    with pytest.raises(RulesError, match=message):
        key_event([], size, name)


def test_the_same_event_twice_at_one_size_is_refused():
    with pytest.raises(RulesError, match="already keyed"):
        key_event(["d8 Knockback"], 8, "knockback")


def test_the_setting_validates_lines_and_defaults_to_none():
    assert SYSTEM.default_settings()[DIE_EVENTS.name] == []
    assert DIE_EVENTS.validate("d8 Knockback\n\nd12  Explosion ride ") == ["d8 Knockback", "d12 Explosion ride"]
    with pytest.raises(RulesError, match="d8 Knockback"):
        DIE_EVENTS.validate("Knockback")
    with pytest.raises(RulesError, match="d6 Knockback is not keyed"):
        unkey_event(["d8 Knockback"], "d6 Knockback")
