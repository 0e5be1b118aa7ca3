"""d100 rules at the table, each a row of docs/d100-rules.md: time taken, special skills
and Fortune in opposed tests, synergy on the GM's forms, the assistant's skill in any case, the GM's
Misfortune for NPCs, Peril at the table, and the recovery buttons."""

import pytest
from django.urls import reverse

from campaigns.models import LedgerEntry, Roll, RollCall
from campaigns.systems.d100 import actions as d100
from campaigns.systems.d100.tests.conftest import d100_character, post_opposed, secret_test_form, test_form
from campaigns.table import actions
from tests.factories import post_step, table_and_panel

pytestmark = pytest.mark.django_db


@pytest.fixture
def ulf(surgeon):
    return surgeon


@pytest.fixture
def orc(table, gm):
    """An NPC: a character the GM owns."""
    return d100_character(table, gm, "Orc", [{"name": "Stealth", "attribute": "Agility", "ranks": 0}])


def _test(client, campaign, character, **changes):
    return post_step(client, "d100_test", campaign, test_form(character, **changes), htmx=True)


# 22: an untrained special skill flips to fail in an opposed test too.


def test_an_untrained_special_skill_flips_to_fail_in_an_opposed_test(
    gm_client, player_client, table, ulf, ida, script_dice
):
    # Ulf's Surgery (special, 0 ranks) at 45 rolls 19: flipped to fail, 91, a failure (unflipped: 5 degrees, a win).
    # Ida's Stealth at 65 rolls 05: a success, 0 + 4 degrees.
    script_dice(2, 10, 1, 6)
    assert post_opposed(gm_client, table, ulf, ida, first_skill="Surgery").status_code == 200
    roll = Roll.objects.get(kind="d100_opposed")
    first, second = roll.outcome["outcomes"]
    assert (first["value"], first["success"], first["result"]) == (91, False, "Failure")
    assert (second["value"], second["degrees"]) == (5, 4)
    assert roll.outcome["winner"] == "Ida"
    page = table_and_panel(player_client, table)
    # The dice as chips: 19 as rolled, replaced by 91, the reading that stands; the outcomes as badges.
    assert '<span class="die die-replaced" title="as rolled">19' in page
    assert 'title="the result that stands">91' in page
    assert '(flip to fail) — <strong class="outcome outcome-fail">Failure</strong>' in page
    assert '<strong class="outcome outcome-ok">Ida wins.</strong>' in page


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
        page = table_and_panel(client, table)
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
    assert "They take hasty (a step harder)" in table_and_panel(gm_client, table)  # the GM setting it knows
    script_dice(3, 1)  # 20 against 55 - 20 (Hard) - 10 (hasty: Arduous) = 25: a success
    gm_client.post(reverse("d100_difficulty", args=[table.pk, call.pk]), {"difficulty": "hard"})
    roll = Roll.objects.get()
    assert (roll.outcome["chance"], roll.outcome["success"]) == (25, True)
    assert "Hard → Arduous: 25%" in table_and_panel(gm_client, table)
    page = table_and_panel(player_client, table)
    assert "base 55 · hasty (a step harder)" in page  # the player's own choice, on the card
    assert "→ Arduous" not in page
    assert "25%" not in page


def test_the_gms_secret_and_opposed_tests_take_time_and_synergy(gm_client, table, ulf, ida, script_dice):
    script_dice(5, 5)
    data = secret_test_form(ulf, time="triple", synergy="on", label="")
    assert post_step(gm_client, "d100_secret_test", table, data, htmx=True).status_code == 200
    secret = Roll.objects.get()
    assert (secret.request["side"]["base"], secret.outcome["chance"]) == (65, 55)  # 45 + 10 + 10, Challenging
    script_dice(5, 5, 5, 5)
    response = post_opposed(gm_client, table, ulf, ida, first_time="hasty", second_time="triple", second_synergy="on")
    assert response.status_code == 200
    opposed = Roll.objects.get(kind="d100_opposed")
    assert [o["chance"] for o in opposed.outcome["outcomes"]] == [45, 85]  # 55 - 10; 65 + 10 synergy + 10
    page = table_and_panel(gm_client, table)
    assert "Standard → Challenging: 45%" in page
    assert "skill synergy" in page


def test_a_time_that_is_not_offered_is_refused(player_client, gm_client, table, ulf, ida):
    refused = _test(player_client, table, ulf, time="forever")
    assert refused.status_code == 422
    assert "hasty, normal or triple time" in refused.content.decode()
    refused = post_opposed(gm_client, table, ulf, ida, first_time="forever")
    assert refused.status_code == 422
    assert "hasty, normal or triple time" in refused.content.decode()
    assert not Roll.objects.exists()


# 10: synergy at the table, shown on the card for the GM to see it was claimed.


def test_skill_synergy_adds_ten_and_shows_on_the_card(player_client, gm_client, table, ulf, script_dice):
    script_dice(7, 2)  # 61 against 55 + 10
    _test(player_client, table, ulf, synergy="on")
    roll = Roll.objects.get()
    assert (roll.request["side"]["base"], roll.outcome["success"]) == (65, True)
    assert "skill synergy (+10)" in table_and_panel(gm_client, table)


# 26/29 on opposed tests: a failed side re-rolls with Fortune, and the winner is settled again.


def _options(client, roll) -> str:
    return client.get(reverse("d100_fortune_options", args=[roll.campaign_id, roll.pk])).content.decode()


def _side_reroll(client, roll, side):
    return client.post(reverse("d100_opposed_reroll", args=[roll.campaign_id, roll.pk, side]), HTTP_HX_REQUEST="true")


def test_a_failed_side_of_an_opposed_test_rerolls_with_fortune(
    gm_client, player_client, other_client, table, ulf, ida, gm, script_dice
):
    actions.start_session(table, gm, refill=3)
    script_dice(8, 3, 3, 5)  # Ulf 72 against 55: a failure; Ida 24 against 65: 2 + 4 degrees
    post_opposed(gm_client, table, ulf, ida)
    first = Roll.objects.get()
    assert first.outcome["winner"] == "Ida"
    assert "Re-roll Ulf's side (1 Fortune)" in _options(player_client, first)
    assert "Re-roll" not in _options(other_client, first)  # Ida did not fail, and Ulf is not hers
    assert "Fortune on this test" in table_and_panel(player_client, table)
    refused = _side_reroll(other_client, first, 0)
    assert refused.status_code == 422
    assert "Only that side&#x27;s player re-rolls it." in refused.content.decode()
    script_dice(2, 2)  # Ulf's re-roll: 11, a critical success, which wins
    assert _side_reroll(player_client, first, 0).status_code == 200
    again = Roll.objects.exclude(pk=first.pk).get()
    assert (again.request["reroll_of"], again.outcome["winner"]) == (first.pk, "Ulf")
    assert again.outcome["outcomes"][1] == first.outcome["outcomes"][1]  # Ida's side stands
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 2, "misfortune": 1}
    assert '<strong class="outcome outcome-ok">Ulf wins.</strong>' in table_and_panel(other_client, table)
    twice = _side_reroll(player_client, first, 0)
    assert twice.status_code == 422
    assert "already re-rolled" in twice.content.decode()
    assert Roll.objects.count() == 2


def test_a_critically_failed_side_costs_two(gm_client, player_client, table, ulf, ida, gm, script_dice):
    actions.start_session(table, gm, refill=1)
    script_dice(7, 7, 3, 5)  # Ulf 66: a critical failure
    post_opposed(gm_client, table, ulf, ida)
    first = Roll.objects.get()
    refused = _side_reroll(player_client, first, 0)
    assert "The Fortune pool has 1; that needs 2." in refused.content.decode()
    assert Roll.objects.count() == 1
    assert _side_reroll(player_client, first, 7).status_code == 422  # no such side: a message, not a 500


# 31: the GM's Misfortune acts for NPCs (characters the GM owns, and the GM's own dice).


def test_the_gm_rerolls_an_npcs_secret_test_with_misfortune(gm_client, player_client, table, orc, gm, script_dice):
    d100.change_pools(table, actor=gm, reason="spent earlier", misfortune=2)
    script_dice(8, 3)  # the Orc's 72 against 45: a failure
    post_step(gm_client, "d100_secret_test", table, secret_test_form(orc, difficulty="standard"))
    secret = Roll.objects.get()
    assert "Misfortune on this test" in table_and_panel(gm_client, table)
    assert "Re-roll (1 Misfortune)" in _options(gm_client, secret)
    script_dice(3, 5)  # 24: a success
    gm_client.post(reverse("d100_reroll", args=[table.pk, secret.pk]))
    again = Roll.objects.get(request__reroll_of=secret.pk)
    assert (again.visibility, again.outcome["success"]) == (Roll.Visibility.GM, True)  # still the GM's alone
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 0, "misfortune": 1}
    assert LedgerEntry.objects.filter(balance__kind="misfortune", delta=-1, roll=again).exists()
    page = table_and_panel(player_client, table)
    assert "Misfortune pool: 1" not in page
    assert f'data-roll-id="{again.pk}"' not in page


def test_the_gm_turns_a_chaos_die_into_a_six_with_misfortune(gm_client, player_client, table, gm, script_dice):
    script_dice(3)
    gm_client.post(reverse("d100_gm_die", args=[table.pk]), {"die": "chaos"})
    die = Roll.objects.get()
    assert "Treat as a 6" not in _options(gm_client, die)  # the Misfortune pool is empty
    empty = gm_client.post(reverse("d100_six", args=[table.pk, die.pk]), HTTP_HX_REQUEST="true")
    assert "The Misfortune pool has 0; that needs 1." in empty.content.decode()
    d100.change_pools(table, actor=gm, reason="spent earlier", misfortune=3)
    assert "Treat as a 6 (1 Misfortune)" in _options(gm_client, die)
    assert "Treat as a 6" not in _options(player_client, die)
    assert player_client.post(reverse("d100_six", args=[table.pk, die.pk]), HTTP_HX_REQUEST="true").status_code == 422
    gm_client.post(reverse("d100_six", args=[table.pk, die.pk]))
    six = Roll.objects.get(request__six_of=die.pk)
    assert six.outcome == {"faces": [6], "total": 6}
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 0, "misfortune": 2}
    page = table_and_panel(player_client, table)
    assert "Something terrible happens." in page
    assert "Misfortune pool: 2" not in page


def test_the_gm_rerolls_an_npcs_side_with_misfortune(gm_client, player_client, table, orc, ulf, gm, script_dice):
    d100.change_pools(table, actor=gm, reason="spent earlier", misfortune=1)
    script_dice(8, 3, 3, 5)  # the Orc 72 against 45: a failure; Ulf 24 against 55
    post_opposed(gm_client, table, orc, ulf)
    first = Roll.objects.get()
    assert "Re-roll Orc's side (1 Misfortune)" in _options(gm_client, first)
    assert "Re-roll" not in _options(player_client, first)
    script_dice(2, 2)  # 11
    _side_reroll(gm_client, first, 0)
    assert Roll.objects.get(request__reroll_of=first.pk).outcome["winner"] == "Orc"
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 0, "misfortune": 0}


# 3: Peril at the table; 14: one assist die; 28: a Chaos die as a 6; 29: a paid 2-point re-roll.


def test_peril_ignores_skill_ranks_at_the_table(player_client, table, player, script_dice):
    # Peril step 3 ("Ignore 2 skill ranks"): Stealth's 3 ranks count as 1, so 45 + 10 = 55, not 75.
    hurt = d100_character(table, player, "Hurt", [{"name": "Stealth", "attribute": "Agility", "ranks": 3}], peril=3)
    script_dice(7, 2)  # 61: a failure at 55 (a success at 75)
    _test(player_client, table, hurt)
    roll = Roll.objects.get()
    assert (roll.outcome["chance"], roll.outcome["success"]) == (55, False)
    assert "Stealth (Agility 45, 1 rank)" in table_and_panel(player_client, table)


def test_only_one_assist_die_is_gained(player_client, table, ulf, ida, other_player, script_dice):
    eve = d100_character(table, other_player, "Eve", [{"name": "Stealth", "attribute": "Agility", "ranks": 1}])
    script_dice(8, 3, 3, 4)  # 72, one assist die (2): a fourth die would be a second assist
    post_step(player_client, "d100_test", table, test_form(ulf, assistant=[ida.pk, eve.pk]))
    roll = Roll.objects.get()
    assert (roll.outcome["assist"], roll.outcome["value"]) == (2, 22)  # one assist die, whoever is named
    assert roll.request["assisted_by"] in ("Ida", "Eve")


def test_fortune_turns_a_chaos_die_into_a_six(player_client, other_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=2)
    script_dice(3)
    player_client.post(reverse("d100_die", args=[table.pk]), {"character": ulf.pk, "die": "chaos"})
    die = Roll.objects.get()
    assert "Something terrible happens." not in table_and_panel(other_client, table)
    player_client.post(reverse("d100_six", args=[table.pk, die.pk]))
    six = Roll.objects.get(request__six_of=die.pk)
    assert six.outcome == {"faces": [6], "total": 6}  # a Chaos die does not roll on
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 1, "misfortune": 1}
    assert "Something terrible happens." in table_and_panel(other_client, table)


def test_a_critical_failure_rerolled_for_two_fortune(player_client, table, ulf, gm, script_dice):
    actions.start_session(table, gm, refill=3)
    script_dice(7, 7)  # 66 against 55: a critical failure
    _test(player_client, table, ulf)
    first = Roll.objects.get()
    assert "Re-roll (2 Fortune)" in _options(player_client, first)
    script_dice(3, 5)  # 24: the new result stands
    player_client.post(reverse("d100_reroll", args=[table.pk, first.pk]))
    again = Roll.objects.get(request__reroll_of=first.pk)
    assert again.outcome["success"] is True
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 1, "misfortune": 2}
    assert LedgerEntry.objects.filter(
        balance__kind="fortune", delta=-2, reason="Re-roll a critically failed test", roll=again
    ).exists()


# 32, 33, 35, 36: the GM's recovery buttons add one point each.


@pytest.mark.parametrize("event", ["social", "resolve", "alignment", "shrine"])
def test_each_recovery_occasion_adds_one_fortune(gm_client, player_client, table, ulf, event):
    reason = d100.RECOVERY[event][0]
    assert reason in table_and_panel(gm_client, table)
    assert player_client.post(reverse("d100_recover", args=[table.pk]), {"event": event}).status_code == 404
    assert gm_client.post(reverse("d100_recover", args=[table.pk]), {"event": event}).status_code == 302
    assert {k: r.value for k, r in d100.pools(table).items()} == {"fortune": 1, "misfortune": 0}
    assert LedgerEntry.objects.get(balance__kind="fortune").reason == reason
    refused = gm_client.post(reverse("d100_recover", args=[table.pk]), {"event": "luck"}, HTTP_HX_REQUEST="true")
    assert "Unknown recovery event." in refused.content.decode()
    assert d100.pools(table)["fortune"].value == 1
