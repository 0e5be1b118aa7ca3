"""The table's dice and clock come from settings (campaigns/common/sources.py): a test sets them with
pytest-django's `settings` fixture and gets the real ones back after it."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from campaigns.common import sources
from campaigns.table import actions
from characters.models import Character
from rules.dice import ScriptedDice, SystemDice

pytestmark = pytest.mark.django_db

NOON = datetime(2001, 3, 1, 12, 0, tzinfo=UTC)  # long before the real now, so the real clock cannot pass
LOADED = ScriptedDice([6, 6])  # named by its dotted path below


def test_an_invite_expires_by_the_settings_clock(settings, gm_client, outsider_client, campaign):
    settings.FIVEFOLD_CLOCK = lambda: NOON
    gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "7"})
    campaign.refresh_from_db()
    assert campaign.invite_expires_at == NOON + timedelta(days=7)
    join = reverse("join", args=[campaign.invite_token])
    settings.FIVEFOLD_CLOCK = lambda: NOON + timedelta(days=6)
    assert outsider_client.get(join).status_code == 200
    settings.FIVEFOLD_CLOCK = lambda: NOON + timedelta(days=7)
    assert outsider_client.get(join).status_code == 410


def test_a_session_ends_at_the_settings_clock(settings, campaign, gm):
    settings.FIVEFOLD_CLOCK = "tests.campaigns.test_sources.noon"
    actions.start_session(campaign, gm)
    assert actions.end_session(campaign, gm).ended_at == NOON


def test_rows_are_stamped_by_the_settings_clock(settings, campaign, gm, player):
    """A session, a roll and a character made under a fixed clock carry its time, as the log shows it."""
    settings.FIVEFOLD_CLOCK = noon
    session = actions.start_session(campaign, gm)
    roll = actions.roll_notation(campaign, player, notation="1d6")
    hero = Character.objects.create(campaign=campaign, owner=player, name="Vex")
    assert session.started_at == roll.created_at == hero.created_at == NOON


def noon() -> datetime:
    return NOON


def test_the_dice_may_be_named_by_a_dotted_path(settings, campaign, player):
    settings.FIVEFOLD_DICE = "tests.campaigns.test_sources.LOADED"
    assert actions.roll_notation(campaign, player, notation="2d6").outcome["total"] == 12


# The next two run in this order (-p no:randomly): the first leaves faces unrolled in its dice.
def test_a_test_scripts_the_dice(script_dice, campaign, player):
    script_dice(1, 2, 3, 4)
    assert actions.roll_notation(campaign, player, notation="1d6").outcome["total"] == 1


def test_the_next_test_rolls_the_system_dice_again():
    assert isinstance(sources.dice(), SystemDice)
