"""d100 at the table: the ±30 cap as the GM's setting, the GM's own secret test of a
player's character, opposed tests at each side's difficulty, and the GM's Fury and Chaos dice."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.d100.tests.conftest import (
    STEALTH,
    d100_character,
    new_grim,
    post_opposed,
    secret_test_form,
    test_form,
)
from campaigns.table import actions
from characters.models import Character
from tests.factories import post_step, table_and_panel

pytestmark = pytest.mark.django_db


def _veteran(campaign, owner) -> Character:
    """Agility 45, Stealth with 3 ranks, talents +20: the veteran every test below counts from."""
    return d100_character(campaign, owner, "Ulf", [STEALTH | {"ranks": 3}], modifiers=20)


@pytest.mark.parametrize(("cap", "chance"), [("", 75), ("0", 75), ("1", 95)], ids=["default", "literal", "talents"])
def test_the_gm_chooses_what_the_cap_covers(gm_client, player_client, player, script_dice, cap, chance):
    campaign = new_grim(gm_client, player, **({"modifier_cap": cap} if cap else {}))
    ulf = _veteran(campaign, player)
    script_dice(9, 1)  # 80
    post_step(player_client, "d100_test", campaign, test_form(ulf))
    assert Roll.objects.get().outcome["chance"] == chance
    odds = player_client.get(
        reverse("d100_odds", args=[campaign.pk]), {"character": ulf.pk, "skill": "Stealth", "difficulty": "standard"}
    )
    assert f"{chance}%" in odds.content.decode()


def _gm_secret(gm_client, campaign, character, **changes):
    return post_step(gm_client, "d100_secret_test", campaign, secret_test_form(character, **changes), htmx=True)


def test_the_gm_tests_a_players_character_in_secret_and_reveals_it(
    gm_client, player_client, other_client, table, ulf, script_dice
):
    script_dice(6, 3)  # 52 against 55 - 20 = 35: a failure
    response = _gm_secret(gm_client, table, ulf)
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.visibility, roll.author, roll.character) == (Roll.Visibility.GM, table.gm, ulf)
    assert (roll.outcome["value"], roll.outcome["chance"], roll.outcome["success"]) == (52, 35, False)
    gm_page = table_and_panel(gm_client, table)
    assert "Is he followed?" in gm_page
    assert "Hard: 35%" in gm_page
    assert "Reveal to the table" in gm_page
    for client in (player_client, other_client):  # the player did not opt in: nothing at all shows
        page = table_and_panel(client, table)
        assert "Is he followed?" not in page
        assert f'data-roll-id="{roll.pk}"' not in page
        # Nor does a guessed address tell them anything.
        assert client.post(reverse("d100_reveal", args=[table.pk, roll.pk])).status_code == 404
        assert client.post(reverse("d100_reroll", args=[table.pk, roll.pk])).status_code == 404
        assert client.get(reverse("d100_fortune_options", args=[table.pk, roll.pk])).status_code == 404
    assert Roll.objects.get().visibility == Roll.Visibility.GM

    gm_client.post(reverse("d100_reveal", args=[table.pk, roll.pk]), HTTP_HX_REQUEST="true")
    shown = Roll.objects.get(visibility=Roll.Visibility.TABLE)  # a roll never changes: the reveal is a new row
    assert (shown.request["revealed_of"], shown.outcome) == (roll.pk, roll.outcome)
    page = table_and_panel(player_client, table)
    assert "Is he followed?" in page
    assert "52" in page
    assert "✘ Failure" in page
    assert "revealed by the GM" in page
    assert "Hard:" not in page
    assert "35%" not in page
    assert "Reveal to the table" not in page
    again = gm_client.post(reverse("d100_reveal", args=[table.pk, roll.pk]), HTTP_HX_REQUEST="true")
    assert again.status_code == 422
    assert "already revealed" in again.content.decode()


def test_a_gm_secret_test_refuses_bad_input_and_changes_nothing(gm_client, player_client, table, ulf):
    missing = _gm_secret(gm_client, table, ulf, difficulty="")
    assert missing.status_code == 422
    assert "difficulty" in missing.content.decode().lower()
    unknown = _gm_secret(gm_client, table, ulf, skill="Juggling")
    assert unknown.status_code == 422
    assert "Juggling" in unknown.content.decode()
    assert not Roll.objects.exists()
    forbidden = post_step(player_client, "d100_secret_test", table, secret_test_form(ulf))
    assert forbidden.status_code == 404
    assert not Roll.objects.exists()


def test_a_revealed_failure_may_be_rerolled_with_fortune(gm_client, player_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(6, 3)  # 52 against 35: a failure
    _gm_secret(gm_client, table, ulf)
    secret = Roll.objects.get()
    gm_client.post(reverse("d100_reveal", args=[table.pk, secret.pk]))
    shown = Roll.objects.get(visibility=Roll.Visibility.TABLE)
    options = player_client.get(reverse("d100_fortune_options", args=[table.pk, shown.pk])).content.decode()
    assert "Re-roll (1 Fortune)" in options
    script_dice(2, 5)  # 14: a success
    player_client.post(reverse("d100_reroll", args=[table.pk, shown.pk]))
    assert Roll.objects.get(request__reroll_of=shown.pk).outcome["success"] is True


def test_each_side_of_an_opposed_test_has_its_own_difficulty(gm_client, player_client, table, ulf, ida, script_dice):
    # Ulf 55 at Hard is 35: 52 fails (it would pass at Standard); Ida 65 at Easy is 85: 72 passes (it would fail).
    script_dice(6, 3, 8, 3)
    assert (
        post_opposed(gm_client, table, ulf, ida, first_difficulty="hard", second_difficulty="easy").status_code == 200
    )
    roll = Roll.objects.get(kind="d100_opposed")
    assert [o["chance"] for o in roll.outcome["outcomes"]] == [35, 85]
    assert roll.outcome["winner"] == "Ida"
    page = table_and_panel(player_client, table)
    assert "Hard: 35%" in page
    assert "Easy: 85%" in page


def test_an_opposed_tests_difficulty_defaults_to_standard_and_refuses_nonsense(gm_client, table, ulf, ida, script_dice):
    script_dice(6, 3, 8, 3)
    post_opposed(gm_client, table, ulf, ida)
    assert [o["chance"] for o in Roll.objects.get().outcome["outcomes"]] == [55, 65]
    refused = post_opposed(gm_client, table, ulf, ida, second_difficulty="impossible")
    assert refused.status_code == 422
    assert "Arduous" in refused.content.decode()
    assert Roll.objects.count() == 1


def test_a_gm_without_a_character_rolls_fury_and_chaos_dice(gm_client, player_client, table, script_dice):
    assert "Fury die" in table_and_panel(gm_client, table)  # offered with no character at the table at all
    script_dice(6, 6, 3)
    response = gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "fury"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    roll = Roll.objects.get()
    assert (roll.author, roll.character, roll.outcome) == (table.gm, None, {"faces": [6, 6, 3], "total": 15})
    assert "rolled a fury die: 15" in table_and_panel(player_client, table)
    script_dice(6)
    gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "chaos", "character": ""})
    assert "Something terrible happens." in table_and_panel(player_client, table)
    # Fortune is the players': nobody turns the GM's die into a 6.
    fury = Roll.objects.filter(request__die="fury").get()
    assert player_client.post(reverse("d100_six", args=[table.pk, fury.pk]), HTTP_HX_REQUEST="true").status_code == 422


def test_the_gm_rolls_a_die_for_a_seated_character_and_refuses_nonsense(
    gm_client, player_client, table, ulf, script_dice
):
    script_dice(4)
    gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "chaos", "character": ulf.pk})
    assert Roll.objects.get().character == ulf
    refused = gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "doom"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert "Roll a Fury die or a Chaos die." in refused.content.decode()
    assert player_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "fury"}).status_code == 404
    assert Roll.objects.count() == 1
