import logging
import warnings

import pytest
from django.core.management import call_command

from accounts.models import User
from campaigns.models import Campaign, Membership, Roll
from campaigns.plugins import registry
from characters.models import Character

pytestmark = pytest.mark.django_db


def test_demo_makes_a_table_per_system_and_can_run_again(capsys):
    call_command("demo")
    call_command("demo")
    assert set(User.objects.values_list("username", flat=True)) == {"gm", "player1", "player2"}
    keys = [adapter.key for adapter in registry.installed()]
    assert {"cgg", "tribute", "zener", "ore", "d100"} <= set(keys)
    assert set(Campaign.objects.values_list("system", flat=True)) == set(keys)
    assert Campaign.objects.count() == len(keys)
    assert Membership.objects.count() == 2 * len(keys)
    assert Character.objects.count() == 2 * len(keys)
    gm = User.objects.get(username="gm")
    assert gm.is_staff
    assert gm.check_password("fivefold-demo")
    assert "password 'fivefold-demo'" in capsys.readouterr().out


def test_every_demo_table_has_rolls_to_look_at(client):
    """A first look at any demo table shows rolls in the log; running the demo again adds none."""
    call_command("demo")
    rolls = Roll.objects.count()
    call_command("demo")
    assert Roll.objects.count() == rolls
    client.force_login(User.objects.get(username="player1"))
    for campaign in Campaign.objects.all():
        assert campaign.rolls.filter(visibility=Roll.Visibility.TABLE).exists(), campaign.name
        assert campaign.rolls.filter(visibility=Roll.Visibility.GM).exists(), campaign.name
        # the system's own roll: in the log, or waiting for its next step
        assert campaign.rolls.exclude(kind="notation").exists() or campaign.calls.exists(), campaign.name
        page = client.get(f"/campaigns/{campaign.pk}/").content.decode()
        assert "Look around" in page, campaign.name
        assert "Wandering trouble?" not in page, campaign.name  # the GM's secret roll stays secret


def test_the_home_page_says_how_to_try_the_demo_only_in_local_play(client, settings):
    call_command("demo")
    settings.DEBUG = True
    page = client.get("/").content.decode()
    assert "Log in as <strong>player1</strong>" in page
    assert page.count("<li>") >= 3  # the three steps
    settings.DEBUG = False
    assert "fivefold-demo" not in client.get("/").content.decode()


def test_the_demo_prints_no_warning(settings, capsys, caplog, django_capture_on_commit_callbacks):
    """The first thing a new user sees (`make run`, DEBUG on) is clean: no Django warning
    (it once warned of a `{% csrf_token %}` in a call card rendered for the live table)."""
    settings.DEBUG = True
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with django_capture_on_commit_callbacks(execute=True):  # the live sends, as after a real commit
            call_command("demo")
    assert [str(warning.message) for warning in caught] == []
    assert capsys.readouterr().err == ""
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
