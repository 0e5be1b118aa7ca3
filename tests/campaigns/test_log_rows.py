"""The log's rows are drawn once per audience and kept (campaigns.table.rows): a page load
draws only the rows no one has drawn yet, never per viewer, and a row changes on the next page
load when what it shows changes."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from redis.exceptions import ConnectionError as RedisConnectionError

from campaigns.table import actions
from characters.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(campaign, gm, player, character, script_dice):
    """Three rolls: the player's, the GM's for all, and the GM's secret one."""
    script_dice(2, 5, 6)
    actions.roll_notation(campaign, player, notation="1d6", character=character, label="climb")
    actions.roll_notation(campaign, gm, notation="1d6", label="weather")
    actions.roll_notation(campaign, gm, notation="1d6", label="zqx-secret", secret=True)
    return campaign


def table(client, campaign) -> str:
    response = client.get(reverse("table", args=[campaign.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_row_is_drawn_once_per_audience_whoever_loads_the_page(
    logged, gm_client, player_client, other_client, other_player, row_renders
):
    from campaigns.models import Membership

    Membership.objects.create(campaign=logged, user=other_player)
    first = table(player_client, logged)
    assert row_renders() == 2  # the table sees two of the three
    assert table(player_client, logged).count('class="roll') == first.count('class="roll')
    assert "climb" in table(other_client, logged)
    assert row_renders() == 2  # the same rows, kept: for the same player and for another
    gm_page = table(gm_client, logged)
    assert row_renders() == 5  # the GM's audience has its own rows, with the secret one
    assert "zqx-secret" in gm_page
    assert "zqx-secret" not in table(player_client, logged)  # the table's kept rows hold no GM secret


def test_a_renamed_character_shows_its_new_name_on_the_next_page(logged, player_client, character):
    assert "Mara Vell" in table(player_client, logged)
    character.name = "Mara Quill"
    character.save()  # as the sheet editor and the admin rename (a save: campaigns.table.state sees it)
    page = table(player_client, logged)
    assert "Mara Quill" in page
    assert "Mara Vell" not in page


def test_a_character_deleted_leaves_its_rows_to_the_author_name(logged, player_client, character, player):
    assert "Mara Vell" in table(player_client, logged)
    Character.objects.filter(pk=character.pk).delete()  # the rolls keep their row, with no character
    page = table(player_client, logged)
    assert "Mara Vell" not in page
    assert f"<strong>{player.username}</strong>" in page


def test_a_row_sent_live_is_kept_for_the_next_page(
    campaign, player_client, htmx, script_dice, row_renders, django_capture_on_commit_callbacks
):
    script_dice(4)
    with django_capture_on_commit_callbacks(execute=True):
        player_client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d6", "comparison": "at_least"}, **htmx)
    drawn = row_renders()
    assert drawn == 1  # the GM's and the table's, sent live: one drawing, as both see the roll alike
    assert 'data-roll-id="' in table(player_client, campaign)
    assert row_renders() == drawn


def test_a_roll_the_gm_sees_otherwise_is_drawn_and_kept_for_each(
    campaign, character, player, gm_client, player_client, row_renders, django_capture_on_commit_callbacks
):
    """A called roll's target is the GM's: the table's row is drawn without it, and each is kept."""
    call = actions.call_for_roll(campaign, character=character, notation="1d20", target=17, label="Pick")
    with django_capture_on_commit_callbacks(execute=True):
        actions.answer_call(call.pk, player)
    assert row_renders() == 2
    player_page, gm_page = table(player_client, campaign), table(gm_client, campaign)
    assert row_renders() == 2
    assert "target ≥ 17" in gm_page
    assert "target ≥ 17" not in player_page


def test_the_table_works_with_its_cache_down(logged, player_client, monkeypatch, row_renders):
    def down(*args, **kwargs):
        raise RedisConnectionError("Redis is down")

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "set_many", down)
    assert "climb" in table(player_client, logged)
    assert "climb" in table(player_client, logged)
    assert row_renders() == 4  # drawn each time, as before
