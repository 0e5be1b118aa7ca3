"""A table page costs what is in view: after a 20-roll scene on each demo campaign, the page's HTML
(the body of GET /campaigns/<id>/) is at most 30 KB for a player and 40 KB for the GM, in every installed
system. It draws the chosen tab alone and the log's first screen of rows; what it leaves out comes when asked.
The same holds with 200 messages of talk in the log besides: messages and rolls share the log's first page."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import User
from campaigns.models import Campaign
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.plugins import registry
from campaigns.table import chat
from characters.models import Character

pytestmark = pytest.mark.django_db
LIMITS = {"player1": 30 * 1024, "gm": 40 * 1024}


@pytest.fixture
def after_a_scene():
    """The demo (`manage.py demo`), then 20 rolls more in each campaign: a scene's worth."""
    call_command("demo", scene=20, stdout=io.StringIO())
    return {campaign.system: campaign for campaign in Campaign.objects.filter(name__startswith="Demo: ")}


def sizes_of_the_table_page(campaign, *, talk: bool = False) -> dict[str, int]:
    """The table page's bytes for each of LIMITS' users, after checking what it is for is in it."""
    sizes = {}
    for username in LIMITS:
        client = Client()
        client.force_login(User.objects.get(username=username))
        response = client.get(reverse("table", args=[campaign.pk]))
        page = response.content.decode()
        assert response.status_code == 200
        # What the page is for is in it: the log's newest rows, and the player's card or the GM's call form.
        assert page.count('class="roll') + page.count('class="message ') >= FIRST_LOG_PAGE - 1, username
        if talk:
            assert 'class="message ' in page, username
            assert 'id="chat-box"' in page, username
        assert ('id="call-form"' if username == "gm" else 'id="character-region"') in page
        sizes[username] = len(response.content)
    return sizes


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_the_table_page_stays_small_after_a_scene(after_a_scene, system):
    campaign = after_a_scene[system]
    assert campaign.rolls.count() >= 20
    sizes = sizes_of_the_table_page(campaign)
    assert all(sizes[username] <= limit for username, limit in LIMITS.items()), f"{system}: {sizes} bytes"


def talk(campaign, count: int) -> None:
    """`count` messages from the demo's players, as a table talks: out of character, in character as
    their heroes, emotes, links, a whisper to the GM every fifth message and a roll whispered to the GM
    every twentieth (chat.post, as the chat box's view writes them)."""
    gm = User.objects.get(username="gm")
    players = list(User.objects.filter(username__in=("player1", "player2")).order_by("username"))
    heroes = {hero.owner_id: hero for hero in Character.objects.filter(campaign=campaign)}
    for i in range(count):
        author = players[i % len(players)]
        hero = heroes.get(author.pk)
        line = [
            f"Line {i}: I keep watch by the door while the others search the room.",
            f"/me checks the map again, tracing the river to the mill (line {i}).",
            f"Line {i}: the notes are at https://example.org/campaign/notes#session-{i}, page two.",
            f"Line {i}: we should not split up. Not again. Not after the bridge.",
        ][i % 4]
        recipients = [gm] if i % 5 == 0 else []
        if i % 20 == 0:
            line = f"/gmroll 1d20+2 sneaking past (line {i})"
        in_character = hero is not None and i % 3 == 1 and not line.startswith("/")
        chat.post(
            campaign,
            author,
            chat.read(line),
            speaker=hero.name if in_character else "",
            character=hero if in_character else None,
            recipients=recipients,
        )


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_the_table_page_stays_small_with_200_messages_in_the_log(after_a_scene, system):
    campaign = after_a_scene[system]
    demo = campaign.messages.count()  # the demo's own few lines
    talk(campaign, 200)
    assert campaign.messages.count() == demo + 200
    sizes = sizes_of_the_table_page(campaign, talk=True)
    assert all(sizes[username] <= limit for username, limit in LIMITS.items()), f"{system}: {sizes} bytes"
