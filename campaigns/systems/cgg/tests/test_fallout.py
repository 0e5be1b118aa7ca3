"""Fallout at the table (seed: "Fallout and Conditions"): after a roll whose risk was not
avoided the Exec rolls fallout in the arena's resisting attribute, everyone sees the grade,
and the Exec records the condition or element of the situation it becomes."""

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.tests.fixtures import new_explorer, table_log
from rules.cgg.difficulty import Difficulty

pytestmark = pytest.mark.django_db


@pytest.fixture
def explorer(cgg_campaign, player):
    return new_explorer(cgg_campaign, player, attributes={"dexterity": "3d+1", "strength": "2d+1"})


def action_roll(campaign, explorer, player_client, script_dice, *, risk_bonus=20, faces=(2, 2, 2, 9, 9)):
    """A Dexterity 3d+1 roll against base 5d (two Exec dice): no Venture, no Wrench, published."""
    made = cgg.call_for_action(
        campaign,
        character=explorer,
        attribute="dexterity",
        difficulty=Difficulty(base_dice=5, success_dice=0, risk_bonus=risk_bonus),
        label="Jump the gap",
    )
    script_dice(*faces)
    player_client.post(reverse("cgg_roll", args=[campaign.pk, made.pk]))
    player_client.post(reverse("cgg_wrench", args=[campaign.pk, made.pk]), {})
    return Roll.objects.get(kind="cgg")


def fallout(client, campaign, roll, **data):
    return client.post(reverse("cgg_fallout", args=[campaign.pk, roll.pk]), data, HTTP_HX_REQUEST="true")


def test_the_exec_rolls_fallout_and_records_what_it_becomes(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    assert roll.outcome["risk_faces"] == [2, 2, 2]
    assert "Roll fallout" in gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "Roll fallout" not in player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    # The difficulty's 5d minus Strength 2d+1's two dice: three d10, two below 4: Major.
    script_dice(1, 3, 4)
    response = fallout(gm_client, cgg_campaign, roll, arena="material")
    assert response.status_code == 200
    rolled = Roll.objects.get(kind="cgg_fallout")
    assert (rolled.outcome["faces"], rolled.outcome["grade"]) == ([1, 3, 4], "Major")
    assert rolled.character == explorer
    assert "Record</button>" in gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "Record</button>" not in page
    assert 'Strength 2d+1 resists the difficulty\'s code → <strong class="outcome outcome-fail">Major</strong>' in (
        page.replace("&#x27;", "'")
    )
    # the code is the Exec's: on the roll's card on the GM's Table tab (the first)
    page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert (
        'Fallout (Material): 5d − Strength 2d+1 → <span class="faces"><span class="die die-kept" title="+1 grade">1'
        in page
    )
    assert (
        '<span class="die die-dropped" title="no grade">4<span class="visually-hidden"> (no grade)</span></span></span>'
        ' = <strong class="outcome outcome-fail">Major</strong>' in page
    )

    # A custom condition comes with its code (it lands on the sheet and marks its track).
    response = fallout(
        gm_client, cgg_campaign, rolled, becomes="condition", text="Gravely Injured", condition_code="HI3"
    )
    assert response.status_code == 200
    recorded = Roll.objects.filter(kind="cgg_fallout").latest("id")
    assert recorded.outcome["becomes"] == "condition"
    page = player_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert "Major fallout becomes a condition: <strong>Gravely Injured (HI3)</strong>" in page
    again = fallout(gm_client, cgg_campaign, rolled, becomes="situation", text="The bridge gives way")
    assert again.status_code == 422
    assert "already recorded" in again.content.decode()


def test_risk_avoided_has_no_fallout(gm_client, player_client, cgg_campaign, explorer, script_dice):
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice, risk_bonus=0, faces=(5, 5, 5, 9, 9))
    assert roll.outcome["risk_faces"] == [5, 5, 5]
    assert "Roll fallout" not in table_log(gm_client, cgg_campaign)
    refused = fallout(gm_client, cgg_campaign, roll, arena="material")
    assert refused.status_code == 422
    assert "risk was avoided" in refused.content.decode()
    assert not Roll.objects.filter(kind="cgg_fallout").exists()


def test_bad_input_and_players_change_nothing(gm_client, player_client, cgg_campaign, explorer, script_dice):
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    refused = fallout(gm_client, cgg_campaign, roll, arena="astral")
    assert refused.status_code == 422
    assert "arena" in refused.content.decode()
    assert fallout(player_client, cgg_campaign, roll, arena="material").status_code == 404
    script_dice(1, 1, 1)
    fallout(gm_client, cgg_campaign, roll, arena="material")
    refused = fallout(gm_client, cgg_campaign, roll, arena="material")
    assert refused.status_code == 422
    assert "already rolled" in refused.content.decode()
    rolled = Roll.objects.get(kind="cgg_fallout")
    refused = fallout(gm_client, cgg_campaign, rolled, becomes="condition", text="")
    assert refused.status_code == 422
    assert Roll.objects.filter(kind="cgg_fallout").count() == 1


def test_outsider_and_wrong_method(outsider_client, gm_client, player_client, cgg_campaign, explorer, script_dice):
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    assert fallout(outsider_client, cgg_campaign, roll, arena="material").status_code == 404
    assert gm_client.get(reverse("cgg_fallout", args=[cgg_campaign.pk, roll.pk])).status_code == 405


def test_roll_fallout_hides_once_rolled_and_hindered_is_set_apart(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    """Play-test: the action's "Roll fallout" is hidden once its fallout is in the log; the
    Hindered note is set apart from the grade."""
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    hide = f"#cgg-fallout-{roll.pk} {{ display: none; }}"
    page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert f'id="cgg-fallout-{roll.pk}"' in page
    assert hide not in page
    explorer.sheet = explorer.sheet | {"conditions": ["Hindered"]}
    explorer.save()
    script_dice(1, 3, 4)
    assert fallout(gm_client, cgg_campaign, roll, arena="material").status_code == 200
    page = gm_client.get(reverse("table", args=[cgg_campaign.pk])).content.decode()
    assert hide in page
    assert '<strong class="outcome outcome-fail">Critical</strong> · <span' in page


def test_players_see_the_fallouts_grade_not_the_secret_code_nor_its_dice(
    gm_client, player_client, cgg_campaign, explorer, script_dice, layer, django_capture_on_commit_callbacks
):
    """The default fallout code is the action's secret difficulty (5d): its code, or the number of its dice
    (5d minus Strength's 2: three), would tell it. As a player: the page, every fragment, the roll's own page,
    the fairness page and the live message say the arena, the attribute and the grade alone."""
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    script_dice(1, 3, 4)
    with django_capture_on_commit_callbacks(execute=True):
        assert fallout(gm_client, cgg_campaign, roll, arena="material").status_code == 200
    rolled = Roll.objects.get(kind="cgg_fallout")
    table = reverse("table", args=[cgg_campaign.pk])
    pages = [
        player_client.get(table).content.decode(),
        player_client.get(table, HTTP_HX_REQUEST="true").content.decode(),
        player_client.get(table + "?after=0", HTTP_HX_REQUEST="true").content.decode(),
        player_client.get(reverse("roll_page", args=[cgg_campaign.pk, rolled.pk])).content.decode(),
        player_client.get(reverse("fairness", args=[cgg_campaign.pk])).content.decode(),
        " ".join(layer.received_by(cgg_campaign, explorer.owner)),
    ]
    for page in pages:
        assert "5d −" not in page
        assert "+1 grade" not in page and "no grade" not in page  # noqa: PT018 (no die of it, kept or not)
    assert "Major" in pages[0] and "Major" in pages[-1]  # noqa: PT018
    assert "5d − Strength 2d+1" in gm_client.get(table).content.decode()
    assert "5d − Strength 2d+1" in " ".join(layer.received_by(cgg_campaign, cgg_campaign.gm))


def test_a_fallout_code_the_exec_types_is_shown_to_everyone(
    gm_client, player_client, cgg_campaign, explorer, script_dice
):
    """A code the Exec gives (a weapon's damage) is no secret: the table sees it and its dice."""
    roll = action_roll(cgg_campaign, explorer, player_client, script_dice)
    script_dice(1, 3, 4, 9)
    assert fallout(gm_client, cgg_campaign, roll, arena="material", code="6d").status_code == 200
    page = table_log(player_client, cgg_campaign)
    assert "Fallout (Material): 6d − Strength 2d+1 →" in page
