"""Centaurus Gate at the table: the Exec's secret difficulty, the player's risk
roll with Wrench uses, the Exec's Hammer, and the Crisis Clock ledger."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from campaigns.models import Balance, LedgerEntry, Membership, Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import ClockChange, change_clock, crisis_clock, sync_clock_to_roles
from campaigns.systems.cgg.tests.fixtures import call_form, exec_call, exec_odds, new_explorer, table_log, wrench
from campaigns.table import actions
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet
from rules.cgg.venture import Hammer, Wrench

pytestmark = pytest.mark.django_db
# Marker values no player page may show: the risk bonus makes the target 10 + 23 + raise.
RISK_BONUS = 23


@pytest.fixture
def explorer(cgg_campaign, player):
    blaster = [{"name": "Blaster", "mastery": 2}]
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "3d+1"}, abilities=blaster)


def call(campaign, explorer, **difficulty):
    spec = {"base_dice": 5, "success_dice": 0, "risk_bonus": RISK_BONUS} | difficulty
    return cgg.call_for_action(
        campaign, character=explorer, attribute="dexterity", difficulty=Difficulty(**spec), label="Jump the gap"
    )


def test_the_exec_calls_with_a_secret_difficulty(gm_client, cgg_campaign, explorer):
    data = call_form(explorer, base_dice=6, label="Jump", adjustments=["rushed"], risk_bonus="2")
    response = gm_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), data)
    assert response.status_code == 302
    made = RollCall.objects.get()
    assert made.kind == "cgg"
    assert made.request["difficulty"] == {
        "base_dice": 6,
        "adjustments": ["rushed"],
        "risk": "base",
        "risk_bonus": 2,
        "contest": False,
    }


def test_a_contest_needs_the_opponents_code(gm_client, cgg_campaign, explorer):
    data = call_form(explorer, base_dice=4, mode="contest")
    response = gm_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "opponent" in response.content.decode()
    gm_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), data | {"opponent": "3d+2"})
    assert RollCall.objects.get().request["difficulty"]["base_dice"] == 4


def test_conflicting_adjustments_are_refused(gm_client, cgg_campaign, explorer):
    response = exec_call(gm_client, cgg_campaign, explorer, base_dice=6, adjustments=["rushed", "all_the_time"])
    assert response.status_code == 422
    assert not RollCall.objects.exists()


def test_only_the_exec_calls(player_client, cgg_campaign, explorer):
    response = player_client.post(reverse("cgg_call", args=[cgg_campaign.pk]), {"character": explorer.pk})
    assert response.status_code == 404


def test_exec_odds_preview_is_for_the_exec_only(gm_client, player_client, cgg_campaign, explorer):
    query = call_form(explorer)
    page = exec_odds(gm_client, cgg_campaign, explorer)
    assert "success <strong>49.00%</strong>" in page  # 2 difficulty dice: 0.7 squared
    assert "Chance of success 49.00%" in page  # the chart's words
    assert player_client.get(reverse("cgg_odds", args=[cgg_campaign.pk]), query).status_code == 404


def test_a_whole_action_with_wrench_and_hammer(
    player_client, gm_client, cgg_campaign, explorer, player, gm, script_dice
):
    made = call(cgg_campaign, explorer)
    # Risk 3d+1: 6, 6, 4 (two Venture, total 5); the Exec's 2 dice: 2, 8 (one Failure, raise 2).
    script_dice(6, 6, 4, 2, 8)
    assert player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk])).status_code == 302
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN

    player_page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "[6, 6, 4]" in player_page
    assert "2 Venture" in player_page
    assert "risk target" not in player_page
    assert "[2, 8]" not in player_page  # the Exec's dice

    response = player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {"uses": ["THAT_WAS_CLOSE"]})
    assert response.status_code == 302
    made.refresh_from_db()
    assert made.status == RollCall.Status.GM_TURN
    assert crisis_clock(explorer).hours == 11

    gm_page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "risk target 35" in gm_page
    assert (
        gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {"uses": ["CANT_DO_IT"]}).status_code
        == 302
    )

    roll = Roll.objects.get()
    assert roll.kind == "cgg"
    assert roll.author == player
    assert crisis_clock(explorer).hours == 12  # paid 1, then gained 1
    entries = list(LedgerEntry.objects.order_by("id").values_list("delta", "value_after", "reason"))
    assert entries == [(-1, 11, "Wrench: That was close!"), (1, 12, "Hammer: Can't do it!")]

    table_page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "Failed badly" in table_page  # one Failure + Can't do it!
    assert "risk not avoided" in table_page  # 5 + 5 against 35
    assert "That was close!" in table_page
    # The Exec's dice, drawn as chips on the Exec's log only: 2 a Failure, 8 none.
    exec_dice = ('<span class="die die-secret" title="Failure">2', '<span class="die die-dropped" title="no Failure">8')
    for secret in ("risk target", "[2, 8]", "base 5d", "die-secret", *exec_dice):
        assert secret not in table_page
    gm_log = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "risk target 35" in gm_log
    assert all(chip in gm_log for chip in exec_dice)
    # The player's dice: both sixes were Venture, one spent by the Wrench, one by the Hammer.
    assert '<span class="die die-wrench" title="Venture: Wrench">6' in table_page
    assert '<span class="die die-hammer" title="Venture: Hammer">6' in table_page
    assert '<strong class="outcome outcome-fail">Failed badly' in table_page


def test_no_venture_left_publishes_at_once(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(6, 3, 4, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {"uses": ["GOTTA_MAKE_IT"]})
    made.refresh_from_db()
    assert made.status == RollCall.Status.ANSWERED
    assert Roll.objects.get().outcome["wrench"] == ["GOTTA_MAKE_IT"]


def test_a_stunt_pays_an_hour_and_moves_dice(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(5, 9)  # risk 3d+1 less 2 moved: one die; difficulty 5 - (3 + 1 + 2) = 0 dice... plus none
    response = player_client.post(
        reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]), {"mastery": "2", "moved": "2", "extra": "0"}
    )
    assert response.status_code == 302
    made.refresh_from_db()
    assert made.state["risk_code"] == "1d+1"
    assert made.state["success_dice"] == 6
    assert made.state["exec_faces"] == []
    assert crisis_clock(explorer).hours == 11


def test_wrench_beyond_the_clock_is_refused_and_changes_nothing(
    player_client, cgg_campaign, explorer, player, script_dice
):
    change_clock(explorer, ClockChange(pay=11), actor=player, reason="setup")
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 1, 2, 2)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    response = wrench(player_client, made, uses=["TIME_TO_GET_SERIOUS"])
    assert response.status_code == 422
    assert "only 1 hour left" in response.content.decode()
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN
    assert crisis_clock(explorer).hours == 1


def test_wrench_uses_the_clock_cannot_pay_are_not_offered(player_client, cgg_campaign, explorer, player, script_dice):
    # A Venture spend that would be refused is not offered; the server still refuses it.
    change_clock(explorer, ClockChange(pay=11), actor=player, reason="setup")  # 1 hour left
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 1, 2, 2)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    card = table_log(player_client, cgg_campaign)
    assert 'value="THAT_WAS_CLOSE"' in card  # 1 hour: offered
    assert 'value="TIME_TO_GET_SERIOUS"' not in card  # 2 hours: the clock has 1
    assert "Uses that cost more hours than your clock has left are not offered" in card


def test_a_second_wrench_of_a_type_is_refused(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 6, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    response = wrench(player_client, made, uses=["GOTTA_MAKE_IT", "GOTTA_MAKE_IT"])
    assert response.status_code == 422
    assert crisis_clock(explorer).hours == 12


def test_hammer_before_the_player_is_done_is_refused(gm_client, cgg_campaign, explorer, script_dice, player_client):
    made = call(cgg_campaign, explorer)
    response = gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "waiting for the player" in response.content.decode()
    script_dice(6, 1, 1, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    response = gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {}, HTTP_HX_REQUEST="true")
    assert "Wrench uses" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_call_is_rolled_once(player_client, cgg_campaign, explorer, script_dice):
    made = call(cgg_campaign, explorer)
    script_dice(1, 1, 1, 9, 9, 2, 2, 2, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    again = player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]), HTTP_HX_REQUEST="true")
    assert again.status_code == 422
    made.refresh_from_db()
    assert made.state["risk_faces"] == [1, 1, 1]


def test_another_player_cannot_act_on_the_explorer(other_client, other_player, cgg_campaign, explorer):
    Membership.objects.create(campaign=cgg_campaign, user=other_player)
    made = call(cgg_campaign, explorer)
    for step in ("cgg_roll", "cgg_wrench"):
        assert other_client.post(reverse(step, args=[cgg_campaign.pk, made.pk])).status_code == 404
    with pytest.raises(actions.ActionError):
        cgg.roll_for_call(made.pk, other_player, None)


def test_a_stunt_the_clock_cannot_pay_is_not_offered(player_client, cgg_campaign, explorer, player):
    change_clock(explorer, ClockChange(pay=10), actor=player, reason="setup")  # 2 hours left
    call(cgg_campaign, explorer)
    card = table_log(player_client, cgg_campaign)
    assert 'name="extra" type="number" min="0" max="1"' in card  # a stunt's hour and one extra die: all 2 hours
    change_clock(explorer, ClockChange(pay=2), actor=player, reason="setup")  # a crisis
    card = table_log(player_client, cgg_campaign)
    assert 'name="mastery"' not in card
    assert "In crisis, no hours can be paid: no stunt." in card


def test_crisis_and_its_resolution(gm_client, player_client, cgg_campaign, explorer, player, script_dice):
    change_clock(explorer, ClockChange(pay=12), actor=player, reason="Wrench")
    assert crisis_clock(explorer).in_crisis
    assert "in crisis" in table_log(player_client, cgg_campaign)
    made = call(cgg_campaign, explorer)
    script_dice(6, 2, 2, 9, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    response = wrench(player_client, made, uses=["THAT_WAS_CLOSE"])
    assert "in crisis" in response.content.decode()
    script_dice(5)
    gm_client.post(reverse("cgg_resolve_crisis", args=[cgg_campaign.pk, explorer.pk]), {"critical": "1"})
    clock = crisis_clock(explorer)
    assert (clock.hours, clock.critical_count, clock.in_crisis) == (8, 1, False)
    assert player_client.post(reverse("cgg_resolve_crisis", args=[cgg_campaign.pk, explorer.pk])).status_code == 404


def test_the_exec_adjusts_a_clock_with_a_reason(gm_client, cgg_campaign, explorer):
    gm_client.post(
        reverse("cgg_clock", args=[cgg_campaign.pk, explorer.pk]), {"direction": "pay", "hours": "3", "reason": "Idle"}
    )
    assert crisis_clock(explorer).hours == 9
    assert LedgerEntry.objects.get().reason == "Idle"
    response = gm_client.post(
        reverse("cgg_clock", args=[cgg_campaign.pk, explorer.pk]),
        {"direction": "pay", "hours": "12", "reason": "Too much"},
        follow=True,
    )
    assert "only 9 hours left" in response.content.decode()
    assert crisis_clock(explorer).hours == 9


def test_reading_the_clocks_writes_nothing(gm_client, player_client, cgg_campaign, explorer):
    """The table page showed the clocks by making their rows; a read now writes nothing."""
    made = call(cgg_campaign, explorer)
    for client in (gm_client, player_client):
        assert client.get(reverse("table", args=[cgg_campaign.pk]) + "?tab=panel").status_code == 200
    assert "12/12 hours" in table_log(player_client, cgg_campaign)
    assert crisis_clock(explorer).hours == 12
    assert made.status == RollCall.Status.PENDING  # the card with its clock was on the player's page
    assert Balance.objects.count() == 0


def test_two_roles_make_a_nine_hour_clock(cgg_campaign, explorer, player):
    assert crisis_clock(explorer).hours == 12
    assert Balance.objects.count() == 0  # a clock nobody has written yet
    explorer.sheet = explorer.sheet | {"roles": ["Pilot", "Engineer"]}
    explorer.save()
    clock = sync_clock_to_roles(explorer, actor=player)
    assert (clock.hours, clock.maximum) == (9, 9)
    assert Balance.objects.get(character=explorer, kind="crisis_clock").maximum == 9
    assert LedgerEntry.objects.get().delta == -3  # against the full 12-hour clock the table saw


def test_one_role_less_keeps_the_hours_the_table_saw(cgg_campaign, player):
    """A never-written 9-hour clock (two roles) becomes a 12-hour clock with 9 hours, as a written
    one does: the roles change does not fill it."""
    sheet = default_sheet() | {"roles": ["Pilot", "Engineer"]}
    explorer = Character.objects.create(campaign=cgg_campaign, owner=player, name="Dax", sheet=sheet)
    assert crisis_clock(explorer).hours == 9
    explorer.sheet = explorer.sheet | {"roles": ["Pilot"]}
    explorer.save()
    clock = sync_clock_to_roles(explorer, actor=player)
    assert (clock.hours, clock.maximum) == (9, 12)
    assert crisis_clock(explorer).hours == 9
    assert not LedgerEntry.objects.exists()


def test_the_database_refuses_a_negative_clock(cgg_campaign, explorer, player):
    change_clock(explorer, ClockChange(pay=1), actor=player, reason="setup")  # its first write makes its rows
    with pytest.raises(IntegrityError), transaction.atomic():
        Balance.objects.filter(character=explorer, kind="crisis_clock").update(value=-1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Balance.objects.filter(character=explorer, kind="crisis_clock").update(value=13)


def test_use_labels_match_the_seed():
    assert Wrench.THAT_WAS_CLOSE.label == "That was close!"
    assert Hammer.DIDNT_SEE_THAT.hours == 3


def test_wrench_and_hammer_uses_without_their_subject_are_not_offered_and_refused(
    player_client, gm_client, cgg_campaign, explorer, script_dice
):
    """Play-test: Ivo, with no conditions, paid 2 hours for "It's not as bad as I
    thought"; the Hammer offered "What? Why now!?" for an explorer with no gear."""
    assert (explorer.sheet["conditions"], explorer.sheet["gear"]) == ([], [])
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 4, 2, 8)  # two Venture
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    card = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert 'value="THAT_WAS_CLOSE"' in card
    assert 'value="NOT_AS_BAD"' not in card
    url = reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk])
    response = player_client.post(url, {"uses": ["NOT_AS_BAD"]}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Mara Vell has no impairment condition to remove" in response.content.decode()
    assert crisis_clock(explorer).hours == 12
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN

    player_client.post(url, {"uses": []})  # the Exec has two Venture left
    gm_page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert 'value="CANT_DO_IT"' in gm_page
    assert 'value="WHY_NOW"' not in gm_page
    assert "(gains 0: the clock is full)" in gm_page  # 12 of 12 hours: no hours to gain
    url = reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk])
    response = gm_client.post(url, {"uses": ["WHY_NOW"]}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Mara Vell has no notable gear to disable" in response.content.decode()
    assert not Roll.objects.exists()


def test_the_uses_with_a_subject_are_offered(player_client, gm_client, cgg_campaign, explorer, player, script_dice):
    explorer.sheet |= {"conditions": ["Crippling Wound"], "gear": ["Blaster"]}
    explorer.save()
    change_clock(explorer, ClockChange(pay=3), actor=player, reason="setup")  # 9 of 12
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 4, 2, 8)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    assert 'value="NOT_AS_BAD"' in player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {"uses": ["NOT_AS_BAD"]})
    assert crisis_clock(explorer).hours == 7
    gm_page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert 'value="WHY_NOW"' in gm_page
    assert "(gains 3)" in gm_page  # 7 of 12 hours: each gains its full hours
    assert "(gains 2)" in gm_page


def test_the_hammer_in_a_crisis_says_it_gains_no_hours(
    gm_client, player_client, cgg_campaign, explorer, player, script_dice
):
    change_clock(explorer, ClockChange(pay=12), actor=player, reason="setup")
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 4, 2, 8)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), {"uses": []})
    gm_page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert 'value="CANT_DO_IT"' in gm_page
    assert "(gains 0: in crisis)" in gm_page
    assert "(gains 1)" not in gm_page


def test_a_plain_post_tells_the_clock_of_an_explorer_whose_name_has_braces(gm_client, cgg_campaign, player):
    """The message was a format string with the name in it: "{" in a name was a server error."""
    name = "Rex {the Bold}"
    explorer = Character.objects.create(campaign=cgg_campaign, owner=player, name=name, sheet=default_sheet())
    response = gm_client.post(
        reverse("cgg_clock", args=[cgg_campaign.pk, explorer.pk]),
        {"direction": "pay", "hours": "3", "reason": "Idle"},
        follow=True,
    )
    assert "Rex {the Bold}&#x27;s clock: 9 hours." in response.content.decode()
    change_clock(explorer, ClockChange(pay=9), actor=player, reason="Wrench")
    response = gm_client.post(reverse("cgg_resolve_crisis", args=[cgg_campaign.pk, explorer.pk]), follow=True)
    assert "Rex {the Bold}&#x27;s crisis is over:" in response.content.decode()


def test_every_card_adds_up_the_risk_total_as_the_log_does(
    player_client, gm_client, cgg_campaign, explorer, script_dice
):
    """[6, 5, 1, 6, 6] with "Alright, time to get serious" (a 3 added) and "That was close!" (+5) is 14:
    the player's card, the Exec's card and the log row each show the added die and the +5."""
    explorer.sheet = explorer.sheet | {"attributes": explorer.sheet["attributes"] | {"dexterity": "5d"}}
    explorer.save()
    made = call(cgg_campaign, explorer, base_dice=7)
    script_dice(6, 5, 1, 6, 6, 9, 9)  # the risk dice (three Venture), the Exec's two dice (7 - 5)
    assert player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk])).status_code == 302
    script_dice(3)  # the added die
    uses = {"uses": ["TIME_TO_GET_SERIOUS", "THAT_WAS_CLOSE"]}
    assert player_client.post(reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk]), uses).status_code == 302
    made.refresh_from_db()
    assert made.status == RollCall.Status.GM_TURN  # one Venture left for the Hammer
    table = reverse("table", args=[cgg_campaign.pk])
    total = "[6, 5, 1, 6, 6] + [3] + 5 (That was close!) = <strong>14</strong> (Venture dice 6, 6, 6 not counted)"
    assert f"You rolled {total} · Wrench" in player_client.get(table).content.decode()  # one line
    assert f"Risk {total}" in gm_client.get(table).content.decode()
    assert gm_client.post(reverse("cgg_hammer", args=[cgg_campaign.pk, made.pk]), {}).status_code == 302
    row = player_client.get(table).content.decode()
    assert '+ 5 (That was close!)\n  = <strong class="total">14</strong>' in row


def test_a_stunts_moved_dice_are_named_in_the_roll(player_client, cgg_campaign, explorer, script_dice):
    # The table read "Strength 1d+1" for a 3d+1 explorer: the dice a stunt moves to success were nowhere said.
    made = call(cgg_campaign, explorer)
    script_dice(5, 9)
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]), {"mastery": "2", "moved": "2"})
    made.refresh_from_db()
    assert made.state["tension"] == ["-2d stunt"]
    table_page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "3d+1 -2d stunt = risk 1d+1" in table_page


def test_use_the_wrench_asks_for_a_tick_and_no_wrench_goes_on(player_client, cgg_campaign, explorer, script_dice):
    """With Venture the card offers "Use the Wrench" and "No Wrench": the first with nothing ticked is refused
    (it used none, quietly), and changes nothing; "No Wrench" hands the Venture on even with a box ticked."""
    made = call(cgg_campaign, explorer)
    script_dice(6, 6, 4, 2, 8)  # two Venture
    player_client.post(reverse("cgg_roll", args=[cgg_campaign.pk, made.pk]))
    card = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert '<button type="submit" name="done" value="use">Use the Wrench</button>' in card
    assert 'name="done" value="none" class="secondary">No Wrench</button>' in card
    url = reverse("cgg_wrench", args=[cgg_campaign.pk, made.pk])
    refused = player_client.post(url, {"done": "use"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert "Tick a Wrench use first, or choose “No Wrench”." in refused.content.decode()
    made.refresh_from_db()
    assert made.status == RollCall.Status.PLAYER_TURN
    assert crisis_clock(explorer).hours == 12
    player_client.post(url, {"done": "none", "uses": ["THAT_WAS_CLOSE"]}, HTTP_HX_REQUEST="true")
    made.refresh_from_db()
    assert made.status == RollCall.Status.GM_TURN
    assert crisis_clock(explorer).hours == 12  # no hour paid
