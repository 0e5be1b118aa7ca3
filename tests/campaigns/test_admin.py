"""GMs run their campaigns in the admin and see nothing of anyone else's."""

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from campaigns.table import actions
from tests.factories import admin_setting_fields

pytestmark = pytest.mark.django_db
NO_INLINES = {
    "memberships-TOTAL_FORMS": "0",
    "memberships-INITIAL_FORMS": "0",
    "characters-TOTAL_FORMS": "0",
    "characters-INITIAL_FORMS": "0",
}


def test_gm_sees_only_their_own_campaigns(gm_client, campaign, other_campaign):
    page = gm_client.get(reverse("admin:campaigns_campaign_changelist")).content.decode()
    assert campaign.name in page
    assert other_campaign.name not in page


def test_gm_cannot_open_another_gms_campaign(gm_client, other_campaign):
    response = gm_client.get(reverse("admin:campaigns_campaign_change", args=[other_campaign.pk]))
    assert response.status_code == 302  # the admin's "does not exist" redirect
    assert other_campaign.name not in gm_client.get(response.url).content.decode()
    response = gm_client.post(
        reverse("admin:campaigns_campaign_change", args=[other_campaign.pk]), {"name": "Taken", "settings": "{}"}
    )
    other_campaign.refresh_from_db()
    assert other_campaign.name == "Elsewhere"


def setting_data(campaign, **changes) -> dict:
    """The change form's per-setting fields (`setting__<name>`), as the campaign has them."""
    return admin_setting_fields(campaign.settings | changes)


def test_gm_edits_their_campaign(gm_client, campaign):
    response = gm_client.post(
        reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
        {
            "name": "The Gate, season two",
            **setting_data(campaign, die_size=10),  # every setting: none is reset
            "memberships-TOTAL_FORMS": "1",
            "memberships-INITIAL_FORMS": "1",
            "memberships-0-id": campaign.memberships.get().pk,
            "memberships-0-campaign": campaign.pk,
            "characters-TOTAL_FORMS": "0",
            "characters-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    campaign.refresh_from_db()
    assert (campaign.name, campaign.settings["die_size"]) == ("The Gate, season two", 10)


def test_the_change_form_shows_the_systems_settings_as_fields(gm_client, gm):
    """Not the raw JSON box: each setting labelled and prefilled, as on the GM's settings page."""
    other_campaign = actions.create_campaign(gm, name="Elsewhere", system="d100", settings={})
    page = gm_client.get(reverse("admin:campaigns_campaign_change", args=[other_campaign.pk])).content.decode()
    assert 'name="settings"' not in page
    assert "Settings of d100 skill tests" in page
    assert "The ±30 cap on the base chance covers" in page
    assert '<option value="0" selected>Ranks, talents, traits and synergy together' in page
    response = gm_client.post(
        reverse("admin:campaigns_campaign_change", args=[other_campaign.pk]),
        {"name": "Elsewhere", **setting_data(other_campaign, modifier_cap=1), **NO_INLINES},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    other_campaign.refresh_from_db()
    assert other_campaign.settings["modifier_cap"] == 1
    assert other_campaign.settings["attributes"][0] == "Combat"  # the others as they were


def test_an_attribute_added_in_the_admin_reaches_the_sheets_as_on_the_settings_page(gm_client, campaign, character):
    names = [*campaign.settings["attributes"], "Grit"]
    response = gm_client.post(
        reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
        {"name": "The Gate", **setting_data(campaign, attributes="\n".join(names)), **NO_INLINES},
        follow=True,
    )
    assert f"Sheets: 1 sheet ({character.name}) has no Grit yet: each gets Grit 0." in response.content.decode()
    character.refresh_from_db()
    assert character.sheet["attributes"]["Grit"] == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"die_size": 7}, "Reality level must be one of: d4 Mundane (4), d6 Heroic (6)"),
        ({"attribute_range": 4}, "Effective range of attribute ranks must be one of"),
        ({"attributes": ""}, "Attributes: 1 to 20 names."),
        ({"die_events": "d7 Knockback"}, "d7"),
    ],
)
def test_admin_validates_settings_through_the_system(gm_client, campaign, changes, message):
    before = dict(campaign.settings)
    response = gm_client.post(
        reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
        {"name": "X", **setting_data(campaign, **changes), **NO_INLINES},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    campaign.refresh_from_db()
    assert (campaign.name, campaign.settings) == ("The Gate", before)


def test_the_admin_names_each_system_and_offers_the_installed_ones(gm_client, campaign):
    """Campaign.system has no choices; the admin still shows "Tribute Alpha", not
    `tribute`, in its list, its filter and the change page, and a new campaign's system is a
    list of the installed systems, not a text box."""
    listing = gm_client.get(reverse("admin:campaigns_campaign_changelist")).content.decode()
    assert 'field-system_shown">Tribute Alpha<' in listing
    assert "?system=zener" in listing
    assert "Zener Gate</a>" in listing
    assert (
        campaign.name
        in gm_client.get(reverse("admin:campaigns_campaign_changelist") + "?system=tribute").content.decode()
    )
    assert (
        campaign.name
        not in gm_client.get(reverse("admin:campaigns_campaign_changelist") + "?system=zener").content.decode()
    )
    change = gm_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk])).content.decode()
    assert '<div class="readonly">Tribute Alpha</div>' in change
    add = gm_client.get(reverse("admin:campaigns_campaign_add")).content.decode()
    assert '<select name="system"' in add
    assert '<option value="cgg">Centaurus Gate</option>' in add
    refused = gm_client.post(
        reverse("admin:campaigns_campaign_add"), {"name": "Odd", "system": "dnd5e", "settings": "{}", **NO_INLINES}
    )
    assert refused.status_code == 200
    assert "Select a valid choice" in refused.content.decode()
    assert not Campaign.objects.filter(name="Odd").exists()


def test_gm_adds_a_campaign_in_the_admin_and_runs_it(gm_client, gm, campaign):
    response = gm_client.post(
        reverse("admin:campaigns_campaign_add"),
        {
            "name": "Admin-made",
            "system": "zener",
            "settings": "{}",
            **NO_INLINES,
        },
    )
    assert response.status_code == 302
    assert Campaign.objects.get(name="Admin-made").gm == gm


def test_gm_sees_only_their_campaigns_characters_and_seats(gm_client, campaign, character, other_campaign):
    from characters.models import Character

    stranger = Character.objects.create(
        campaign=other_campaign, owner=other_campaign.memberships.get().user, name="Stranger Danger"
    )
    characters = gm_client.get(reverse("admin:characters_character_changelist")).content.decode()
    assert character.name in characters
    assert stranger.name not in characters
    assert gm_client.get(reverse("admin:characters_character_change", args=[stranger.pk])).status_code == 302
    seats = gm_client.get(reverse("admin:campaigns_membership_changelist")).content.decode()
    assert "paul_player" in seats
    assert "olga_other" not in seats


def test_campaign_page_lists_its_characters_with_a_link_to_each(gm_client, campaign, character):
    """characters/admin.py adds them to the campaign's page: campaigns/ imports nothing of characters."""
    page = gm_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk])).content.decode()
    assert character.name in page
    assert reverse("admin:characters_character_change", args=[character.pk]) in page


def test_rolls_are_read_only_in_the_admin(gm_client, campaign, gm, seeded_dice):
    roll = actions.roll_notation(campaign, gm, notation="1d6")
    assert gm_client.get(reverse("admin:campaigns_roll_changelist")).status_code == 200
    assert gm_client.get(reverse("admin:campaigns_roll_add")).status_code == 403
    assert gm_client.post(reverse("admin:campaigns_roll_delete", args=[roll.pk]), {"post": "yes"}).status_code == 403
    page = gm_client.get(reverse("admin:campaigns_roll_change", args=[roll.pk])).content.decode()
    assert 'name="_save"' not in page


def test_players_have_no_admin(player_client, campaign):
    response = player_client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("admin:login"))


def test_users_are_for_superusers_only(gm_client, campaign, make_user):
    assert gm_client.get(reverse("admin:accounts_user_changelist")).status_code == 403
    root = Client()
    root.force_login(make_user("root", is_staff=True, is_superuser=True))
    assert root.get(reverse("admin:accounts_user_changelist")).status_code == 200


def test_superusers_see_every_campaign(make_user, campaign, other_campaign):
    root = Client()
    root.force_login(make_user("root", is_staff=True, is_superuser=True))
    page = root.get(reverse("admin:campaigns_campaign_changelist")).content.decode()
    assert campaign.name in page
    assert other_campaign.name in page


def test_ledgers_are_read_only_and_scoped(gm_client, make_user, campaign, other_campaign, character, gm):
    from campaigns.systems.zener import actions as zener_actions
    from characters.models import Character

    zg = actions.create_campaign(gm, name="Zener", system="zener", settings={})
    kai = Character.objects.create(campaign=zg, owner=gm, name="Kai", sheet=zg.rules_system.validate_sheet({}))
    zener_actions.change_karma(kai, 2, actor=gm, reason="A complication (+2)")
    page = gm_client.get(reverse("admin:campaigns_ledgerentry_changelist")).content.decode()
    assert "A complication (+2)" in page
    assert gm_client.get(reverse("admin:campaigns_ledgerentry_add")).status_code == 403
    other = Client()
    other.force_login(other_campaign.gm)
    assert "A complication" not in other.get(reverse("admin:campaigns_ledgerentry_changelist")).content.decode()


def test_the_admin_asks_for_no_missing_favicon(client):
    """Play-test: the admin's pages (not base.html's, which says `data:,`) made the
    browser ask for /favicon.ico, a 404 in the console."""
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Content-Type"]) == (200, "image/svg+xml")
    assert "max-age" in response["Cache-Control"]
