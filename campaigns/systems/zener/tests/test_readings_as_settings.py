"""The Zener readings where the text allows two that both play are the campaign's settings (rules page,
#zener-language-roll, #zener-plus-fifteen, #zener-initiative-mel): each default keeps the rule playable and the
seed's examples true, the GM switches on the settings page, and the forms, odds and log rows follow and say so."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.conftest import rules_page
from characters.models import Character
from rules.zener.combat import MEL_AS_WRITTEN
from rules.zener.languages import LANGUAGE_AS_STAT
from rules.zener.radiation import TRANSITION_AS_BONUS

pytestmark = pytest.mark.django_db


@pytest.fixture
def kai(zg, player):
    """LAN 12 (foundation 8), CON 20, AWA 12, MEL 14; the seed's 1920s Spanish (spoken 3, heard 2, written 1,
    read 1)."""
    sheet = zg.rules_system.validate_sheet(
        {
            "stats": {"LAN": 12, "CON": 20, "AWA": 12, "MEL": 14},
            "int_dice": [3, 3],
            "skills": [{"name": "Linguist", "breadth": "narrow", "stat": "LAN", "ranks": 2}],
            "languages": [
                {"name": "English", "era": "2020s", "aspect": "native", "ranks": 3},
                {"name": "Spanish", "era": "1920s", "aspect": "spoken", "ranks": 3},
            ],
        }
    )
    return Character.objects.create(campaign=zg, owner=player, name="Kai", sheet=sheet)


@pytest.fixture
def ren(zg, other_player):
    """AWA 15, MEL 10: the sharper eye, the weaker fighter."""
    sheet = zg.rules_system.validate_sheet({"stats": {"AWA": 15, "MEL": 10}, "int_dice": [3, 3]})
    return Character.objects.create(campaign=zg, owner=other_player, name="Ren", sheet=sheet)


def set_reading(gm_client, zg, **changes):
    zg.refresh_from_db()
    data = {**zg.rules_system.validate_settings(zg.settings), **changes}
    response = gm_client.post(reverse("campaign_settings", args=[zg.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    zg.refresh_from_db()


HEARD = {"language": "Spanish", "aspect": "heard", "eras": "1", "era_loss": "0.25", "related": "0", "label": ""}


def test_the_settings_page_offers_each_reading_with_its_odds(gm_client, zg):
    page = gm_client.get(reverse("campaign_settings", args=[zg.pk])).content.decode()
    for label in ("A language roll in use", "The transition&#x27;s CON roll at +15", "Initiative by MEL (or ACC)"):
        assert label in page
    assert "LAN 10 at 1 rank (conversational): 25.9% as a skill, 1 in 1,679,616 as the stat check" in page
    assert "CON 20 makes the penalty's roll 0.39% of the time, CON 10 1 in 13,060,694,016." in page


def test_a_language_roll_is_a_skill_check_by_default(player_client, zg, kai, script_dice):
    """The seed's WWII Spain (1 era, −0.25): 1920s Spanish heard at 1 rank, + LAN 12's foundation 8: 3d6 at or
    under 9, 81 in 216 (37.5%), where the literal reading needs 6d6 at or under 6."""
    odds = player_client.get(reverse("zener_language_odds", args=[zg.pk]), {"character": kai.pk, **HEARD})
    text = odds.content.decode()
    assert "Spanish (1920s) heard 1, conversational, 1 era step away (−0.25) + LAN foundation 8" in text
    assert "3d6 at or under 9 — <strong>37.50%</strong>" in text
    assert (
        'id="zener-language-form"' in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    script_dice(3, 3, 3)
    assert (
        player_client.post(reverse("zener_language", args=[zg.pk]), {"character": kai.pk, **HEARD}).status_code == 302
    )
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["target"], roll.outcome["success"]) == (9, 9, True)
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "Spanish (1920s) heard 1, conversational, 1 era step away (−0.25) + LAN foundation 8" in page


def test_the_gm_may_read_a_language_roll_literally(gm_client, player_client, zg, kai, script_dice):
    set_reading(gm_client, zg, language_roll=LANGUAGE_AS_STAT)
    odds = player_client.get(reverse("zener_language_odds", args=[zg.pk]), {"character": kai.pk, **HEARD})
    assert "LAN 12 − 10: 6d6 at or under 6" in odds.content.decode()  # 4d6 + 10 at or under 12
    script_dice(1, 1, 1, 1, 1, 2)
    assert (
        player_client.post(reverse("zener_language", args=[zg.pk]), {"character": kai.pk, **HEARD}).status_code == 302
    )
    roll = Roll.objects.get()
    assert (roll.outcome["total"], roll.outcome["target"], roll.outcome["success"]) == (7, 6, False)


def test_a_language_the_sheet_lacks_is_explained_beside_the_odds(player_client, zg, kai):
    odds = player_client.get(
        reverse("zener_language_odds", args=[zg.pk]), {"character": kai.pk, **HEARD, "language": "French"}
    )
    assert "Kai has no language called French" in odds.content.decode()
    assert odds.status_code == 200


def test_the_transition_says_how_it_reads_plus_fifteen(gm_client, player_client, zg, kai, script_dice):
    panel = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "+15 a penalty: 4d6 + 15 at or under CON (most transitions fail)" in panel
    script_dice(2, 2, 2, 2, 4)  # 8 against CON 20 − 15 = 5: failed, Category 2 (d6 4)
    gm_client.post(reverse("zener_transition", args=[zg.pk]), {"category": "2"}, HTTP_HX_REQUEST="true")
    assert Roll.objects.get().outcome["results"][0]["success"] is False
    assert 'Category 2 <span class="muted">(CON roll: 4d6 + 15 at or under CON)</span>' in (
        player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    set_reading(gm_client, zg, transition_roll=TRANSITION_AS_BONUS)
    assert (
        "+15 a bonus: 4d6 at or under CON + 15"
        in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )
    script_dice(6, 6, 6, 6, 2)  # 24 against CON 16 (after the 4 long-term) + 15 = 31: made, d3 2
    gm_client.post(reverse("zener_transition", args=[zg.pk]), {"category": "2"}, HTTP_HX_REQUEST="true")
    made = Roll.objects.order_by("pk").last().outcome["results"][0]
    assert (made["total"], made["target"], made["success"]) == (24, 31, True)
    assert (
        "(CON roll: 4d6 at or under CON + 15)"
        in player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    )


def test_initiative_puts_the_better_fighter_first_unless_the_gm_reads_it_as_written(
    gm_client, player_client, zg, kai, ren, script_dice
):
    panel = gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "The best fighter first: lowest MEL +0, each higher +2 more (as AWA runs)" in panel
    script_dice(3, 3)  # Kai, then Ren (seated order)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), HTTP_HX_REQUEST="true")
    order = {name: value for name, _, value in Roll.objects.get().outcome["order"]}
    # Kai: 3 + AWA place 0 + MEL 14's place 1 × 2 = 5; Ren: 3 + AWA place 1 + MEL 10's place 0 = 4.
    assert order == {"Kai": 5, "Ren": 4}
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "(by AWA and MEL: the highest MEL the most, +2 a place)" in page
    set_reading(gm_client, zg, initiative_mel=MEL_AS_WRITTEN)
    assert "As written: highest MEL +0" in gm_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    script_dice(3, 3)
    gm_client.post(reverse("zener_initiative", args=[zg.pk]), HTTP_HX_REQUEST="true")
    order = {name: value for name, _, value in Roll.objects.order_by("pk").last().outcome["order"]}
    assert order == {"Kai": 3, "Ren": 6}  # as written: Kai's MEL 14 +0, Ren's 10 +2
    page = player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode()
    assert "(by AWA and MEL as written: the highest MEL +0, each lower +2)" in page


def test_the_rules_page_publishes_each_reading_with_its_odds(client):
    page = rules_page(client)
    for anchor in (
        "zener-language-roll",
        "zener-plus-fifteen",
        "zener-immersion-odds",
        "zener-initiative-mel",
        "zener-disadvantage-penalty",
        "zener-assistants",
    ):
        assert f'id="{anchor}"' in page
    # LAN 10: a skill check at 1 rank, and literally; CON 20's transition as a penalty.
    assert '<th scope="row">10</th><td>16.2%</td><td>25.9%</td><td>37.5%</td><td>50.0%</td>' in page
    assert "<td>1 in 1,679,616</td><td>0.39%</td><td>15.9%</td>" in page
    assert '<th scope="row">20</th><td>0.39%</td><td>100%</td>' in page
