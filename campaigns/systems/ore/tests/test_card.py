"""The One-Roll Engine's character card: a button per stat and per skill (stat + skill
dice, hard and wiggle dice with them), one click rolls it at once (wiggle dice set at the
suggestion, difficulty 0), the "⋯" options (difficulty, the GM's secret one, bonus and penalty
dice, extra actions) go through the same actions as the roll form; and the results drawn as dice."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Roll, RollCall
from campaigns.systems.ore import actions as ore_actions
from campaigns.systems.ore.adapter import ADAPTER
from campaigns.systems.ore.tests.conftest import post_roll, roll_form
from characters.models import Character

pytestmark = pytest.mark.django_db


def press(client, ore, character, key, **options):
    url = reverse("card_roll", args=[ore.pk, character.pk])
    return client.post(url, {"roll": key, **options}, HTTP_HX_REQUEST="true")


def test_the_demo_card_has_a_button_per_stat_and_skill_with_its_pool(mara):
    card = ADAPTER.card(mara)
    buttons = {roll.what: (roll.key, roll.detail, roll.group) for roll in card.rolls}
    assert len({roll.key for roll in card.rolls}) >= 6
    assert buttons["Body"] == ("stat:Body", "2d", "Stats")
    assert buttons["Coordination"] == ("stat:Coordination", "3d", "Stats")
    # Seed ("Stats & Skills"): add the stat and skill dice together; hard and wiggle dice come with the skill.
    assert buttons["Piloting"] == ("skill:Piloting", "5d", "Skills")
    assert buttons["Dodge"] == ("skill:Dodge", "4d+1hd", "Skills")
    assert buttons["Perception"] == ("skill:Perception", "4d+1wd", "Skills")


def test_the_glance_shows_the_stats_and_each_skills_own_dice(player_client, ore, mara):
    page = player_client.get(reverse("table", args=[ore.pk])).content.decode()
    glance = page[page.index('class="glance"') : page.index('class="card-rolls"')]
    assert re.search(r"<dt>Coordination</dt>\s*<dd>3d</dd>", glance)
    assert re.search(r"<dt>Dodge</dt>\s*<dd>Coordination \+ 1d\+1hd</dd>", glance)
    assert re.search(r">Roll Dodge <span class=\"detail\">4d\+1hd</span></button>", page)


def test_one_click_rolls_a_skill_with_its_hard_die_at_once(player_client, ore, mara, script_dice):
    script_dice(10, 3, 3, 7)  # Coordination 3 + Dodge 1d: four normal dice; the hard die is a 10
    response = press(player_client, ore, mara, "skill:Dodge")
    assert response.status_code == 200
    roll = Roll.objects.get()
    side = roll.request["side"]
    assert (side["what"], side["normal"], side["hard"], side["wiggle"]) == ("Coordination + Dodge", 4, 1, 0)
    assert (roll.request["difficulty"], roll.outcome["faces"]) == (0, [10, 3, 3, 7])
    body = response.content.decode()
    assert "Rolled Dodge." in body
    assert f'data-roll-id="{roll.pk}"' in body
    assert '<strong class="outcome outcome-ok">✔ 2x10</strong>' in body


def test_one_click_sets_the_wiggle_die_at_the_suggestion(player_client, ore, mara, script_dice):
    script_dice(2, 5, 8, 9)  # Sense 3 + Perception 1d: four normal dice, and a wiggle die
    assert press(player_client, ore, mara, "skill:Perception").status_code == 200
    roll = Roll.objects.get()  # no call left waiting: the roll is in the log
    assert roll.outcome["wiggle"] == [9]  # joins the highest die: 2x9 (rules.ore.pool.suggest_wiggle)
    assert roll.request["wiggle_at_best"] is True
    assert not RollCall.objects.exclude(status=RollCall.Status.ANSWERED).exists()
    assert "wiggle set to 9" in player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()


def test_a_stat_rolls_alone(player_client, ore, mara, script_dice):
    script_dice(4, 6)
    press(player_client, ore, mara, "stat:Body")
    roll = Roll.objects.get()
    assert (roll.request["side"]["what"], roll.request["side"]["normal"]) == ("Body", 2)
    assert "✘ failure" in player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()


def test_the_options_go_through_the_roll_forms_rules(player_client, ore, mara, script_dice):
    script_dice(5, 5, 5, 7, 7, 1)  # Piloting 5d + 1 bonus die
    press(player_client, ore, mara, "skill:Piloting", known="1", difficulty="6", bonus="1", penalty="0", extras="1")
    roll = Roll.objects.get()
    assert (roll.request["difficulty"], roll.request["side"]["normal"]) == (6, 6)
    assert roll.request["extras"] == [{"label": "Extra action 1", "what": "Coordination + Piloting", "pool": 5}]
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "Primary action (Coordination + Piloting): 2x7" in page  # only 2x7 reaches 6
    assert "Extra action 1 (Coordination + Piloting): 3x5" in page


def test_asking_the_gm_for_the_difficulty_waits_for_it(player_client, gm, ore, mara, script_dice):
    response = press(player_client, ore, mara, "stat:Sense", known="0")
    assert "Sense: asked." in response.content.decode()
    call = RollCall.objects.get()
    assert (call.status, call.request["secret"]) == (RollCall.Status.PENDING, True)
    assert not Roll.objects.exists()
    script_dice(9, 9, 2)
    ore_actions.set_difficulty(call.pk, gm, 9)
    assert Roll.objects.get().outcome["faces"] == [9, 9, 2]


@pytest.mark.parametrize(
    ("key", "options", "said"),
    [
        ("skill:Hacking", {}, "not on this character&#x27;s card"),
        ("stat:Luck", {}, "not on this character&#x27;s card"),
        ("stat:Body", {"difficulty": "11"}, "10"),
        ("stat:Body", {"bonus": "x"}, "whole number"),
        ("stat:Body", {"extras": "3"}, "2"),
        ("stat:Body", {"penalty": "2"}, "nothing to roll"),
    ],
)
def test_a_bad_button_or_option_changes_nothing(player_client, ore, mara, key, options, said):
    response = press(player_client, ore, mara, key, **options)
    assert response.status_code == 422
    assert said in response.content.decode()
    assert not Roll.objects.exists()
    assert not RollCall.objects.exists()


def test_a_roll_row_draws_sets_hard_and_wiggle_dice_and_an_outcome_badge(player_client, ore, mara, script_dice):
    script_dice(10, 3, 3, 7)
    press(player_client, ore, mara, "skill:Dodge")
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    row = page[page.index("data-roll-id=") :]
    assert re.search(r'<span class="dice-set"[^>]*><span class="set-size">2x10</span>', row)
    assert 'class="die die-hard"' in row  # the hard die's 10, in the 2x10 set
    assert re.search(r'<span class="dice-set"[^>]*><span class="set-size">2x3</span>', row)
    assert re.search(r'class="ore-loose"[^>]*>.*?<span class="die die-kept">7', row, re.S)
    assert 'class="outcome outcome-ok"' in row
    assert "Mara Vell rolled Coordination + Dodge: 2x10, 2x3, success." in row  # the sentence stays


def test_a_wiggle_die_waiting_for_its_value_shows_as_such(player_client, ore, mara, script_dice):
    script_dice(2, 5, 8, 9)
    post_roll(player_client, ore, roll_form(mara, stat="", skill="Perception", difficulty="0", label=""))
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert re.search(r'<span class="die die-wiggle" title="wiggle die, waiting for its value">\?', page)


def test_the_rules_page_says_what_one_click_rolls(client):
    page = client.get(reverse("rules")).content.decode()
    assert "One click on the character card" in page


def test_each_die_is_drawn_once_with_its_kind():
    """Seed ("Hard Dice and Wiggle Dice"): a hard die is always 10; wiggle dice take the values the player sets."""
    from campaigns.systems.ore.chips import dice_groups
    from rules.ore.pool import OreRoll, Pool

    rolled = OreRoll(Pool(4, hard=1, wiggle=2), (10, 3, 7, 2), (3, 8))
    groups = dice_groups(rolled)
    assert groups["sets"] == [
        {"size": "2x10", "dice": [(10, "kept"), (10, "hard")]},
        {"size": "2x3", "dice": [(3, "kept"), (3, "wiggle")]},
    ]
    assert groups["loose"] == [(8, "wiggle"), (7, "kept"), (2, "kept")]
    assert groups["waiting"] == []
    waiting = dice_groups(OreRoll(Pool(2, wiggle=1), (4, 4), None))
    assert (waiting["sets"], waiting["loose"], waiting["waiting"]) == (
        [{"size": "2x4", "dice": [(4, "kept")] * 2}],
        [],
        [0],
    )


def test_a_contest_row_has_its_winner_as_a_badge(player_client, gm, ore, mara, script_dice):
    opponent = ore_actions.npc_side("Drone", 3, 0, 0)
    call = ore_actions.call_contest(ore, gm, character=mara, stat="", skill="Piloting", opponent=opponent)
    script_dice(1, 2, 3, 4, 6, 9, 9, 9)  # Mara: no set; the Drone: 3x9
    ore_actions.roll_contest(call.pk, mara.owner)
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert '<strong class="outcome outcome-fail"><strong>Drone</strong> wins.</strong>' in page


def test_the_player_may_keep_the_wiggle_dice_to_set_themselves(player_client, ore, mara, script_dice):
    script_dice(2, 5, 8, 9)
    response = press(player_client, ore, mara, "skill:Perception", own_wiggle="on")
    assert response.status_code == 200
    assert "Perception: set your wiggle dice below, under “Last roll”" in response.content.decode()
    call = RollCall.objects.get()
    assert (call.status, call.state["wiggle"]) == (RollCall.Status.PLAYER_TURN, None)
    assert not Roll.objects.exists()
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "Set your wiggle dice" in page
    # Play-test: the player's own roll is not said to be the GM's asking.
    assert re.search(r"Your roll for <strong>Mara Vell</strong>[^<]* — choose below", page)
    assert "The GM asks <strong>Mara Vell</strong>" not in page


def test_the_wiggle_option_is_only_on_a_card_with_wiggle_dice(ore, mara, other_player):
    assert "own_wiggle" in ADAPTER.card(mara).options.fields
    plain = Character.objects.create(
        campaign=ore, owner=other_player, name="Dax", sheet=ore.rules_system.validate_sheet({"stats": {"Body": 3}})
    )
    assert "own_wiggle" not in ADAPTER.card(plain).options.fields


def test_a_skill_of_wiggle_dice_alone_is_glanced_without_a_zero(ore, mara):
    """Play-test: a skill with one wiggle die and no normal dice read "Command + 0d+1wd"."""
    from campaigns.systems.ore.card import dice_code

    assert dice_code({"normal": 0, "hard": 0, "wiggle": 1}) == "1wd"
    assert dice_code({"normal": 0, "hard": 1, "wiggle": 1}) == "1hd+1wd"
    assert dice_code({"normal": 0, "hard": 0, "wiggle": 0}) == "0d"
    assert dice_code({"normal": 4, "hard": 0, "wiggle": 1}) == "4d+1wd"
