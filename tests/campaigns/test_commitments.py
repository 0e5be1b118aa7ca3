"""Committed secrets: a GM's secret is committed the moment it is set, the players see the
digest alone (page and websocket), and once the rules' moment comes the value and the salt are shown,
and SHA-256 of the documented canonical string equals the digest the players saw first."""

import hashlib
import re

import pytest
from django.urls import reverse

from campaigns.models import Commitment, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.d100 import actions as d100
from campaigns.systems.d100 import gm as d100_gm
from campaigns.systems.ore import actions as ore
from campaigns.systems.tribute import actions as tribute
from campaigns.table import actions, live
from rules.cgg.difficulty import Difficulty
from rules.dice import Comparison
from rules.tribute.effects import Assignment
from tests.coin import actions as coin_actions
from tests.fixtures import RecordingLayer
from tests.world import client_for

pytestmark = pytest.mark.django_db

DIGEST = re.compile(r'data-digest="([0-9a-f]{64})"')


def canonical(campaign_id, kind, value, salt) -> str:
    """Written out as docs/user-guide.md documents it, not imported: the test holds the documentation."""
    return f"fivefold-commit:v1|{campaign_id}|{kind}|{value}|{salt}"


def finish(call, gm, player) -> None:
    """Play a call's turns after the dice with no choices, until its roll is in the log."""
    for _ in range(4):
        call.refresh_from_db()
        if call.status == RollCall.Status.PLAYER_TURN and call.kind == "cgg":
            cgg.choose_wrench(call.pk, player, ())
        elif call.status == RollCall.Status.GM_TURN and call.kind == "cgg":
            cgg.choose_hammer(call.pk, gm, ())
        elif call.status == RollCall.Status.PLAYER_TURN and call.kind == "tribute":
            state = call.state
            tribute.assign_profit_and_waste(call.pk, player, Assignment(complications=state.get("waste", 0)))
        else:
            break
    assert call.status == RollCall.Status.ANSWERED, call.status


def set_notation_target(campaign, gm, player, hero):
    call = actions.call_for_roll(
        campaign, character=hero, notation="2d10", target=13, comparison=Comparison.AT_MOST, reveal={"target": True}
    )
    return call, "target", "at most 13", lambda: actions.answer_call(call.pk, player)


def set_cgg_difficulty(campaign, gm, player, hero):
    difficulty = Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",))
    call = cgg.call_for_action(campaign, character=hero, attribute="dexterity", difficulty=difficulty)

    def reveal():
        cgg.roll_for_call(call.pk, player)
        finish(call, gm, player)
        actions.end_session(campaign, gm)

    return call, "difficulty", "base 5d; Rushed for time; limited risk", reveal


def set_ore_difficulty(campaign, gm, player, hero):
    pending = ore.start_roll(campaign, player, character=hero, side=ore.side_for(hero, "Body"), difficulty=None)

    def reveal():
        ore.set_difficulty(pending.pk, gm, 4)
        finish(pending, gm, player)
        actions.end_session(campaign, gm)

    return pending, "difficulty", "4", reveal


def set_tribute_opposition(campaign, gm, player, hero):
    test = tribute.start_test(campaign, player, character=hero, attribute="Might", focus=1, burden=1)

    def reveal():
        tribute.set_opposition(test.pk, gm, 7)
        finish(test, gm, player)
        actions.end_session(campaign, gm)

    return test, "opposition", "7", reveal


SETTERS = {
    "notation": set_notation_target,
    "cgg": set_cgg_difficulty,
    "ore": set_ore_difficulty,
    "tribute": set_tribute_opposition,
}


def players_view(campaign, player, layer) -> str:
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    return page + " ".join(layer.received_by(campaign, player))


@pytest.mark.parametrize("secret", list(SETTERS))
def test_players_see_the_commitment_alone_then_a_reveal_that_matches_it(
    secret, world, gm, player, seeded_dice, monkeypatch
):
    system = {"notation": "cgg"}.get(secret, secret)
    campaign, hero = world["campaigns"][system][0], world["characters"][system]
    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    actions.start_session(campaign, gm)
    call, kind, value, reveal = SETTERS[secret](campaign, gm, player, hero)
    if secret in ("ore", "tribute"):  # the player asked; the GM sets the secret in the reveal's first step
        reveal()
    else:
        commitment = Commitment.objects.get(call=call)
        before = players_view(campaign, player, layer)
        assert commitment.digest in before  # live and on the page, at once
        assert commitment.salt not in before
        assert "Not revealed yet" in before
        assert f'data-part="value">{value}<' not in before
        reveal()
    commitment = Commitment.objects.get(call=call)
    assert commitment.revealed_at is not None
    after = players_view(campaign, player, layer)
    assert f'data-part="value">{value}<' in after
    assert f'data-part="salt">{commitment.salt}<' in after
    shown = set(DIGEST.findall(after))
    assert commitment.digest in shown
    assert (
        hashlib.sha256(canonical(campaign.pk, kind, value, commitment.salt).encode()).hexdigest() == commitment.digest
    )


@pytest.mark.parametrize("secret", ["ore", "tribute", "cgg"])
def test_a_secret_shown_at_the_sessions_end_stays_hidden_until_then(
    secret, world, gm, player, seeded_dice, monkeypatch
):
    campaign, hero = world["campaigns"][secret][0], world["characters"][secret]
    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    actions.start_session(campaign, gm)
    call, _kind, value, _reveal = SETTERS[secret](campaign, gm, player, hero)
    if secret == "ore":
        ore.set_difficulty(call.pk, gm, 4)
    elif secret == "tribute":
        tribute.set_opposition(call.pk, gm, 7)
    else:
        cgg.roll_for_call(call.pk, player)
    finish(call, gm, player)  # the roll is in the log
    commitment = Commitment.objects.get(call=call)
    seen = players_view(campaign, player, layer)
    assert commitment.digest in seen
    assert commitment.salt not in seen
    assert f'data-part="value">{value}<' not in seen
    assert "when a session ends after the roll is over" in seen


def test_a_call_whose_target_the_table_never_sees_stays_committed(world, gm, player, seeded_dice):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    actions.start_session(campaign, gm)
    call = actions.call_for_roll(campaign, character=hero, notation="2d10", target=424242)
    actions.answer_call(call.pk, player)
    actions.end_session(campaign, gm)
    commitment = Commitment.objects.get(call=call)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert commitment.revealed_at is None
    assert commitment.digest in page
    assert commitment.salt not in page
    assert "424242" not in page
    assert "Kept secret for good" in page


def test_d100_secret_difficulties_stay_committed_and_unrevealed(world, gm, player, seeded_dice):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    actions.start_session(campaign, gm, refill=2)
    test = d100.start_test(campaign, player, character=hero, skill="", attribute="Agility", difficulty=None)
    d100.set_difficulty(test.pk, gm, "hard")
    own = d100_gm.gm_secret_test(campaign, gm, character=hero, skill="", attribute="Agility", difficulty="easy")
    actions.end_session(campaign, gm)
    asked, gms = Commitment.objects.get(call=test), Commitment.objects.get(value="easy")
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert asked.digest in page
    assert "Kept secret for good" in page
    assert gms.digest not in page  # not even that the GM's own test was made, until the GM reveals it
    assert asked.salt not in page
    assert gms.salt not in page
    d100_gm.reveal_test(own.pk, gm)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert gms.digest in page
    assert gms.salt not in page
    assert not Commitment.objects.filter(kind="difficulty", revealed_at__isnull=False).exists()


def test_a_commitment_is_never_changed(world, gm, player):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    call = actions.call_for_roll(campaign, character=hero, notation="2d10", target=9)
    commitment = Commitment.objects.get(call=call)
    commitment.value = "at least 3"
    with pytest.raises(ValueError, match="never changed"):
        commitment.save()


def test_the_gms_export_holds_the_commitments(world, gm, player, seeded_dice):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    call = actions.call_for_roll(campaign, character=hero, notation="2d10", target=9, reveal={"target": True})
    kept = actions.call_for_roll(campaign, character=hero, notation="2d10", target=11)
    actions.answer_call(call.pk, player)
    record = client_for(gm).get(reverse("export", args=[campaign.pk, "json"])).json()
    shown, secret = Commitment.objects.get(call=call), Commitment.objects.get(call=kept)
    rows = {row["digest"]: row for row in record["commitments"]}
    assert rows[shown.digest]["value"] == "at least 9"
    assert rows[shown.digest]["salt"] == shown.salt
    assert rows[shown.digest]["revealed_at"] is not None
    assert rows[secret.digest]["revealed_at"] is None
    assert rows[secret.digest]["canonical"] == canonical(campaign.pk, "target", "at least 11", secret.salt)
    csv = client_for(gm).get(reverse("export", args=[campaign.pk, "csv"]) + "?part=commitments").content.decode()
    assert shown.digest in csv
    assert shown.salt in csv
    assert client_for(player).get(reverse("export", args=[campaign.pk, "json"])).status_code == 404


def test_a_plug_in_commits_through_the_generic_module(coin_table, gm, player, seeded_dice):
    """The test-only Coin system (tests/coin) commits its target as any system would: hidden while the
    session goes, shown and matching when it ends."""
    campaign, tess = coin_table
    actions.start_session(campaign, gm)
    call = coin_actions.call_flip(campaign, gm, character=tess, coins=3, target=2)
    coin_actions.flip_coins(call.pk, player)
    commitment = Commitment.objects.get(call=call)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert commitment.digest in page
    assert commitment.salt not in page
    actions.end_session(campaign, gm)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert f'data-part="salt">{commitment.salt}<' in page
    string = canonical(campaign.pk, "target", "2", commitment.salt)
    assert hashlib.sha256(string.encode()).hexdigest() == commitment.digest


def test_the_misfortune_pool_a_session_starts_with_is_committed_and_shown_at_its_end(world, gm, player):
    campaign = world["campaigns"]["d100"][0]
    d100.change_pools(campaign, actor=gm, reason="An NPC's gambit", misfortune=6)
    actions.start_session(campaign, gm, refill=2, short=True)  # after a short session, Misfortune keeps half: 3
    commitment = Commitment.objects.get(kind="misfortune")
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert commitment.digest in page
    assert commitment.salt not in page
    assert "Misfortune pool: 3" not in page
    actions.end_session(campaign, gm)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert 'data-part="value">3<' in page
    string = canonical(campaign.pk, "misfortune", "3", commitment.salt)
    assert hashlib.sha256(string.encode()).hexdigest() == commitment.digest


def test_a_secret_with_no_roll_is_promised_for_the_sessions_end_alone(world, gm, player):
    """Play-test: the Misfortune pool has no roll, so its note does not wait for "the roll" being over;
    a call's secret does."""
    campaign = world["campaigns"]["d100"][0]
    actions.start_session(campaign, gm, refill=2)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert "appear here when the session ends." in page
    assert "once the roll is over" not in page


def test_a_call_made_between_sessions_promises_no_reveal_when_the_session_ends(world, gm, player):
    """Play-test: a secret difficulty set with no session running said its value would appear "when
    the session ends": there was none. It appears when a session ends after the roll is over."""
    campaign, hero = world["campaigns"]["tribute"][0], world["characters"]["tribute"]
    called = tribute.start_test(campaign, player, character=hero, attribute="Might", focus=1, burden=1)
    tribute.set_opposition(called.pk, gm, 4)
    page = client_for(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert "appear here when a session ends after the roll is over." in page
    assert "when the session ends" not in page


def test_a_misfortune_pool_shown_to_the_table_needs_no_commitment(world, gm):
    campaign = world["campaigns"]["d100"][0]
    campaign.settings = {**campaign.settings, "show_misfortune": True}
    campaign.save()
    actions.start_session(campaign, gm, refill=2)
    assert not Commitment.objects.filter(kind="misfortune").exists()


def test_a_rolls_own_page_shows_its_commitment_then_its_reveal(world, gm, player, seeded_dice):
    """The roll's permalink holds the commitment of the secret it was made against: the digest
    alone while the session lasts, then the value and the salt, which hash to it."""
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    actions.start_session(campaign, gm)
    call, kind, value, _reveal = set_cgg_difficulty(campaign, gm, player, hero)
    cgg.roll_for_call(call.pk, player)
    finish(call, gm, player)
    roll = call.roll
    page = reverse("roll_page", args=[campaign.pk, roll.pk])
    commitment = Commitment.objects.get(call=call)
    before = client_for(player).get(page).content.decode()
    assert commitment.digest in before
    assert "Not revealed yet" in before
    assert commitment.salt not in before
    assert f'data-part="value">{value}<' not in before
    actions.end_session(campaign, gm)
    after = client_for(player).get(page).content.decode()
    assert f'data-part="value">{value}<' in after
    assert f'data-part="salt">{commitment.salt}<' in after
    assert hashlib.sha256(canonical(campaign.pk, kind, value, commitment.salt).encode()).hexdigest() in after


def test_the_gms_own_d100_secret_test_shows_its_commitment_on_its_own_page(world, gm, player, seeded_dice):
    """Play-test: the GM's own secret test has no call; its page (the GM's) and its reveal's page (the table's)
    still show the commitment the log shows, kept secret; a player gets 404 for the secret roll itself."""
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    own = d100_gm.gm_secret_test(campaign, gm, character=hero, skill="", attribute="Agility", difficulty="easy")
    commitment = Commitment.objects.get(value="easy")
    secret_page = reverse("roll_page", args=[campaign.pk, own.pk])
    assert client_for(player).get(secret_page).status_code == 404
    assert commitment.digest in client_for(gm).get(secret_page).content.decode()
    shown = d100_gm.reveal_test(own.pk, gm)
    page = client_for(player).get(reverse("roll_page", args=[campaign.pk, shown.pk])).content.decode()
    assert commitment.digest in page
    assert "Kept secret for good" in page
    assert commitment.salt not in page
