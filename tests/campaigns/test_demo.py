import pytest
from django.core.management import call_command

from accounts.models import User
from campaigns.models import Campaign, Membership
from characters.models import Character
from rules import SYSTEMS

pytestmark = pytest.mark.django_db


def test_demo_makes_a_table_per_system_and_can_run_again(capsys):
    call_command("demo")
    call_command("demo")
    assert set(User.objects.values_list("username", flat=True)) == {"gm", "player1", "player2"}
    assert set(Campaign.objects.values_list("system", flat=True)) == set(SYSTEMS)
    assert Campaign.objects.count() == len(SYSTEMS)
    assert Membership.objects.count() == 2 * len(SYSTEMS)
    assert Character.objects.count() == 2 * len(SYSTEMS)
    gm = User.objects.get(username="gm")
    assert gm.is_staff
    assert gm.check_password("fivefold-demo")
    assert "password 'fivefold-demo'" in capsys.readouterr().out
