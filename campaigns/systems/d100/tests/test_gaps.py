"""d100 gaps closed after the rule-by-rule audit (docs/d100-rules.md): time taken, special skills
and Fortune in opposed tests, synergy on the GM's forms, the assistant's skill in any case, the GM's
Misfortune for NPCs, Peril at the table, and the recovery buttons."""

import pytest
from django.urls import reverse

from campaigns import actions
from campaigns.models import Membership, Roll, RollCall
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    return campaign


def _character(campaign, owner, name, skills, **sheet):
    raw = {"attributes": {"Agility": 45}, "skills": skills, **sheet}
    return Character.objects.create(campaign=campaign, owner=owner, name=name,
                                    sheet=campaign.rules_system.validate_sheet(raw, campaign.settings))  # fmt: skip


@pytest.fixture
def ulf(table, player):
    stealth = {"name": "Stealth", "attribute": "Agility", "ranks": 1}
    surgery = {"name": "Surgery", "attribute": "Agility", "ranks": 0, "special": True}
    return _character(table, player, "Ulf", [stealth, surgery])


@pytest.fixture
def ida(table, other_player):
    return _character(table, other_player, "Ida", [{"name": "Stealth", "attribute": "Agility", "ranks": 2}])


@pytest.fixture
def orc(table, gm):
    """An NPC: a character the GM owns."""
    return _character(table, gm, "Orc", [{"name": "Stealth", "attribute": "Agility", "ranks": 0}])


def _page(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk])).content.decode()


def _test(client, campaign, character, **changes):
    data = {"character": character.pk, "skill": "Stealth", "attribute": "", "difficulty": "standard", "flip": "",
            "label": "Sneak"} | changes  # fmt: skip
    return client.post(reverse("d100_test", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def _opposed(gm_client, campaign, first, second, **changes):
    data = {"first": first.pk, "first_skill": "Stealth", "first_attribute": "", "second": second.pk,
            "second_skill": "Stealth", "second_attribute": ""} | changes  # fmt: skip
    return gm_client.post(reverse("d100_opposed", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


# 22: an untrained special skill flips to fail in an opposed test too.


def test_an_untrained_special_skill_flips_to_fail_in_an_opposed_test(gm_client, player_client, table, ulf, ida,
                                                                     script_dice):  # fmt: skip
    # Ulf's Surgery (special, 0 ranks) at 45 rolls 19: flipped to fail, 91, a failure (unflipped: 5 degrees, a win).
    # Ida's Stealth at 65 rolls 05: a success, 0 + 4 degrees.
    script_dice(2, 10, 1, 6)
    assert _opposed(gm_client, table, ulf, ida, first_skill="Surgery").status_code == 200
    roll = Roll.objects.get(kind="d100_opposed")
    first, second = roll.outcome["outcomes"]
    assert (first["value"], first["success"], first["result"]) == (91, False, "Failure")
    assert (second["value"], second["degrees"]) == (5, 4)
    assert roll.outcome["winner"] == "Ida"
    page = _page(player_client, table)
    assert "91 (flip to fail) — Failure" in page
    assert "<strong>Ida</strong> wins." in page


# 11: the assistant's skill is read in any case.


def test_an_assistants_skill_is_read_in_any_case(player_client, table, ulf, ida, script_dice):
    ida.sheet = {**ida.sheet, "skills": [{"name": "stealth", "attribute": "Agility", "ranks": 1, "special": False}]}
    ida.save()
    script_dice(8, 3, 3)
    assert _test(player_client, table, ulf, assistant=ida.pk).status_code == 200
    assert Roll.objects.get().request["assisted_by"] == "Ida"


# 9: time taken moves the difficulty a step (triple time easier, hasty harder).


def test_triple_time_makes_a_players_test_a_step_easier(player_client, gm_client, table, ulf, script_dice):
    script_dice(7, 2)  # 61 against 55 + 10 (Standard, triple time: Routine): a success it would not be at Standard
    assert _test(player_client, table, ulf, time="triple").status_code == 200
    roll = Roll.objects.get()
    assert (roll.outcome["chance"], roll.outcome["success"], roll.request["time"]) == (65, True, "triple")
    for client in (player_client, gm_client):
        page = _page(client, table)
        assert "Standard → Routine: 65%" in page
        assert "triple time" in page
    odds = player_client.get(
        reverse("d100_odds", args=[table.pk]),
        {"character": ulf.pk, "skill": "Stealth", "difficulty": "standard", "time": "hasty"},
    )
    assert "45%" in odds.content.decode()  # hasty: Challenging


def test_a_hasty_secret_test_is_a_step_harder_and_stays_secret(player_client, gm_client, table, ulf, script_dice):
    assert _test(player_client, table, ulf, difficulty="", time="hasty").status_code == 200
    call = RollCall.objects.get()
    assert "They take hasty (a step harder)" in _page(gm_client, table)  # the GM setting it knows
    script_dice(3, 1)  # 20 against 55 - 20 (Hard) - 10 (hasty: Arduous) = 25: a success
    gm_client.post(reverse("d100_difficulty", args=[table.pk, call.pk]), {"difficulty": "hard"})
    roll = Roll.objects.get()
    assert (roll.outcome["chance"], roll.outcome["success"]) == (25, True)
    assert "Hard → Arduous: 25%" in _page(gm_client, table)
    page = _page(player_client, table)
    assert "base 55 · hasty (a step harder)" in page  # the player's own choice, on the card
    assert "→ Arduous" not in page
    assert "25%" not in page


def test_the_gms_secret_and_opposed_tests_take_time_and_synergy(gm_client, table, ulf, ida, script_dice):
    script_dice(5, 5)
    data = {"character": ulf.pk, "skill": "Stealth", "attribute": "", "difficulty": "hard", "time": "triple",
            "synergy": "on", "label": ""}  # fmt: skip
    assert gm_client.post(reverse("d100_secret_test", args=[table.pk]), data, HTTP_HX_REQUEST="true").status_code == 200
    secret = Roll.objects.get()
    assert (secret.request["side"]["base"], secret.outcome["chance"]) == (65, 55)  # 45 + 10 + 10, Challenging
    script_dice(5, 5, 5, 5)
    response = _opposed(gm_client, table, ulf, ida, first_time="hasty", second_time="triple", second_synergy="on")
    assert response.status_code == 200
    opposed = Roll.objects.get(kind="d100_opposed")
    assert [o["chance"] for o in opposed.outcome["outcomes"]] == [45, 85]  # 55 - 10; 65 + 10 synergy + 10
    page = _page(gm_client, table)
    assert "Standard → Challenging: 45%" in page
    assert "skill synergy" in page


def test_a_time_that_is_not_offered_is_refused(player_client, gm_client, table, ulf, ida):
    refused = _test(player_client, table, ulf, time="forever")
    assert refused.status_code == 422
    assert "hasty, normal or triple time" in refused.content.decode()
    refused = _opposed(gm_client, table, ulf, ida, first_time="forever")
    assert refused.status_code == 422
    assert "hasty, normal or triple time" in refused.content.decode()
    assert not Roll.objects.exists()


# 10: synergy at the table, shown on the card for the GM to see it was claimed.


def test_skill_synergy_adds_ten_and_shows_on_the_card(player_client, gm_client, table, ulf, script_dice):
    script_dice(7, 2)  # 61 against 55 + 10
    _test(player_client, table, ulf, synergy="on")
    roll = Roll.objects.get()
    assert (roll.request["side"]["base"], roll.outcome["success"]) == (65, True)
    assert "skill synergy (+10)" in _page(gm_client, table)
