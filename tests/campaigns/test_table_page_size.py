"""A table page costs what is in view: after a 20-roll scene on each demo campaign, the page's HTML
(the body of GET /campaigns/<id>/) is at most 30 KB for a player and 40 KB for the GM, in every installed
system. It draws the chosen tab alone and the log's first screen of rows; what it leaves out comes when asked."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import User
from campaigns.models import Campaign
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.plugins import registry

pytestmark = pytest.mark.django_db
LIMITS = {"player1": 30 * 1024, "gm": 40 * 1024}


@pytest.fixture
def after_a_scene():
    """The demo (`manage.py demo`), then 20 rolls more in each campaign: a scene's worth."""
    call_command("demo", scene=20, stdout=io.StringIO())
    return {campaign.system: campaign for campaign in Campaign.objects.filter(name__startswith="Demo: ")}


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_the_table_page_stays_small_after_a_scene(after_a_scene, system):
    campaign = after_a_scene[system]
    assert campaign.rolls.count() >= 20
    sizes = {}
    for username in LIMITS:
        client = Client()
        client.force_login(User.objects.get(username=username))
        response = client.get(reverse("table", args=[campaign.pk]))
        page = response.content.decode()
        assert response.status_code == 200
        # What the page is for is in it: the log's newest rows, and the player's card or the GM's call form.
        assert page.count('class="roll') >= FIRST_LOG_PAGE - 1, username
        assert ('id="call-form"' if username == "gm" else 'id="character-region"') in page
        sizes[username] = len(response.content)
    assert all(sizes[username] <= limit for username, limit in LIMITS.items()), f"{system}: {sizes} bytes"
