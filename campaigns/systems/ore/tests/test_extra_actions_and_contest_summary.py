"""The One-Roll Engine at the table: the extra-action refusal beside its form naming the pools, the GM's secret-
difficulty card showing declared extra actions, a contest's summary naming the winner, wording."""

import pytest
from django.urls import reverse

from campaigns.models import RollCall
from campaigns.systems.ore.kind import OreKind
from campaigns.systems.ore.tests.conftest import fly_and_dodge, post_roll
from rules.ore.contest import height_contest
from rules.ore.pool import Set

pytestmark = pytest.mark.django_db


def test_a_smaller_extra_pool_is_refused_beside_the_form_naming_the_pools(player_client, ore, ace):
    response = post_roll(player_client, ore, fly_and_dodge(ace, extra_1="Body"), htmx=True)
    page = response.content.decode()
    assert response.status_code == 422
    assert "Body (4 dice) is smaller than Coordination + Piloting (5 dice)" in page
    assert page.index("Body (4 dice)") > page.index('id="ore-roll-form"')
    assert page.index("Body (4 dice)") < page.index("Roll the pool")
    assert not RollCall.objects.exists()


def test_the_roll_form_shows_no_error_before_it_is_posted(player_client, ore, ace):
    page = player_client.get(reverse("table", args=[ore.pk]) + "?tab=panel").content.decode()
    form = page[page.index('id="ore-roll-form"') : page.index("Roll the pool")]
    assert "errorlist" not in form
    assert 'class="error"' not in form


def test_the_gm_setting_a_secret_difficulty_sees_the_extra_actions(player_client, gm_client, ore, ace):
    response = post_roll(player_client, ore, fly_and_dodge(ace, known="0", difficulty=""))
    assert response.status_code == 302
    assert RollCall.objects.get().request["secret"]
    page = gm_client.get(reverse("table", args=[ore.pk])).content.decode()
    assert "set the difficulty (secret)" in page
    assert "Dodge the drone (Coordination + Dodge)" in page


def test_a_lost_contest_is_not_a_success_in_the_summary():
    data = {
        "test": {"what": "Coordination + Piloting", "sets": ["2x3"], "success": True},
        "opponent": {"who": "Raider", "sets": ["2x9"]},
        "contest": {"first": "Raider", "second_acts": False, "summary": "Equal width: the higher set wins."},
        "height_only": False,
    }
    sentence = OreKind().sentence("Dax Orrin", "", data)
    assert "success" not in sentence
    assert "Raider" in sentence
    assert "2x9" in sentence


def test_a_height_only_contest_with_one_set_does_not_speak_of_order():
    assert "first side" not in height_contest(Set(2, 5), None).summary
    assert "first side" not in height_contest(None, Set(2, 5)).summary


def test_the_odds_on_load_show_no_error_before_anything_is_chosen(player_client, ore, ace):
    """The roll form asks for its odds as it loads, before a stat or skill is chosen."""
    data = {"character": ace.pk, "stat": "", "skill": "", "bonus": "0", "penalty": "0", "known": "1", "difficulty": "0"}
    response = player_client.get(reverse("ore_odds", args=[ore.pk]), data)
    assert response.status_code == 200
    assert "error" not in response.content.decode()
