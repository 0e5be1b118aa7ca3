"""The base of a system's kinds of roll (campaigns/plugins/base.py, RollKind): a kind says what
each audience sees of its rolls and the log's sentence; what it does not say is a roll no one
calls for, with no odds chart."""

import pytest

from campaigns.common.audience import Audience
from campaigns.plugins.roll_kind import RollKind


class Spin(RollKind):
    key, name, roll_template = "test_spin", "Spin", "systems/test/spin.html"

    def roll_data(self, roll, audience):
        return {"successes": 2}

    def sentence(self, who, label, data):
        return f"{who} spins: {data['successes']} successes."


def test_a_kind_no_one_calls_for_has_no_call_cards_and_shows_nothing_of_a_call():
    spin = Spin()
    assert (spin.player_call_template, spin.gm_call_template) == ("", "")
    assert spin.call_data(None, Audience.GM) == spin.call_data(None, Audience.CALLED_PLAYER) == {}
    assert not hasattr(spin, "chart")  # the log offers no chart (campaigns.secrets.visibility: chartable)
    assert spin.sentence("Ren", "", spin.roll_data(None, Audience.TABLE)) == "Ren spins: 2 successes."


def test_a_kind_must_say_what_an_audience_sees_and_the_logs_sentence():
    class Silent(RollKind):
        key, name, roll_template = "test_silent", "Silent", "systems/test/silent.html"

        def roll_data(self, roll, audience):
            return {}

    with pytest.raises(TypeError, match="sentence"):
        Silent()
