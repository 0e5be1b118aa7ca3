"""The One-Roll Engine at the table: pools from the sheet, secret difficulty,
wiggle dice set by the player, and dynamic contests."""

import pytest
from django.urls import reverse

from campaigns.common.audience import Audience
from campaigns.models import Roll, RollCall
from campaigns.secrets.visibility import call_view
from campaigns.systems.ore.tests.conftest import contest_form, opposing_character, post_contest, post_roll, roll_form
from characters.models import Character
from tests.sheet_rows import rows

pytestmark = pytest.mark.django_db
SECRET_DIFFICULTY = 9


def test_wiggle_dice_wait_for_the_player(player_client, ore, pilot, script_dice):
    script_dice(7, 3, 2, 7)  # 4 normal dice (3 stat + 1 skill); 1 hard 10; 1 wiggle
    assert post_roll(player_client, ore, roll_form(pilot)).status_code == 302
    call = RollCall.objects.get()
    assert call.status == RollCall.Status.PLAYER_TURN
    card = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "10 → 2x10" in card  # what each wiggle value gives
    assert "7 → 3x7" in card
    bad = player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "11"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 422
    assert "1 to 10" in bad.content.decode()
    player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "7"})
    roll = Roll.objects.get()
    assert roll.outcome["wiggle"] == [7]
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "3x7" in page
    assert "✔ 3x7" in page
    again = player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "9"}, HTTP_HX_REQUEST="true")
    assert again.status_code == 422
    assert Roll.objects.get().outcome["wiggle"] == [7]


def test_no_wiggle_posts_at_once_and_flags_a_bad_failure_for_the_gm(player_client, gm_client, ore, pilot, script_dice):
    pilot.sheet["skills"] = []
    pilot.save()
    script_dice(1, 2, 3)
    post_roll(player_client, ore, roll_form(pilot, skill="", difficulty="0"))
    assert Roll.objects.get().outcome["faces"] == [1, 2, 3]
    assert "bad failure" in gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "bad failure" not in player_client.get(reverse("table", args=[ore.pk])).content.decode()


def test_the_gm_sees_no_bad_failure_while_the_wiggle_dice_wait(player_client, gm_client, ore, pilot, script_dice):
    pilot.sheet["skills"] = [{"name": "Piloting", "stat": "Coordination", "normal": 0, "hard": 0, "wiggle": 1}]
    pilot.save()
    script_dice(1, 2, 3)
    post_roll(player_client, ore, roll_form(pilot, difficulty="0"))
    assert RollCall.objects.get().status == RollCall.Status.PLAYER_TURN
    assert "bad failure" not in gm_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()


def test_the_gm_sets_a_secret_difficulty(player_client, gm_client, other_client, ore, pilot, script_dice):
    post_roll(player_client, ore, roll_form(pilot, known="0", difficulty=""))
    call = RollCall.objects.get()
    script_dice(8, 8, 1, 2)
    gm_client.post(reverse("ore_difficulty", args=[ore.pk, call.pk]), {"difficulty": SECRET_DIFFICULTY})
    call.refresh_from_db()
    player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "8"})
    roll = Roll.objects.get()
    assert roll.request["difficulty"] == SECRET_DIFFICULTY
    for client in (player_client, other_client):
        page = client.get(reverse("table", args=[ore.pk])).content.decode()
        assert "✘ failure" in page  # 3x8 does not reach 9; the hard 10 has no pair... 2x10? no: one hard die
        assert f"difficulty {SECRET_DIFFICULTY}" not in page
    assert f"difficulty {SECRET_DIFFICULTY}" in gm_client.get(reverse("table", args=[ore.pk])).content.decode()


def test_a_dynamic_contest_posts_one_entry(gm_client, player_client, ore, pilot, script_dice):
    response = post_contest(gm_client, ore, contest_form(pilot, stat="Coordination"))
    assert response.status_code == 302
    call = RollCall.objects.get()
    script_dice(5, 5, 2, 9, 4, 4, 1)  # Jet: 5, 5, 2, 9 + hard 10; Drone: 4, 4, 1
    player_client.post(reverse("ore_contest_roll", args=[ore.pk, call.pk]), {"bonus": "0", "penalty": "0"})
    player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "5"})
    roll = Roll.objects.get()
    assert roll.outcome["opponent_faces"] == [4, 4, 1]
    page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "3x5 is wider and goes first" in page
    assert "Drone" in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skill": "Hacking"}, "no skill called Hacking"),
        ({"bonus": "-1"}, "greater than or equal to 0"),
        ({"difficulty": "11"}, "less than or equal to 10"),
        ({"stat": "Luck"}, "Select a valid choice"),
    ],
)
def test_bad_rolls_are_explained_and_roll_nothing(player_client, ore, pilot, changes, message):
    response = post_roll(player_client, ore, roll_form(pilot, **changes), htmx=True)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not RollCall.objects.exists()


def test_nobody_else_sets_the_wiggle_dice(other_client, player_client, ore, pilot, script_dice):
    script_dice(7, 3, 2, 7)
    post_roll(player_client, ore, roll_form(pilot))
    call = RollCall.objects.get()
    assert other_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": "7"}).status_code == 404
    assert not Roll.objects.exists()


def test_live_odds_match_the_published_figures(player_client, ore, pilot):
    pilot.sheet["stats"]["Coordination"] = 5
    pilot.sheet["skills"] = []
    pilot.save()
    query = roll_form(pilot, skill="", difficulty="0")
    page = player_client.get(reverse("ore_odds", args=[ore.pk]), query).content.decode()
    assert "69.76%" in page  # 5d: 1 - 10!/5!/10^5 (rules.ore.pool.published_no_set; the seed gives no odds)
    assert "Chance of success 69.76%" in page  # the chart's words


def test_the_roll_form_shows_the_odds_of_each_width(player_client, ore, pilot):
    """The best-width odds the rules page describes (Interpretations, "Exact odds"), where the player picks
    the pool: 5d widest set, counted by rules.ore.pool.best_width_distribution (held against brute force)."""
    pilot.sheet["stats"]["Coordination"] = 5
    pilot.sheet["skills"] = []
    pilot.save()
    page = player_client.get(reverse("ore_odds", args=[ore.pk]), roll_form(pilot, skill="", difficulty="0"))
    assert "Widest set: no set 30.24%, 2 wide 61.20%, 3 wide 8.10%, 4 wide 0.45%, 5 wide 0.01%" in page.content.decode()


def test_the_ore_sheet_form(player_client, ore):
    data = {
        "name": "Jet",
        "stat__Body": "2",
        "stat__Coordination": "4",
        "stat__Sense": "2",
        "stat__Brains": "2",
        "stat__Command": "1",
        "stat__Cool": "3",
        "notes": "",
        **rows("skills", [{"name": "Piloting", "stat": "Coordination", "normal": 2, "wiggle": 1}]),
    }
    assert player_client.post(reverse("character_new", args=[ore.pk]), data).status_code == 302
    jet = Character.objects.get(name="Jet")
    assert jet.sheet["skills"] == [{"name": "Piloting", "stat": "Coordination", "normal": 2, "hard": 0, "wiggle": 1}]
    bad = player_client.post(reverse("character_new", args=[ore.pk]), data | {"name": "X", "stat__Body": "6"})
    assert bad.status_code == 422


def test_a_secret_difficulty_does_not_steer_the_wiggle_suggestion(player_client, gm_client, ore, pilot, script_dice):
    post_roll(player_client, ore, roll_form(pilot, known="0", difficulty=""))
    call = RollCall.objects.get()
    script_dice(9, 4, 4, 2)  # hard 10, wiggle to set: the widest set is 3x4, the highest 2x10 or 2x9
    gm_client.post(reverse("ore_difficulty", args=[ore.pk, call.pk]), {"difficulty": 9})
    call.refresh_from_db()
    suggested = call_view(call, Audience.CALLED_PLAYER).data["suggested"]
    assert suggested == (4,)  # widest, as with no difficulty; the secret 9 would have suggested 10


def test_the_wiggle_step_offers_every_set_and_says_what_each_gives(player_client, ore, player, script_dice):
    sheet = ore.rules_system.validate_sheet(
        {"stats": {"Coordination": 4}, "skills": [{"name": "Dodge", "stat": "Coordination", "normal": 0, "wiggle": 1}]}
    )
    ace = Character.objects.create(campaign=ore, owner=player, name="Ace", sheet=sheet)
    script_dice(5, 5, 5, 9)  # the widest set (4x5) does not reach 8; a 2x9 does
    response = post_roll(player_client, ore, roll_form(ace, skill="Dodge", difficulty="8"))
    assert response.status_code == 302, response.content.decode()[-3000:]
    card = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert "9 → 2x9, beats difficulty 8" in card
    assert "5 → 4x5, below difficulty 8" in card
    assert "Suggested: all on 9" in card
    assert '<option value="9" selected>' in card


def test_a_skill_rolls_with_its_own_stat_by_default(player_client, ore, pilot, script_dice):
    # Piloting belongs to Coordination; a stat left on its default must not be Body.
    script_dice(7, 3, 2, 6)  # Coordination 3 + Piloting 1 normal = 4 normal dice, a hard 10, a wiggle die
    response = post_roll(player_client, ore, roll_form(pilot, stat=""))
    assert response.status_code == 302
    call = RollCall.objects.get()
    assert call.request["side"]["what"] == "Coordination + Piloting"  # the log line names both
    assert (call.request["side"]["normal"], call.request["side"]["hard"]) == (4, 1)
    odds = player_client.get(reverse("ore_odds", args=[ore.pk]), roll_form(pilot, stat="")).content.decode()
    assert "Coordination + Piloting: 4 normal + 1 hard + 1 wiggle" in odds


def test_a_skill_with_another_stat_is_refused(player_client, ore, pilot):
    response = post_roll(player_client, ore, roll_form(pilot, stat="Body"), htmx=True)
    assert response.status_code == 422
    assert "Piloting is rolled with Coordination, its stat" in response.content.decode()
    alone = post_roll(player_client, ore, roll_form(pilot, stat="", skill=""), htmx=True)
    assert alone.status_code == 422
    assert "Choose the stat to roll, or a skill" in alone.content.decode()
    assert not RollCall.objects.exists()
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert '<option value="" selected>The skill&#x27;s own</option>' in page
    assert '<option data-stat="Coordination">Piloting</option>' in page


def test_a_contest_opponent_uses_its_skills_stat_not_body(gm_client, ore, pilot, other_player):
    sheet = ore.rules_system.validate_sheet(
        {"stats": {"Sense": 4}, "skills": [{"name": "Scrutiny", "stat": "Sense", "normal": 1}]}
    )
    eye = Character.objects.create(campaign=ore, owner=other_player, name="Eye", sheet=sheet)
    response = post_contest(gm_client, ore, contest_form(pilot, opposing_character(eye, "Scrutiny")))
    assert response.status_code == 302
    call = RollCall.objects.get()
    assert call.request["stat"] == "Coordination"
    assert (call.request["opponent"]["what"], call.request["opponent"]["normal"]) == ("Sense + Scrutiny", 5)


@pytest.mark.parametrize("character", ["²", "9" * 40])
def test_a_hostile_character_id_beside_a_skill_is_a_message(player_client, ore, pilot, character):
    response = post_roll(player_client, ore, roll_form(pilot, character=character), htmx=True)
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()


@pytest.mark.parametrize("face", ["²", "٣", "--1", "+-7", ""])
def test_odd_digits_for_a_wiggle_die_get_a_message(player_client, ore, pilot, script_dice, face):
    script_dice(7, 3, 2, 7)
    post_roll(player_client, ore, roll_form(pilot))
    call = RollCall.objects.get()
    bad = player_client.post(reverse("ore_wiggle", args=[ore.pk, call.pk]), {"wiggle": face}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 422
    assert "1 to 10" in bad.content.decode()
    assert not Roll.objects.exists()


def test_the_skill_list_follows_the_character_chosen(player_client, ore, pilot, player):
    sheet = ore.rules_system.validate_sheet({"stats": {"Body": 3}, "skills": []})
    rook = Character.objects.create(campaign=ore, owner=player, name="Rook", sheet=sheet)
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    assert (
        f'<optgroup label="Jet" data-character="{pilot.pk}"><option data-stat="Coordination">Piloting</option>'
        "</optgroup>"
    ) in page
    refused = post_roll(player_client, ore, roll_form(rook, stat=""), htmx=True)
    assert refused.status_code == 422
    assert "Rook has no skill called Piloting: Rook has no skills on the sheet." in refused.content.decode()


def test_a_contest_refused_says_why_beside_its_button(gm_client, ore, pilot):
    """Play-test: the contest's error showed at the top of the panel, far above the
    button the GM had just pressed, off-screen on a phone."""
    response = post_contest(gm_client, ore, contest_form(pilot, npc_name="", npc_normal="0"), htmx=True)
    assert response.status_code == 422
    page = response.content.decode()
    alert = page.index('class="error" role="alert"')
    assert page.index('id="ore-contest-form"') < alert < page.index("Call for the contest</button>")
    assert not RollCall.objects.exists()


def test_the_contests_skills_are_chosen_from_the_characters_sheets(gm_client, ore, pilot):
    """The skill was typed, and "piloting" (lower case) was refused. Each side's skill is a select of
    the characters' skills, the player's side grouped by character for table.js to show the chosen one's."""
    page = gm_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    form = page[page.index('id="ore-contest-form"') :]
    form = form[: form.index("</form>")]
    assert '<select name="skill" id="contestform-skill" data-skills>' in form
    assert (
        f'<optgroup label="Jet" data-character="{pilot.pk}"><option data-stat="Coordination">Piloting</option>' in form
    )
    assert '<select name="opponent_skill"' in form
    assert '<input type="text" name="skill"' not in form
