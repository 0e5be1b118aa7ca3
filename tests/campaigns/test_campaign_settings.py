"""The GM's "Campaign settings" page: the system's settings as labelled fields, checked by the
system, what a change does to the sheets shown before it is saved, every table updated live."""

import pytest
from django.urls import reverse

from campaigns.models import Membership, Roll, RollCall
from campaigns.systems.d100.tests.conftest import test_form as d100_test_form
from campaigns.table import actions
from characters.models import Character
from rules.d100.test import CAP_EVERY_MODIFIER, CAP_TALENTS_ONLY
from tests.factories import post_step

pytestmark = pytest.mark.django_db


def sneak(client, campaign, character, **changes):
    """The player's d100 test of Stealth, its attribute (Agility) named."""
    return post_step(client, "d100_test", campaign, d100_test_form(character, attribute="Agility") | changes)


@pytest.fixture
def grim(gm, player):
    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    return campaign


@pytest.fixture
def ulf(grim, player):
    """The setting's own example: Agility 45, Stealth 3 ranks, talents +20."""
    sheet = grim.rules_system.validate_sheet(
        {
            "attributes": {"Agility": 45, "Brawn": 50},
            "skills": [
                {"name": "Stealth", "attribute": "Agility", "ranks": 3},
                {"name": "Climb", "attribute": "Brawn", "ranks": 1},
            ],
            "modifiers": 20,
        },
        grim.settings,
    )
    return Character.objects.create(campaign=grim, owner=player, name="Ulf", sheet=sheet)


def form_data(campaign, **changes) -> dict:
    data = {name: "\n".join(v) if isinstance(v, list) else v for name, v in campaign.settings.items()}
    return data | changes


def save(client, campaign, data):
    return client.post(reverse("campaign_settings", args=[campaign.pk]), data)


def test_gm_changes_d100_cap_and_the_next_test_follows(gm_client, player_client, grim, ulf, script_dice):
    page = gm_client.get(reverse("table", args=[grim.pk])).content.decode()
    assert reverse("campaign_settings", args=[grim.pk]) in page
    form = gm_client.get(reverse("campaign_settings", args=[grim.pk])).content.decode()
    assert "The ±30 cap on the base chance covers" in form
    assert f'<option value="{CAP_EVERY_MODIFIER}" selected>' in form  # prefilled
    script_dice(1, 1)
    sneak(player_client, grim, ulf)
    assert Roll.objects.get().outcome["chance"] == 75  # 45 + 30 (ranks and talents capped together)

    response = save(gm_client, grim, form_data(grim, modifier_cap=CAP_TALENTS_ONLY))
    assert response.status_code == 302
    grim.refresh_from_db()
    assert grim.settings["modifier_cap"] == CAP_TALENTS_ONLY
    script_dice(1, 1)
    sneak(player_client, grim, ulf)
    assert Roll.objects.latest("pk").outcome["chance"] == 95  # 45 + 30 ranks + 20 talents
    assert "Talents and traits only" in player_client.get(reverse("table", args=[grim.pk])).content.decode()


def test_players_and_outsiders_cannot_reach_the_page(player_client, outsider_client, grim):
    before = dict(grim.settings)
    for client in (player_client, outsider_client):
        assert client.get(reverse("campaign_settings", args=[grim.pk])).status_code == 404
        assert save(client, grim, form_data(grim, modifier_cap=CAP_TALENTS_ONLY)).status_code == 404
    grim.refresh_from_db()
    assert grim.settings == before
    assert (
        reverse("campaign_settings", args=[grim.pk])
        not in player_client.get(reverse("table", args=[grim.pk])).content.decode()
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "modifier_cap",
            "7",
            "must be one of: Ranks, talents, traits and synergy together (the seed&#x27;s words) (0)",
        ),
        ("attributes", "", "Primary attributes: 1 to 20 names."),
        ("attributes", "Brawn\nbrawn", "Primary attributes: each name once."),
    ],
)
def test_bad_values_are_refused_beside_their_field_and_nothing_changes(gm_client, grim, field, value, message):
    before = dict(grim.settings)
    response = save(gm_client, grim, form_data(grim, **{field: value}))
    assert response.status_code == 422
    page = response.content.decode()
    assert message in page
    assert f'id="settings-{field}_error"' in page  # beside the field
    grim.refresh_from_db()
    assert grim.settings == before


def test_tribute_range_refused_value_names_the_choices(gm_client, campaign):
    response = save(gm_client, campaign, form_data(campaign, attribute_range="4"))
    assert response.status_code == 422
    assert "Effective range of attribute ranks must be one of" in response.content.decode()
    assert save(gm_client, campaign, form_data(campaign, attribute_range="3")).status_code == 302
    campaign.refresh_from_db()
    assert campaign.settings["attribute_range"] == 3


def test_removing_an_attribute_says_what_happens_to_the_sheets_first(gm_client, player_client, grim, ulf):
    names = [n for n in grim.settings["attributes"] if n != "Brawn"] + ["Grit"]
    data = form_data(grim, attributes="\n".join(names))
    shown = save(gm_client, grim, data)
    assert shown.status_code == 200
    page = shown.content.decode()
    assert "1 sheet (Ulf) has Brawn: they keep it, but Brawn is no longer offered or tested" in page
    assert "Skills filed under Brawn: Climb (Ulf)." in page
    assert "1 sheet (Ulf) has no Grit yet: each gets Grit 40." in page
    grim.refresh_from_db()
    assert "Brawn" in grim.settings["attributes"]  # nothing saved yet

    confirm = page.split('name="confirm" value="')[1].split('"')[0]
    assert save(gm_client, grim, data | {"confirm": "stale"}).status_code == 200  # not the shown change
    assert save(gm_client, grim, data | {"confirm": confirm}).status_code == 302
    grim.refresh_from_db()
    ulf.refresh_from_db()
    assert grim.settings["attributes"] == names
    assert ulf.sheet["attributes"]["Brawn"] == 50  # kept
    assert ulf.sheet["attributes"]["Grit"] == 40  # given
    refused = sneak(player_client, grim, ulf, skill="Climb", attribute="")
    assert Roll.objects.count() == 0, refused.content.decode()[:500]
    assert sneak(player_client, grim, ulf, skill="", attribute="Grit").status_code == 302
    assert Roll.objects.get().outcome["chance"] == 40 + 20


def test_saving_sends_every_table_the_new_header_and_panel(
    gm_client, campaign, django_capture_on_commit_callbacks, layer
):
    sent = layer.sent
    with django_capture_on_commit_callbacks(execute=True):
        save(gm_client, campaign, form_data(campaign, die_events="d8 Knockback", die_size="10"))
    header = {g for g, html in sent if 'id="campaign-settings"' in html and "Die-size events: d8 Knockback" in html}
    assert header == {f"campaign-{campaign.pk}-table", f"campaign-{campaign.pk}-gm"}
    panel = {g for g, html in sent if "d10 Cinematic" in html and 'id="campaign-settings"' not in html}
    assert panel == {f"campaign-{campaign.pk}-table", f"campaign-{campaign.pk}-gm"}


def test_narrowing_tributes_range_names_the_ranks_outside_it(gm_client, player_client, campaign, player, script_dice):
    from campaigns.systems.tribute.tests.conftest import post_test as tribute_test

    sheet = campaign.rules_system.validate_sheet({"attributes": {"Might": 8, "Agility": -2}}, campaign.settings)
    vera = Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet=sheet)
    data = form_data(campaign, attribute_range="5")
    shown = save(gm_client, campaign, data).content.decode()
    assert "Outside −5 to 5: Vera&#x27;s Might 8. Tests go on using these ranks as written" in shown
    confirm = shown.split('name="confirm" value="')[1].split('"')[0]
    assert save(gm_client, campaign, data | {"confirm": confirm}).status_code == 302
    vera.refresh_from_db()
    assert vera.sheet["attributes"]["Might"] == 8  # as written
    script_dice(1, 1, 6)
    tribute_test(player_client, campaign, vera, effect="")
    assert RollCall.objects.get().request["test"]["rank"] == 8

    others = [name for name in campaign.settings["attributes"] if name != "Might"]
    data = form_data(campaign, attributes="\n".join(others))
    shown = save(gm_client, campaign, data).content.decode()
    assert "1 sheet (Vera) has Might: they keep it, but Might is no longer offered or tested" in shown
    confirm = shown.split('name="confirm" value="')[1].split('"')[0]
    assert save(gm_client, campaign, data | {"confirm": confirm}).status_code == 302
    refused = tribute_test(player_client, campaign, vera, htmx=True, effect="")
    assert refused.status_code == 422
    assert RollCall.objects.count() == 1


def test_a_change_no_sheet_depends_on_is_saved_at_once(gm_client, campaign, character):
    response = save(gm_client, campaign, form_data(campaign, attribute_range="5", die_size="4"))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert (campaign.settings["attribute_range"], campaign.settings["die_size"]) == (5, 4)


def test_the_readings_are_published(client):
    page = client.get(reverse("rules")).content.decode()
    assert 'id="d100-attributes"' in page
    assert 'id="tribute-attributes"' in page
    assert "may change it on the Campaign settings page" in page


def test_an_event_keyed_from_the_panel_reaches_every_tables_header_and_panel(
    gm_client, campaign, django_capture_on_commit_callbacks, layer
):
    """The panel's die-size events are settings too: keying one updates the open tables at once."""
    sent = layer.sent
    with django_capture_on_commit_callbacks(execute=True):
        gm_client.post(
            reverse("tribute_events", args=[campaign.pk]),
            {"die_size": "8", "event": "Knockback"},
            HTTP_HX_REQUEST="true",
        )
    header = {g for g, html in sent if 'id="campaign-settings"' in html and "Die-size events: d8 Knockback" in html}
    assert header == {f"campaign-{campaign.pk}-table", f"campaign-{campaign.pk}-gm"}


def test_a_system_without_settings_says_so_and_keeps_the_tables_own(gm_client, gm):
    gate = actions.create_campaign(gm, name="Coin", system="coin", settings={})  # the test-only system has none
    assert (
        reverse("campaign_settings", args=[gate.pk]) in gm_client.get(reverse("table", args=[gate.pk])).content.decode()
    )
    page = gm_client.get(reverse("campaign_settings", args=[gate.pk]))
    assert page.status_code == 200
    assert f"{gate.rules_system.name} has no campaign settings of its own" in page.content.decode()
    assert gm_client.post(reverse("campaign_settings", args=[gate.pk]), {"gm_reads_whispers": "on"}).status_code == 302
    gate.refresh_from_db()
    assert gate.settings == {}
    assert gate.gm_reads_whispers
    assert not gate.whispers_between_players
    assert "The GM reads: every whisper" in gm_client.get(reverse("table", args=[gate.pk])).content.decode()


def test_a_table_that_was_offline_catches_up_with_the_settings(gm_client, player_client, campaign):
    assert save(gm_client, campaign, form_data(campaign, die_events="d8 Knockback")).status_code == 302
    caught_up = player_client.get(reverse("table", args=[campaign.pk]) + "?after=0", HTTP_HX_REQUEST="true")
    page = caught_up.content.decode()
    assert 'id="campaign-settings" hx-swap-oob="true"' in page
    assert "Die-size events: d8 Knockback" in page
