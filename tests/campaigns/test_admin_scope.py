"""A second GM walks the whole admin and meets nothing of the first GM's: no campaign, character
or player name in any changelist (with each of its filters), add or change form, or autocomplete."""

import re

import pytest
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from campaigns.models import Membership
from campaigns.table import actions
from characters.models import Character
from tests.world import client_for, play_a_secret_in_every_system

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_gm(make_user):
    """A GM with a table of their own: a player, a character, a roll and a ledger row."""
    gm, player = make_user("second_gm"), make_user("second_player")
    campaign = actions.create_campaign(gm, name="Second table", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    hero = Character.objects.create(
        campaign=campaign, owner=player, name="Second hero", sheet=campaign.rules_system.validate_sheet({}, {})
    )
    actions.roll_notation(campaign, player, notation="1d20", character=hero)
    actions.start_session(campaign, gm, refill=2)
    gm.refresh_from_db()
    return gm


def _admin_pages(client, user, their_campaign):
    """Every admin page a GM can reach: the index, and per model its changelist (plain and with
    each filter choice), add form, the change form of each of its rows, and its autocompletes."""
    yield reverse("admin:index")
    for model, model_admin in admin.site._registry.items():
        info = model._meta.app_label, model._meta.model_name
        changelist = reverse("admin:{}_{}_changelist".format(*info))
        yield changelist
        page = client.get(changelist).content.decode()
        yield from {changelist + query.replace("&amp;", "&") for query in re.findall(r'href="(\?[^"]*)"', page)}
        # A filter's link to the other GM's campaign, typed in by hand.
        yield changelist + f"?campaign__id__exact={their_campaign.pk}&balance__campaign__id__exact={their_campaign.pk}"
        yield reverse("admin:{}_{}_add".format(*info))
        for pk in model_admin.get_queryset(_request(user)).values_list("pk", flat=True):
            yield reverse("admin:{}_{}_change".format(*info), args=[pk])
        for field in model._meta.get_fields():
            if field.is_relation and field.concrete and (field.many_to_one or field.one_to_one):
                yield (
                    reverse("admin:autocomplete")
                    + f"?app_label={info[0]}&model_name={info[1]}&field_name={field.name}&term="
                )


def _request(user):
    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def test_a_gm_meets_nothing_of_another_gms_table_in_the_admin(world, gm, player, second_gm):
    play_a_secret_in_every_system(world, gm, player)
    campaigns = [campaign for campaign, _ in world["campaigns"].values()]
    theirs = [c.name for c in campaigns] + [c.name for c in world["characters"].values()] + [player.username]
    assert second_gm.is_staff
    client = client_for(second_gm)
    visited = 0
    for url in _admin_pages(client, second_gm, campaigns[0]):
        response = client.get(url)
        assert response.status_code in (200, 302, 403, 404), url  # 404: an autocomplete the admin does not offer
        page = response.content.decode()
        for name in theirs:
            assert name not in page, (url, name)
        visited += response.status_code == 200
    assert visited > 30
    mine = client.get(reverse("admin:campaigns_roll_changelist")).content.decode()
    assert "Second table" in mine  # the filter still offers the GM's own campaign
