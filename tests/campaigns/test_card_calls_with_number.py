"""A GM's call from the card carries the system's number: ORE's difficulty, d100's difficulty step,
Tribute's opposition, open or secret; Zener's modifier, open; Centaurus Gate's base difficulty, the Exec's secret.
The roll the player answers with uses it; a secret one is committed at the call and reaches no player's page or
socket; a number off the list is refused beside its field, nothing changed."""

import re

import pytest
from django.urls import reverse

from campaigns.calls import card_calls
from campaigns.models import Commitment, Roll, RollCall
from campaigns.systems.zener import actions as zener_actions
from tests.world import client_for

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def button_of(hero) -> str:
    """A test the number applies to: not d100's Fury or Chaos die."""
    return next(button.key for button in card_calls.card_buttons(hero) if not button.key.startswith("die:"))


def call(gm, campaign, hero, number, *, secret=False, key=None):
    data = {"character": hero.pk, "key": key or button_of(hero), "number": number}
    if secret:
        data["secret"] = "on"
    return client_for(gm).post(reverse("card_call_new", args=[campaign.pk]), data, **HX)


def answer(player, campaign):
    waiting = RollCall.objects.filter(campaign=campaign, kind="card", status=RollCall.Status.PENDING).get()
    return client_for(player).post(reverse("card_call_answer", args=[campaign.pk, waiting.pk]), **HX)


def rolled_request(campaign) -> dict:
    """What the answer rolled with: the system's call (a Tribute test may still wait for Profit and Waste)."""
    return RollCall.objects.filter(campaign=campaign).exclude(kind="card").latest("pk").request


# (system, the number, what the system's roll then holds)
OPEN = [
    ("ore", "3", {"difficulty": 3, "secret": False}),
    ("d100", "hard", {"difficulty": "hard", "secret": False}),
    ("tribute", "2", {"opposition": 2, "secret": False}),
]
SECRET = [
    ("ore", "7", {"difficulty": 7, "secret": True}, "difficulty 7"),
    ("d100", "easy", {"difficulty": "easy", "secret": True}, "difficulty Easy (+20)"),
    ("tribute", "-3", {"opposition": -3, "secret": True}, "opposition -3"),
]


@pytest.mark.parametrize(("system", "number", "holds"), OPEN)
def test_an_open_number_is_shown_and_rolled_with(world, gm, player, system, number, holds, seeded_dice):
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    assert call(gm, campaign, hero, number).status_code == 200
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    label = campaign.adapter.card_call_number(campaign).label
    assert f"{label}: " in page  # the player's call card says it
    assert answer(player, campaign).status_code == 200
    request = rolled_request(campaign)
    assert {key: request[key] for key in holds} == holds
    assert not Commitment.objects.filter(campaign=campaign).exists()


@pytest.mark.parametrize(("system", "number", "holds", "marker"), SECRET)
def test_a_secret_number_is_committed_rolled_with_and_kept_from_players(
    world,
    gm,
    player,
    other_player,
    layer,
    django_capture_on_commit_callbacks,
    system,
    number,
    holds,
    marker,
    seeded_dice,
):
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    with django_capture_on_commit_callbacks(execute=True):
        assert call(gm, campaign, hero, number, secret=True).status_code == 200
    commitment = Commitment.objects.get(campaign=campaign)
    assert (commitment.value, commitment.revealed_at) == (number, None)
    table = reverse("table", args=[campaign.pk])
    assert marker in client_for(gm).get(table).content.decode()
    page = client_for(player).get(table).content.decode()
    assert marker not in page
    assert "Against a secret" in page
    assert commitment.digest in page
    with django_capture_on_commit_callbacks(execute=True):
        answered = answer(player, campaign)
    assert answered.status_code == 200
    assert marker not in answered.content.decode()
    for user in (player, other_player):
        assert marker not in " ".join(layer.received_by(campaign, user))
    request = rolled_request(campaign)
    assert {key: request[key] for key in holds} == holds


def test_zeners_modifier_is_open_and_moves_the_target(world, gm, player, seeded_dice):
    campaign, hero = world["campaigns"]["zener"][0], world["characters"]["zener"]
    key = button_of(hero)
    kind, _, name = key.partition(":")
    stat, skill = ("", name) if kind == "skill" else (name, "")
    assert call(gm, campaign, hero, "-2", key=key).status_code == 200
    assert "Modifier: -2." in client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert answer(player, campaign).status_code == 200
    _, check = zener_actions.check_for(hero, stat=stat, skill=skill, modifier=-2)
    assert Roll.objects.filter(campaign=campaign).latest("pk").request["base_target"] == check.target
    refused = call(gm, campaign, hero, "-2", key=key, secret=True)
    assert refused.status_code == 422
    assert "In this system the modifier is open." in refused.content.decode()
    assert RollCall.objects.filter(campaign=campaign, status=RollCall.Status.PENDING).count() == 0


def test_centaurus_gates_call_is_the_execs_secret_difficulty(world, gm, player):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    assert call(gm, campaign, hero, "5").status_code == 200  # the only button there is: "Call in secret"
    waiting = RollCall.objects.get(campaign=campaign)
    assert (waiting.kind, waiting.request["difficulty"]["base_dice"]) == ("cgg", 5)
    assert Commitment.objects.filter(campaign=campaign, call=waiting).exists()
    page = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    assert ">Call in secret</button>" in page
    assert ">Call for this roll</button>" not in page


@pytest.mark.parametrize("system", ["ore", "d100", "tribute", "zener", "cgg"])
@pytest.mark.parametrize("number", ["99", "", "standard; drop", "-0"])
def test_a_number_off_the_list_is_refused_beside_its_field(world, gm, system, number):
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    if number in {value for value, _ in campaign.adapter.card_call_number(campaign).choices}:
        pytest.skip("on this system's list")
    response = call(gm, campaign, hero, number, secret=system != "zener")
    body = response.content.decode()
    assert response.status_code == 422
    label = campaign.adapter.card_call_number(campaign).label.lower()
    field = body.index('id="cardcallform-number"')
    assert f"Choose the {label} from the list." in body[field : field + 2000]
    assert 'value="' + str(hero.pk) + '" selected' in body  # the character chosen is kept
    assert not RollCall.objects.filter(campaign=campaign).exists()
    assert not Commitment.objects.filter(campaign=campaign).exists()


def test_a_d100_die_called_with_a_difficulty_is_refused(world, gm):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    response = call(gm, campaign, hero, "hard", secret=True, key="die:fury")
    assert response.status_code == 422
    assert "A Fury or Chaos die takes no difficulty" in response.content.decode()
    assert not Commitment.objects.filter(campaign=campaign).exists()
    assert call(gm, campaign, hero, "standard", key="die:fury").status_code == 200


def card_call_form(gm, campaign) -> str:
    page = client_for(gm).get(reverse("table", args=[campaign.pk])).content.decode()
    start = page.index('id="card-call-form"')
    return page[start : page.index("</form>", start)]


@pytest.mark.parametrize("system", ["ore", "zener"])
def test_a_table_of_one_character_has_it_chosen_and_its_rolls_listed(world, gm, system):
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    assert list(campaign.characters.seated()) == [hero]
    form = card_call_form(gm, campaign)
    assert f'<option value="{hero.pk}" selected>' in form
    assert f'value="{button_of(hero)}"' in form
    assert "Choose a character first" not in form
    # A second character: the GM chooses whom to call, and the rolls follow the choice.
    first = hero.pk
    hero.pk, hero.name = None, "Second"
    hero.save()
    form = card_call_form(gm, campaign)
    assert f'<option value="{first}" selected>' not in form
    assert f'<option value="{hero.pk}" selected>' not in form
    assert "Choose a character first" in form


@pytest.mark.parametrize(("system", "default"), [("zener", "0"), ("d100", "standard"), ("ore", "0"), ("tribute", "0")])
def test_the_number_starts_at_the_systems_own_default(world, gm, system, default):
    """Play-test: Zener's modifier stood at -20 and d100's difficulty at Arduous, the list's first, so a GM who
    left it called for the hardest roll; the system's own starting value is chosen."""
    campaign = world["campaigns"][system][0]
    assert campaign.adapter.card_call_number(campaign).initial == default
    form = card_call_form(gm, campaign)
    number = form[form.index('name="number"') : form.index("</select>", form.index('name="number"'))]
    assert f'<option value="{default}" selected>' in number


@pytest.mark.parametrize(("system", "number", "holds"), OPEN[:2])
def test_the_called_roll_lands_on_the_players_card_as_its_last_roll(
    world, gm, player, layer, django_capture_on_commit_callbacks, system, number, holds, seeded_dice
):
    """A play-test: the player answered the GM's call from "Now" and the card's "Last roll" stayed empty (the
    system's roll is linked to no card call), so a failed test's Fortune re-roll was only in the log."""
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    assert call(gm, campaign, hero, number).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        answered = answer(player, campaign)
    roll = Roll.objects.filter(campaign=campaign, character=hero).latest("pk")
    area = f'id="card-{hero.pk}-last" data-last="roll-{roll.pk}"'
    assert area in answered.content.decode()
    assert area in " ".join(layer.received_by(campaign, player))


@pytest.mark.parametrize("system", ["ore", "d100", "tribute"])
def test_a_refused_number_shows_the_systems_starting_value_again(world, gm, system):
    """A play-test: "²" refused, the list showed its first entry (Tribute's -26), which a second click called."""
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    body = call(gm, campaign, hero, "²").content.decode()
    initial = campaign.adapter.card_call_number(campaign).initial
    field = body[body.index('id="cardcallform-number"') :]
    field = field[: field.index("</select>")]
    assert re.findall(r'<option value="([^"]*)"[^>]*selected', field) == [str(initial)]
