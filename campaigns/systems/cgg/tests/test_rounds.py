"""Turn order in tension mode at the table (campaigns/systems/cgg/rounds.py; seed: "Tension
Mode", steps 1-4): the Edge holder's player chooses who goes first, the actor's player passes
the focus, helpers roll -1d, and the whole table sees whose turn it is."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.tests.fixtures import exec_call, table_page

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seat_other_player")]


def tension(client, campaign, **data):
    return client.post(reverse("cgg_tension", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def turn(client, campaign, op, explorer):
    return client.post(
        reverse("cgg_turn", args=[campaign.pk]), {"op": op, "explorer": explorer.pk}, HTTP_HX_REQUEST="true"
    )


def call(gm_client, campaign, explorer, helper=None):
    """The Exec's call; `helper` is the assisting explorer (their Strength combines into the action)."""
    assist = {} if helper is None else {"assist": helper.pk, "assist_attribute": "strength"}
    return exec_call(gm_client, campaign, explorer, base_dice=8, **assist)


def roll(client, campaign, explorer):
    made = RollCall.objects.filter(character=explorer, status=RollCall.Status.PENDING).get()
    assert client.post(reverse("cgg_roll", args=[campaign.pk, made.pk])).status_code == 302
    made.refresh_from_db()
    return made


def turns(campaign):
    return TensionScene.objects.get(campaign=campaign).state["turns"]


@pytest.fixture
def started(gm_client, cgg_campaign, mara, jon):
    """Tension mode on, Mara has the Edge."""
    assert tension(gm_client, cgg_campaign, op="start", bleakness="bad", explorer=mara.pk).status_code == 200
    return cgg_campaign


def test_a_round_the_edge_player_starts_the_actors_pass_and_the_exec_spins(
    gm_client, player_client, other_client, started, mara, jon
):
    campaign = started
    assert "Mara Vell's player chooses who goes first" in table_page(other_client, campaign)

    refused = turn(other_client, campaign, "first", jon)  # Jon's player has no Edge
    assert refused.status_code == 422
    assert "has the Edge chooses" in refused.content.decode()
    assert turns(campaign)["first"] is None

    assert turn(player_client, campaign, "first", jon).status_code == 200  # the Edge player's choice
    assert turns(campaign)["focus"] == jon.pk
    assert "focus on <strong>Jon Ash</strong> (to act)" in table_page(other_client, campaign)
    assert "focus on <strong>Jon Ash</strong> (to act)" in table_page(gm_client, campaign)

    assert call(gm_client, campaign, jon, helper=mara).status_code == 200  # Mara helps Jon
    roll(other_client, campaign, jon)
    assert turns(campaign)["acted"] == [jon.pk]
    assert "<strong>Jon Ash</strong> (acted: passes the focus)" in table_page(player_client, campaign)
    assert "Mara Vell helped Jon Ash" in table_page(player_client, campaign)
    assert "Helped by Mara Vell." in table_page(other_client, campaign)  # on Jon's card

    refused = turn(player_client, campaign, "pass", mara)  # Mara's player does not hold the focus
    assert refused.status_code == 422
    assert turns(campaign)["focus"] == jon.pk
    refused = turn(other_client, campaign, "pass", jon)
    assert "has not acted" in refused.content.decode()
    assert turn(other_client, campaign, "pass", mara).status_code == 200
    assert turns(campaign)["focus"] == mara.pk

    call(gm_client, campaign, mara)
    made = roll(player_client, campaign, mara)
    assert made.state["risk_code"] == "3d+1"  # 4d+1, -1d: Mara helped this round
    assert made.state["success_dice"] == 4
    assert "-1d helped this round" in table_page(player_client, campaign)
    assert "everyone has acted — the Exec spins the world" in table_page(other_client, campaign)
    assert "everyone has acted — the Exec spins the world" in table_page(gm_client, campaign)

    tension(gm_client, campaign, op="round")
    assert turns(campaign) == {"first": None, "focus": None, "acted": [], "helps": [], "out_of_turn": []}
    assert "Mara Vell's player chooses who goes first" in table_page(other_client, campaign)


def test_help_follows_the_rules_and_a_refused_call_changes_nothing(gm_client, player_client, started, mara, jon):
    campaign = started
    turn(player_client, campaign, "first", jon)
    refused = call(gm_client, campaign, mara, helper=jon)
    assert refused.status_code == 422
    assert "helps no one" in refused.content.decode()  # the first explorer helps no one
    assert not RollCall.objects.exists()
    assert turns(campaign)["helps"] == []
    refused = call(gm_client, campaign, jon, helper=jon)
    assert "own action" in refused.content.decode()
    assert call(gm_client, campaign, jon, helper=mara).status_code == 200
    refused = call(gm_client, campaign, jon, helper=mara)  # a second help in the round
    assert "once in a round" in refused.content.decode()
    assert RollCall.objects.count() == 1


def test_an_assist_outside_tension_mode_is_only_its_code(gm_client, player_client, cgg_campaign, mara, jon):
    """No round to count help in: the assisting explorer's code combines, and no "Helped by"."""
    assert call(gm_client, cgg_campaign, jon, helper=mara).status_code == 200
    made = RollCall.objects.get()
    assert "helped_by" not in made.request
    assert made.request["assist"]["name"] == "Mara Vell"


def test_the_exec_calls_out_of_turn_and_the_table_sees_it(gm_client, player_client, other_client, started, mara, jon):
    campaign = started
    turn(gm_client, campaign, "first", jon)  # the Exec may choose for the Edge player
    call(gm_client, campaign, mara)
    roll(player_client, campaign, mara)
    assert turns(campaign)["acted"] == [mara.pk]
    assert turns(campaign)["focus"] == jon.pk  # the focus stays with Jon
    assert "Mara Vell (out of turn)" in table_page(other_client, campaign)


def test_idle_is_the_focus_holders_turn(gm_client, player_client, other_client, started, mara, jon):
    campaign = started
    turn(player_client, campaign, "first", mara)
    refused = turn(other_client, campaign, "idle", jon)
    assert "It is not Jon Ash&#x27;s turn: wait for the focus" in refused.content.decode()
    refused = turn(other_client, campaign, "idle", mara)
    assert "only for your own explorer" in refused.content.decode()
    assert turns(campaign)["acted"] == []
    assert turn(player_client, campaign, "idle", mara).status_code == 200
    assert turns(campaign)["acted"] == [mara.pk]
    assert "already acted" in turn(player_client, campaign, "idle", mara).content.decode()
    assert turn(gm_client, campaign, "idle", jon).status_code == 200  # the Exec may, out of turn
    assert turns(campaign)["out_of_turn"] == [jon.pk]


def test_idle_is_offered_only_to_the_focus_holders_player(gm_client, player_client, other_client, started, mara):
    # The other player saw "Idle! (Mara Vell takes no action this round)", and the click was refused.
    turn(player_client, started, "first", mara)
    assert "Idle! (Mara Vell takes no action" in forms(player_client, started)
    assert "Idle! (Mara Vell takes no action" in table_page(gm_client, started)
    assert "Idle! (Mara Vell takes no action" not in forms(other_client, started)


def test_ready_is_the_explorers_action(player_client, started, mara, jon):
    campaign = started
    turn(player_client, campaign, "first", mara)
    data = {"character": mara.pk, "diligence": "research", "ready": "1", "purpose": "Escape"}  # a goal
    response = player_client.post(reverse("cgg_diligence", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()
    assert turns(campaign)["acted"] == [mara.pk]


def test_ending_tension_clears_the_round(gm_client, player_client, started, mara, jon):
    campaign = started
    turn(player_client, campaign, "first", jon)
    call(gm_client, campaign, jon, helper=mara)
    tension(gm_client, campaign, op="end")
    assert turns(campaign) == {"first": None, "focus": None, "acted": [], "helps": [], "out_of_turn": []}
    tension(gm_client, campaign, op="start", bleakness="bad", explorer=mara.pk)
    assert turns(campaign)["first"] is None


def test_bad_turn_steps_say_why_and_change_nothing(player_client, outsider_client, started, mara, jon):
    campaign = started
    bad = player_client.post(
        reverse("cgg_turn", args=[campaign.pk]), {"op": "dance", "explorer": jon.pk}, HTTP_HX_REQUEST="true"
    )
    assert bad.status_code == 422
    assert "Unknown turn step" in bad.content.decode()
    bad = player_client.post(
        reverse("cgg_turn", args=[campaign.pk]), {"op": "first", "explorer": "x"}, HTTP_HX_REQUEST="true"
    )
    assert "Choose a seated explorer" in bad.content.decode()
    assert turns(campaign)["first"] is None
    assert turn(outsider_client, campaign, "first", jon).status_code == 404
    assert player_client.get(reverse("cgg_turn", args=[campaign.pk])).status_code == 405


def test_turn_steps_without_tension_mode_are_refused(player_client, cgg_campaign, mara):
    refused = turn(player_client, cgg_campaign, "first", mara)
    assert refused.status_code == 422
    assert "Tension mode is not on" in refused.content.decode()


def test_the_live_panel_shows_the_turn_to_the_table(
    player_client, started, mara, jon, layer, django_capture_on_commit_callbacks
):
    """The step sends the panel over the websocket once per audience (campaigns.table.live.send_panel)."""
    with django_capture_on_commit_callbacks(execute=True):
        turn(player_client, started, "first", jon)
    groups = {group for group, html in layer.sent if "focus on <strong>Jon Ash</strong>" in html}
    assert groups == {f"campaign-{started.pk}-table", f"campaign-{started.pk}-gm"}


def test_the_players_own_assisting_explorer_helps_in_the_round_too(
    gm_client, player_client, other_client, started, mara, jon
):
    """One field for help: an assisting explorer the player names when rolling combines into the
    code and, in tension mode, helps this round (their own roll later is -1d)."""
    campaign = started
    turn(player_client, campaign, "first", jon)
    call(gm_client, campaign, jon)
    made = RollCall.objects.get(character=jon)
    posted = {"helper": mara.pk, "helper_attribute": "strength"}
    assert other_client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]), posted).status_code == 302
    made.refresh_from_db()
    assert made.request["helped_by"] == ["Mara Vell"]
    assert turns(campaign)["helps"] == [[mara.pk, jon.pk]]
    assert "Helped by Mara Vell." in table_page(other_client, campaign)  # on Jon's card, waiting for his Wrench
    assert "Helped by Mara Vell." in table_page(gm_client, campaign)


def test_a_player_cannot_name_the_first_explorer_as_their_helper(
    gm_client, player_client, other_client, started, mara, jon
):
    campaign = started
    turn(player_client, campaign, "first", mara)
    call(gm_client, campaign, jon)
    made = RollCall.objects.get(character=jon)
    refused = other_client.post(
        reverse("cgg_roll", args=[campaign.pk, made.pk]),
        {"helper": mara.pk, "helper_attribute": "strength"},
        HTTP_HX_REQUEST="true",
    )
    assert "helps no one" in refused.content.decode()
    made.refresh_from_db()
    assert made.status == RollCall.Status.PENDING  # nothing rolled
    assert turns(campaign)["helps"] == []


# The Edge bonus is the Edge player's choice (seed: "Tension Mode" 1.1: "Player whose explorer has Edge:
# Selects an explorer (or their own) and an attribute to get a cumulative +1d bonus"): the Edge holder's
# player gives it from their turn forms, once a round; the Exec keeps the panel's form.


def bonus(client, campaign, explorer, attribute="dexterity"):
    data = {"explorer": getattr(explorer, "pk", explorer), "attribute": attribute}
    return client.post(reverse("cgg_edge_bonus", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def bonuses(campaign):
    return [(b["explorer"], b["attribute"]) for b in TensionScene.objects.get(campaign=campaign).state["bonuses"]]


def forms(client, campaign):
    return client.get(reverse("cgg_turn_forms", args=[campaign.pk])).content.decode()


def test_the_edge_player_gives_the_bonus_once_a_round(gm_client, player_client, other_client, started, mara, jon):
    campaign = started  # Mara has the Edge
    assert "Edge bonus (+1d, once a round)" in forms(player_client, campaign)
    assert "Edge bonus (+1d, once a round)" not in forms(other_client, campaign)
    assert "Edge bonus (+1d, once a round)" not in forms(gm_client, campaign)  # the Exec's form is the panel's
    assert "Edge bonus (+1d)</summary>" in table_page(gm_client, campaign)

    assert bonus(player_client, campaign, jon).status_code == 200
    assert bonuses(campaign) == [("Jon Ash", "dexterity")]
    assert "Edge bonuses: Jon Ash +1d Dexterity" in table_page(other_client, campaign)
    assert "Edge bonus (+1d, once a round)" not in forms(player_client, campaign)  # given: no form to be refused

    again = bonus(player_client, campaign, mara)
    assert again.status_code == 422
    assert "The Edge bonus for this round has been given." in again.content.decode()
    assert bonuses(campaign) == [("Jon Ash", "dexterity")]

    call(gm_client, campaign, jon)
    assert roll(other_client, campaign, jon).state["risk_code"] == "5d+1"  # 4d+1, +1d the Edge bonus

    tension(gm_client, campaign, op="round")
    assert "Edge bonus (+1d, once a round)" in forms(player_client, campaign)  # a new round: the form again
    assert bonus(player_client, campaign, mara, "strength").status_code == 200  # cumulative: a new round's
    assert bonuses(campaign) == [("Jon Ash", "dexterity"), ("Mara Vell", "strength")]
    tension(gm_client, campaign, op="round")
    assert bonus(player_client, campaign, jon).status_code == 200
    # One line per code, its dice added up, as the roll adds them (not "Jon Ash +1d Dexterity" twice).
    assert "Edge bonuses: Jon Ash +2d Dexterity, Mara Vell +1d Strength</p>" in table_page(other_client, campaign)


@pytest.mark.parametrize(
    ("who", "explorer", "attribute", "message"),
    [
        ("other", "jon", "dexterity", "The player whose explorer has the Edge gives the Edge bonus."),
        ("gm", "jon", "dexterity", "The player whose explorer has the Edge gives the Edge bonus."),
        ("player", "jon", "charm", "Choose an attribute."),
        ("player", 999999, "dexterity", "Choose a seated explorer."),
    ],
)
def test_others_and_bad_choices_are_refused(
    request, player_client, other_client, gm_client, started, mara, jon, who, explorer, attribute, message
):
    client = {"player": player_client, "other": other_client, "gm": gm_client}[who]
    target = request.getfixturevalue(explorer) if isinstance(explorer, str) else explorer
    refused = bonus(client, started, target, attribute)
    assert refused.status_code == 422
    assert message in refused.content.decode()
    assert bonuses(started) == []


def test_no_bonus_without_tension_mode(player_client, cgg_campaign, mara):
    refused = bonus(player_client, cgg_campaign, mara)
    assert refused.status_code == 422
    assert "Tension mode is not on" in refused.content.decode()


def idle(client, campaign, explorer, gain):
    data = {"op": "idle", "explorer": explorer.pk, "gain": gain}
    return client.post(reverse("cgg_turn", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def test_idle_gains_one_hour_for_the_idle_explorer_or_the_first(
    gm, gm_client, player_client, other_client, started, mara, jon
):
    # "Idle!: Gain one or allow the First player to gain one": the Idle! player chooses, and it happens.
    from campaigns.systems.cgg import actions as cgg
    from campaigns.systems.cgg.clock import crisis_clock

    campaign = started
    for explorer in (mara, jon):
        cgg.adjust_clock(explorer, gm, pay=3, reason="Earlier")
    hours = {e.name: crisis_clock(e).hours for e in (mara, jon)}
    turn(player_client, campaign, "first", mara)
    assert idle(player_client, campaign, mara, "own").status_code == 200
    assert crisis_clock(mara).hours == hours["Mara Vell"] + 1
    turn(player_client, campaign, "pass", jon)
    assert (
        "Mara Vell (first) gains it"
        in table_page(other_client, campaign)
        + other_client.get(reverse("cgg_turn_forms", args=[campaign.pk])).content.decode()
    )
    assert idle(other_client, campaign, jon, "first").status_code == 200  # Jon lets Mara, the first, gain one
    assert (crisis_clock(mara).hours, crisis_clock(jon).hours) == (hours["Mara Vell"] + 2, hours["Jon Ash"])
    assert turns(campaign)["acted"] == [mara.pk, jon.pk]


def test_a_bad_idle_gain_is_refused_and_changes_nothing(gm, player_client, started, mara, jon):
    from campaigns.systems.cgg import actions as cgg
    from campaigns.systems.cgg.clock import crisis_clock

    cgg.adjust_clock(mara, gm, pay=3, reason="Earlier")
    hours = crisis_clock(mara).hours
    turn(player_client, started, "first", mara)
    refused = idle(player_client, started, mara, "everyone")
    assert refused.status_code == 422
    assert "gain the hour yourself or let the first explorer gain it" in refused.content.decode()
    assert crisis_clock(mara).hours == hours
    assert turns(started)["acted"] == []


def _acted(gm_client, player_client, campaign, explorer, script_dice, faces):
    """Mara's action in tension mode, published: the Roll on the log."""
    from campaigns.models import Roll

    call(gm_client, campaign, explorer)
    script_dice(*faces)
    made = roll(player_client, campaign, explorer)
    # No Venture: the Wrench step publishes the action (no Hammer to choose).
    assert player_client.post(reverse("cgg_wrench", args=[campaign.pk, made.pk]), {}).status_code == 302
    return Roll.objects.get(kind="cgg")


def lower(client, campaign, made, pitfall, amount):
    data = {"pitfall": pitfall, "amount": amount}
    return client.post(reverse("cgg_lower_tension", args=[campaign.pk, made.pk]), data, HTTP_HX_REQUEST="true")


def pitfall_tension(campaign):
    return [p["tension"] for p in TensionScene.objects.get(campaign=campaign).state["pitfalls"]]


def assert_lowering_refused(client, campaign, made, said):
    """The Exec's "Lower tension 1" on the action's card is refused, saying why."""
    refused = lower(client, campaign, made, "0", "1")
    assert refused.status_code == 422
    assert said in refused.content.decode()


def test_a_success_lowers_tension_once_from_its_card(gm_client, player_client, started, mara, script_dice):
    campaign = started
    tension(gm_client, campaign, op="pitfall", name="The reactor blows", tension="9")
    made = _acted(gm_client, player_client, campaign, mara, script_dice, [5, 5, 5, 5, 10, 10, 10, 10])
    gm_page = table_page(gm_client, campaign)
    assert "Success" in gm_page
    assert "The reactor blows: <button" in gm_page
    assert "Lower tension 1</button>" in gm_page
    assert "Lower tension 2</button>" in gm_page
    assert "Lower tension 1</button>" not in table_page(player_client, campaign)  # the Exec's
    assert lower(player_client, campaign, made, "0", "2").status_code == 404
    assert lower(gm_client, campaign, made, "0", "3").status_code == 422
    assert lower(gm_client, campaign, made, "5", "1").status_code == 422
    assert pitfall_tension(campaign) == [9]
    assert lower(gm_client, campaign, made, "0", "2").status_code == 200
    assert pitfall_tension(campaign) == [7]
    assert_lowering_refused(gm_client, campaign, made, "This action has already lowered tension.")
    assert pitfall_tension(campaign) == [7]


def test_a_failed_action_cannot_lower_tension(gm_client, player_client, started, mara, script_dice):
    campaign = started
    tension(gm_client, campaign, op="pitfall", name="The reactor blows", tension="9")
    made = _acted(gm_client, player_client, campaign, mara, script_dice, [5, 5, 5, 5, 1, 1, 1, 1])
    assert "Lower tension 1</button>" not in table_page(gm_client, campaign)
    assert_lowering_refused(gm_client, campaign, made, "Only a successful action lowers tension.")
    assert pitfall_tension(campaign) == [9]


def test_the_first_explorer_lowers_tension_2_or_3(gm_client, player_client, started, mara, script_dice):
    # "Exec will lower Tension 1 for successful actions, 2 for particularly effective ones (2/3 for first player)."
    campaign = started
    tension(gm_client, campaign, op="pitfall", name="The reactor blows", tension="9")
    turn(player_client, campaign, "first", mara)
    made = _acted(gm_client, player_client, campaign, mara, script_dice, [5, 5, 5, 5, 10, 10, 10, 10])
    gm_page = table_page(gm_client, campaign)
    assert "Lower tension 3</button>" in gm_page
    assert "Lower tension 1</button>" not in gm_page
    refused = lower(gm_client, campaign, made, "0", "1")
    assert "Lower this action&#x27;s pitfall by 2, or 3" in refused.content.decode()
    assert pitfall_tension(campaign) == [9]
    assert lower(gm_client, campaign, made, "0", "3").status_code == 200
    assert pitfall_tension(campaign) == [6]
