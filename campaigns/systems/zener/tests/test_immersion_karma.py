"""An immersion check's normal mechanics at the table (seed: "In-game language acquisition & improvement": "characters
can use experience/karma to improve their chances or re-roll a failed roll, and in particular, characters can choose
to delay the roll, spending extra time to improve the likelihood of success")."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.actions import karma_balance
from campaigns.systems.zener.tests.conftest import immerse
from campaigns.systems.zener.tests.fights import HX
from campaigns.systems.zener.tests.test_immersion import FRENCH_LEARNED
from characters.models import Character

pytestmark = pytest.mark.django_db

MISSED = (6, 6, 6, 6)  # 24: misses LAN 8's check at +10 (4d6 at or under 18) by 6
NEAR = (5, 5, 5, 5)  # 20: misses it by 2


def _sheet(zg, **more):
    return zg.rules_system.validate_sheet(
        {
            "stats": {"LAN": 8},
            "int_dice": [3, 3],
            "languages": [
                {"name": "English", "era": "2020s", "aspect": "native"},
                {"name": "French", "era": "16th century", "aspect": "read", "ranks": 1},
            ],
            **more,
        }
    )


@pytest.fixture
def kai(zg, player):
    return Character.objects.create(campaign=zg, owner=player, name="Kai", sheet=_sheet(zg))


@pytest.fixture
def ren(zg, other_player):
    return Character.objects.create(campaign=zg, owner=other_player, name="Ren", sheet=_sheet(zg))


def _immerse(client, zg, kai, **changes):
    """14 hours among 16th-century speakers: the era of Kai's own French."""
    return immerse(client, zg, kai, HX, **{"among": "16th century", "hours": "14", "era_ranks": "0"} | changes)


def _karma(client, roll, **data):
    return client.post(reverse("zener_karma_on_roll", args=[roll.campaign_id, roll.pk]), data, HTTP_HX_REQUEST="true")


def _options(client, roll) -> str:
    return client.get(
        reverse("zener_karma_options", args=[roll.campaign_id, roll.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()


def _table(client, zg) -> str:
    return "".join(client.get(reverse("table", args=[zg.pk]), {"tab": tab}).content.decode() for tab in ("", "panel"))


def test_a_delayed_immersion_check_takes_longer_and_gets_the_time_charts_bonus(player_client, zg, kai, script_dice):
    """x2 time (+2): the 12-hour interval toward rank 2 takes 24 hours, its check at +10 and +2: 20 makes it."""
    assert "Delay each check" in _table(player_client, zg)
    assert _immerse(player_client, zg, kai, hours="23", delay="2").status_code == 200
    kai.refresh_from_db()
    assert (kai.sheet["languages"][1]["ranks"], kai.sheet["immersion"][0]["hours"]) == (1, 23)
    assert "23 of 24 hours toward rank 2 at ×2 time." in _table(player_client, zg)
    script_dice(*NEAR)
    assert _immerse(player_client, zg, kai, hours="1", delay="2").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["languages"][1]["ranks"] == 2
    page = _table(player_client, zg)
    assert "Rank 2 (24 h): LAN check at +10 +2 (×2 time), 20 against 20, success." in page
    assert "delaying each check ×2 time (+2)" in page
    assert "0 of 48 hours toward rank 3 at ×2 time." in page


@pytest.mark.parametrize("delay", ["5", "-1", "x"])
def test_a_delay_off_the_chart_is_refused_and_changes_nothing(player_client, zg, kai, delay):
    response = _immerse(player_client, zg, kai, delay=delay)
    assert response.status_code == 422
    assert "valid choice" in response.content.decode()
    kai.refresh_from_db()
    assert "immersion" not in kai.sheet
    assert not Roll.objects.exists()


def test_a_karma_reroll_makes_the_failed_check_and_keeps_the_clock(player_client, zg, kai, script_dice):
    """14 hours: the 12-hour check fails, 2 hours toward the restarted interval; the re-roll made adds the rank and
    the 2 hours count toward rank 3 (the interval does not restart)."""
    script_dice(*MISSED)
    _immerse(player_client, zg, kai)
    failed = Roll.objects.get()
    assert reverse("zener_karma_options", args=[zg.pk, failed.pk]) in _table(player_client, zg)
    assert "Re-roll (1 of Kai's Karma)" in _options(player_client, failed)
    karma = karma_balance(kai).value
    script_dice(1, 1, 1, 2)
    assert _karma(player_client, failed, use="reroll").status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["languages"][1] == FRENCH_LEARNED
    assert kai.sheet["immersion"][0]["hours"] == 2
    assert karma_balance(kai).value == karma - 1
    page = _table(player_client, zg)
    assert "Kai re-rolls the failed LAN check on French (16th century) with 1 Karma." in page
    assert "Rank 2 (12 h): LAN check at +10, 5 against 18, success." in page
    assert "Now 2 ranks (read); 2 of 24 hours toward rank 3." in page
    # Once: the standing result is a success.
    again = _karma(player_client, failed, use="reroll")
    assert again.status_code == 422
    assert "already" in again.content.decode()
    assert karma_balance(kai).value == karma - 1


def test_a_failed_reroll_spends_the_karma_and_changes_nothing_else(player_client, zg, kai, script_dice):
    script_dice(*MISSED)
    _immerse(player_client, zg, kai)
    failed = Roll.objects.get()
    karma = karma_balance(kai).value
    script_dice(*MISSED)
    _karma(player_client, failed, use="reroll")
    kai.refresh_from_db()
    assert (kai.sheet["languages"][1]["ranks"], kai.sheet["immersion"][0]["hours"]) == (1, 2)
    assert karma_balance(kai).value == karma - 1
    reroll = Roll.objects.latest("pk")
    assert "Re-roll" not in _options(player_client, reroll)  # once per immersion check


def test_another_players_character_gives_plus_five(player_client, other_client, zg, kai, ren, script_dice):
    script_dice(*NEAR)  # 20 against 18: +5 makes it
    _immerse(player_client, zg, kai)
    failed = Roll.objects.get()
    refused = _karma(other_client, failed, use="reroll")
    assert refused.status_code == 422
    assert "Only the roller" in refused.content.decode()
    assert "+5 from Ren (1 Karma)" in _options(other_client, failed)
    before = karma_balance(ren).value
    assert _karma(other_client, failed, use="boost", payer=ren.pk).status_code == 200
    kai.refresh_from_db()
    assert kai.sheet["languages"][1]["ranks"] == 2
    assert karma_balance(ren).value == before - 1
    assert "Kai&#x27;s LAN check on French (16th century) with +5 from Ren." in _table(player_client, zg)


def test_plus_five_is_not_offered_when_it_cannot_make_the_check(other_client, player_client, zg, kai, ren, script_dice):
    script_dice(*MISSED)  # failed by 6
    _immerse(player_client, zg, kai)
    failed = Roll.objects.get()
    assert "+5 from Ren" not in _options(other_client, failed)
    refused = _karma(other_client, failed, use="boost", payer=ren.pk)
    assert refused.status_code == 422
    assert "failed by 6" in refused.content.decode()


def test_karma_only_on_the_latest_immersion_in_that_language(player_client, zg, kai, script_dice):
    script_dice(*MISSED)
    _immerse(player_client, zg, kai)
    failed = Roll.objects.get()
    _immerse(player_client, zg, kai, hours="1")  # the clock moved on since
    assert "Re-roll" not in _options(player_client, failed)
    refused = _karma(player_client, failed, use="reroll")
    assert refused.status_code == 422
    assert "later immersion" in refused.content.decode()
    kai.refresh_from_db()
    assert kai.sheet["languages"][1]["ranks"] == 1


def test_no_karma_on_a_made_immersion_check(player_client, zg, kai, script_dice):
    script_dice(1, 1, 1, 2)
    _immerse(player_client, zg, kai)
    made = Roll.objects.get()
    assert reverse("zener_karma_options", args=[zg.pk, made.pk]) not in _table(player_client, zg)
    refused = _karma(player_client, made, use="reroll")
    assert refused.status_code == 422
    assert "already made" in refused.content.decode()


def test_the_rules_page_publishes_the_readings(client):
    rules = client.get("/rules/zener/").content.decode()
    assert "Delaying an immersion check</strong>" in rules
    assert "Karma on an immersion check</strong>" in rules
    assert "Karma and extra time on an immersion check" not in rules
