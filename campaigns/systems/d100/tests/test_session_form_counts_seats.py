"""The GM's session form offers Fortune for players + 1 (seed, "The Fortune Pool"): a seat taken or given up
draws it again on the GM's open tables, so that a Session tab opened before a player joined does not start the
session with the count of before."""

import re

import pytest

from campaigns.table import actions, live

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    messages = []
    monkeypatch.setattr(live, "_deliver", lambda batch: messages.extend(batch))
    return messages


def offered_refill(sent, campaign) -> list[int]:
    """The refill each session form sent to the GM's tables offers."""
    found = []
    for group, message in sent:
        if group == live.gm_group(campaign.pk) and 'id="session-controls"' in message["html"]:
            found.append(int(re.search(r'name="session-refill"[^>]*value="(\d+)"', message["html"])[1]))
    return found


def test_a_player_joining_sends_the_gm_the_refill_counting_them(
    grim, other_player, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        actions.join_campaign(other_player, grim)
    assert offered_refill(sent, grim) == [3]  # two players + 1


def test_a_player_leaving_sends_the_gm_the_refill_without_them(
    table, other_player, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        actions.remove_player(table.memberships.get(user=other_player))
    assert offered_refill(sent, table) == [2]
