"""Learning a language by immersion at the table (seed: "In-game language acquisition & improvement"): the hours go
on the sheet's clock, the app rolls each LAN check, a made one adds the rank, and the log says what happened."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import immerse, rules_page
from campaigns.systems.zener.tests.fights import HX
from characters.models import Character

pytestmark = pytest.mark.django_db

MADE = (1, 1, 1, 2)  # 5: makes LAN 8's check at +15 (4d6 at or under 23)
# Kai's 16th-century French once a rank is made in play: the second rank, and 1 of them learned (not bought).
FRENCH_LEARNED = {"name": "French", "era": "16th century", "aspect": "read", "ranks": 2, "learned": 1}


@pytest.fixture
def kai(zg, player):
    """1 rank of 16th-century French (read), "in the field" before a Zener Transition; LAN 8."""
    sheet = zg.rules_system.validate_sheet(
        {
            "stats": {"LAN": 8},
            "int_dice": [3, 3],
            "languages": [
                {"name": "English", "era": "2020s", "aspect": "native"},
                {"name": "French", "era": "16th century", "aspect": "read", "ranks": 1},
            ],
        }
    )
    return Character.objects.create(campaign=zg, owner=player, name="Kai", sheet=sheet)


def _post(client, zg, kai, *, htmx=False, **changes):
    return immerse(client, zg, kai, HX if htmx else None, **changes)


def test_16th_century_french_among_napoleons_troops(player_client, zg, kai, script_dice):
    """Seed: "he has to first spend 6 hours (1 rank) adjusting his 'ear' ... a LAN check at +15 to complete that
    adjustment period. If he succeeds, the clock starts on the 12-hour interval"; 12 hours add his rank."""
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert 'id="zener-immersion-form"' in page
    script_dice(*MADE)
    assert _post(player_client, zg, kai).status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["languages"][1]["ranks"] == 1  # the ear adjusted, no rank yet
    assert kai.sheet["immersion"] == [
        {"name": "French", "era": "16th century", "among": "18th century", "hours": 0, "ear": 0, "ear_hours": 0}
    ]
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Adjusting the ear to the era (6 h): LAN check at +15, 5 against 23, success." in page
    assert "Now 1 rank (read); 0 of 12 hours toward rank 2." in page
    step = '<span class="faces">' + '<span class="die die-kept">1</span> ' * 3 + '<span class="die die-kept">2</span>'
    assert step + '</span> = <strong class="total">5</strong> <strong class="outcome outcome-ok">✔ success' in page
    script_dice(2, 2, 3, 3)  # 10: the check at +10 (1 rank), LAN 8 + 10
    assert _post(player_client, zg, kai, hours="12").status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["languages"][1] == FRENCH_LEARNED
    assert kai.sheet["immersion"][0]["hours"] == 0
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Rank 2 (12 h): LAN check at +10, 10 against 18, success." in page
    assert "Now 2 ranks (read); 0 of 24 hours toward rank 3." in page
    # Learned in play, the rank is outside the starting budget: the sheet still validates.
    assert zg.rules_system.validate_sheet(kai.sheet)["languages"][1]["learned"] == 1


def test_a_failed_ear_check_restarts_the_6_hour_interval(player_client, zg, kai, script_dice):
    """Seed: "if not, the 6-hour interval restarts"."""
    script_dice(6, 6, 6, 6)
    assert _post(player_client, zg, kai, hours="8").status_code == 302
    kai.refresh_from_db()
    clock = kai.sheet["immersion"][0]
    assert (clock["ear"], clock["ear_hours"], kai.sheet["languages"][1]["ranks"]) == (1, 2, 1)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "24 against 23, failure, the interval restarts." in page
    assert "2 of 6 hours toward the ear." in page


def test_18th_century_french_as_a_new_language_with_the_old_as_related(player_client, zg, kai, script_dice):
    """Seed: "begin acquiring 18th Century French in addition to his 16th Century French. This restarts his 'language
    experience clock' at zero, but his expertise in 16th Century French counts as a related skill, giving him +2":
    3 hours, a LAN check at +15 and +2, 4d6 at or under 25."""
    script_dice(1, 2, 2, 2)
    assert _post(player_client, zg, kai, hours="3", new="on", aspect="heard").status_code == 302
    kai.refresh_from_db()
    assert kai.sheet["languages"][2] == {
        "name": "French",
        "era": "18th century",
        "aspect": "heard",
        "ranks": 0,
        "learned": 1,
    }
    assert Roll.objects.get().outcome["steps"][0]["target"] == 25
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "1 related language (+2 each)" in page


def test_the_gm_immerses_a_players_character_in_a_new_language(gm_client, zg, kai, script_dice):
    script_dice(*MADE, 1, 1, 1, 1)  # 0 ranks, then the 1st rank (both at +15)
    response = _post(gm_client, zg, kai, language="Russian", among="1810s", hours="9", aspect="heard", htmx=True)
    assert response.status_code == 200
    assert 'id="zener-panel"' in response.content.decode()
    kai.refresh_from_db()
    russian = kai.sheet["languages"][2]
    assert (russian["ranks"], russian["aspect"], russian["learned"]) == (1, "heard", 2)
    assert Roll.objects.get().visibility == Roll.Visibility.TABLE


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hours": "0"}, "greater than or equal to 1"),
        ({"language": "English", "among": "2020s"}, "is the native language: immersion adds nothing"),
        ({"language": "French", "among": "2020s", "era_ranks": "4"}, "less than or equal to 3"),
    ],
)
def test_bad_immersion_is_explained_and_changes_nothing(player_client, zg, kai, changes, message):
    before = kai.sheet
    response = _post(player_client, zg, kai, htmx=True, **changes)
    assert response.status_code == 422
    assert message in response.content.decode()
    kai.refresh_from_db()
    assert kai.sheet == before
    assert not Roll.objects.exists()


def test_a_player_immerses_only_their_own_characters(other_client, other_player, zg, kai):
    response = _post(other_client, zg, kai, htmx=True)
    assert response.status_code == 422
    assert not Roll.objects.exists()


def test_the_step_refuses_get_and_outsiders(player_client, outsider_client, zg, kai):
    assert player_client.get(reverse("zener_immersion", args=[zg.pk])).status_code == 405
    assert _post(outsider_client, zg, kai).status_code == 404


def test_the_readings_are_published(player_client):
    rules = rules_page(player_client)
    assert "the ranks of the sheet&#x27;s skill on LAN" in rules or "the ranks of the sheet's skill on LAN" in rules
    assert "Learning by immersion</strong>" in rules
    assert "6 hours and a LAN check at +15; then the rank" in rules
