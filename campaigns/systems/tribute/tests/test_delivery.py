"""Tribute Alpha's stop-short points closed at the table (docs/tribute-rules.md, "Not played
yet"): a Match delivers the effect, the log card names the rank it is delivered at, the
opposing side of an opposed test has no Profit or Waste, and the campaign's effective range
of attribute ranks (seed: "Effect Ranks", "Making Tests", "Attribute Ranks")."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership, Roll, RollCall
from campaigns.systems.tribute.tests.conftest import post_opposed, post_test, test_form, tribute_character
from characters.models import Character
from tests.factories import table_and_panel
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db


def _hero(campaign, player, might=1):
    punch = {"name": "Punch", "rank": 2, "features": [{"name": "damage", "rank": 3}, {"name": "range", "rank": 1}]}
    return tribute_character(campaign, player, "Vera", [punch, {"name": "Shove", "rank": 4}], might)


@pytest.fixture
def hero(tribute, player):
    return _hero(tribute, player)


def hit_the_ogre(client, campaign, hero, **changes):
    """Vera's Punch on 1 FOCUS and 1 BURDEN against 2, unless told otherwise."""
    return post_test(client, campaign, hero, focus="1", label="Hit the ogre", **changes)


# --- 1. A Match delivers the effect, and the odds count it ---


def test_the_odds_count_a_match_as_delivering_the_effect(player_client, tribute, hero):
    """1 FOCUS and 1 BURDEN d6, Might +1 against 1: a Win 15/36, a Match 6/36, so 21/36."""
    query = test_form(hero, focus="1", effect="", opposition="1")
    page = player_client.get(reverse("tribute_odds", args=[tribute.pk]), query).content.decode()
    assert "Win <strong>41.67%</strong> · Match 16.67%" in page
    assert "effect delivered (a Win or a Match) <strong>58.33%</strong>" in page
    assert "Chance of success 58.33%" in page  # the chart fills a Match as it fills a Win
    assert "(7 in 12)" in page


def test_a_match_without_profit_or_waste_delivers_the_effect_for_everyone(
    player_client, gm_client, other_client, tribute, hero, script_dice
):
    script_dice(4, 4)  # 4 - 4 + 1 = 1 against 1: a Match, no other dice, so no Profit or Waste
    assert hit_the_ogre(player_client, tribute, hero, opposition="1").status_code == 302
    assert Roll.objects.get().outcome["outcome"] == "match"
    for client in (player_client, gm_client, other_client):
        page = table_and_panel(client, tribute)
        assert "✔ Match" in page
        assert "Punch delivered at: damage 3, range 1" in page


def test_the_match_reading_is_published(player_client):
    page = player_client.get(reverse("rules")).content.decode()
    assert "A Match delivers the effect" in page


# --- 2. The rank an effect is delivered at ---


def test_a_win_without_profit_or_waste_shows_the_bought_ranks(player_client, gm_client, tribute, hero, script_dice):
    script_dice(6, 3)  # 6 - 3 + 1 = 4 against 2: a Win with nothing to assign
    hit_the_ogre(player_client, tribute, hero)
    assert RollCall.objects.get().status == RollCall.Status.ANSWERED
    for client in (player_client, gm_client):
        assert "Punch delivered at: damage 3, range 1" in table_and_panel(client, tribute)


def test_an_effect_without_features_is_delivered_at_its_own_rank(player_client, gm_client, tribute, hero, script_dice):
    script_dice(6, 3)
    hit_the_ogre(player_client, tribute, hero, effect="Shove")
    for client in (player_client, gm_client):
        assert "Shove delivered at: Shove 4" in table_and_panel(client, tribute)


def test_the_delivered_rank_is_the_one_at_the_roll_not_a_later_sheet(player_client, tribute, hero, script_dice):
    script_dice(6, 3)
    hit_the_ogre(player_client, tribute, hero, effect="Shove")
    hero.sheet["effects"][1]["rank"] = 1
    hero.save()
    assert "Shove delivered at: Shove 4" in table_and_panel(player_client, tribute)


def test_a_fail_delivers_nothing(player_client, gm_client, tribute, hero, script_dice):
    script_dice(1, 6)  # 1 - 6 + 1 = -4 against 2: a Fail
    hit_the_ogre(player_client, tribute, hero)
    for client in (player_client, gm_client):
        page = table_and_panel(client, tribute)
        assert "✘ Fail" in page
        assert "delivered at" not in page


# --- 3. The opposing side of an opposed test ---


def test_the_opposing_side_has_no_profit_or_waste_and_the_card_says_so(
    gm_client, player_client, tribute, hero, script_dice
):
    post_opposed(gm_client, tribute, hero, opponent_rank="0", opponent_focus="3")
    waiting_gm, waiting_player = table_and_panel(gm_client, tribute), table_and_panel(player_client, tribute)
    line = "Ogre's dice set the opposition's result only: no Profit or Waste for that side"
    assert line in waiting_gm
    assert line in waiting_player
    call = RollCall.objects.get()
    script_dice(6, 2, 5, 5, 5, 1)
    player_client.post(reverse("tribute_roll", args=[tribute.pk, call.pk]), {"focus": "1", "burden": "1"})
    roll = Roll.objects.get()
    assert (roll.outcome["outcome"], roll.outcome["profit"], roll.outcome["waste"]) == ("win", 0, 0)
    assert "profit" not in roll.outcome["opponent"]
    for client in (gm_client, player_client):
        assert line in table_and_panel(client, tribute)


def test_the_opposition_reading_is_published(player_client):
    page = player_client.get(reverse("rules")).content.decode()
    assert "The opposing side of an opposed test has no Profit or Waste" in page


# --- 4. The campaign's effective range of attribute ranks ---


@pytest.fixture
def narrow(player_client, gm, player):
    """A campaign whose effective range is -5 to 5, set by its GM (here the player) when creating it."""
    response = player_client.post(
        reverse("campaign_new"),
        {"name": "Street", "system": "tribute", "tribute__die_size": "6", "tribute__attribute_range": "5"},
    )
    assert response.status_code == 302
    return Campaign.objects.get(name="Street")


def test_the_gm_sets_the_effective_range_and_the_panel_shows_it(player_client, narrow):
    assert narrow.settings["attribute_range"] == 5
    assert "Attribute ranks: −5 to 5" in table_and_panel(player_client, narrow)


def test_a_bad_effective_range_is_refused_with_a_message(player_client):
    response = player_client.post(
        reverse("campaign_new"),
        {"name": "Odd", "system": "tribute", "tribute__die_size": "6", "tribute__attribute_range": "7"},
    )
    assert response.status_code == 422
    assert not Campaign.objects.filter(name="Odd").exists()


def test_a_sheet_outside_the_range_is_refused_and_nothing_changes(client, narrow, gm):
    """The campaign's GM here is `player`; `gm` joins it as a player and writes a sheet."""
    Membership.objects.create(campaign=narrow, user=gm)
    client.force_login(gm)
    url = reverse("character_new", args=[narrow.pk])
    bad = client.post(url, {"name": "Brute", "attribute__Might": "6", **rows("effects", []), "notes": ""})
    assert bad.status_code == 422
    assert "5" in bad.content.decode()
    assert not Character.objects.filter(name="Brute").exists()
    good = client.post(url, {"name": "Brute", "attribute__Might": "5", **rows("effects", []), "notes": ""})
    assert good.status_code == 302
    assert Character.objects.get(name="Brute").sheet["attributes"]["Might"] == 5


def test_the_rules_refuse_a_sheet_outside_the_range_with_the_campaigns_words(narrow, gm):
    with pytest.raises(Exception, match="Might's rank is between -5 and 5 in this campaign"):
        narrow.rules_system.validate_sheet({"attributes": {"Might": 6}}, narrow.settings)


def test_an_npc_outside_the_range_is_refused(player_client, narrow, gm):
    Membership.objects.create(campaign=narrow, user=gm)
    hero = _hero(narrow, gm)
    response = post_opposed(player_client, narrow, hero, htmx=True, opponent_rank="9")
    assert response.status_code == 422
    assert "from -5 to 5" in response.content.decode()
    assert not RollCall.objects.exists()


def test_the_range_reading_is_published(player_client):
    page = player_client.get(reverse("rules")).content.decode()
    assert "The effective range of attribute ranks" in page
