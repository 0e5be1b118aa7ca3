"""Tribute Alpha at the table, one action per step:

- a player's test against an opposition they know is rolled at once;
- against an opposition the GM sets, it waits for the GM's (secret) number;
- an opposed test (the GM's call) rolls both sides when the player rolls;
- then, on a Match or a Win with Profit or Waste on an effect, the player
  assigns them, and the final ranks go to the log.
"""

from __future__ import annotations

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Commitment, Roll, RollCall
from campaigns.systems.tribute.events import events_of_test
from campaigns.systems.tribute.kind import spec_from
from campaigns.table import actions as table_actions
from campaigns.table import live
from campaigns.toolkit.turns import locked_call, publish_call, save_call
from rules.errors import RulesError
from rules.tribute.effects import Assignment, assign
from rules.tribute.roll import roll_test
from rules.tribute.sheet import effect_from

KIND = "tribute"
ActionError = table_actions.ActionError


def _side(who: str, sheet_or_rank, attribute: str, focus: int, burden: int, die_size: int) -> dict:
    rank = sheet_or_rank if isinstance(sheet_or_rank, int) else sheet_or_rank.get("attributes", {}).get(attribute)
    if rank is None:
        raise RulesError(f"{who} has no attribute called {attribute}.")
    side = {"who": who, "attribute": attribute, "focus": focus, "burden": burden, "die_size": die_size, "rank": rank}
    spec_from(side)  # validates counts, size and rank now, with the rules' message
    return side


def _check_effect(character, effect: str) -> None:
    if effect and effect not in {e["name"] for e in character.sheet.get("effects", [])}:
        raise RulesError(f"{character.name} has no effect called {effect}.")


def _check_attribute(campaign, attribute: str) -> None:
    if attribute not in campaign.settings.get("attributes", []):
        raise RulesError(f"This campaign has no attribute called {attribute}.")


def start_test(
    campaign, player, *, character, attribute, focus, burden, effect="", opposition=None, label="", secret=False
):
    """A player's test. With `opposition` None the GM sets it, in secret; `secret` with an opposition: the
    GM's call gave it, already committed (campaigns/calls/card_calls.py)."""
    if character.owner_id != player.pk or character.campaign_id != campaign.pk:
        raise ActionError("Roll for your own character.")
    _check_attribute(campaign, attribute)
    _check_effect(character, effect)
    die_size = campaign.settings["die_size"]
    request = {
        "attribute": attribute,
        "die_size": die_size,
        "effect": effect,
        "self_test": True,  # the player's own test, not a call from the GM
        "secret": secret or opposition is None,
        "opposition": opposition,
        "test": _side(character.name, character.sheet, attribute, focus, burden, die_size),
        "events": events_of_test(campaign, die_size),
    }
    call = RollCall(campaign=campaign, character=character, kind=KIND, label=label, request=request)
    return table_actions.self_test(call, "opposition", lambda call: _roll(call, author=player, fresh=True))


def set_opposition(call_id: int, gm, opposition: int) -> RollCall:
    """The GM's secret opposition for a player's test: the dice are rolled now."""
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PENDING)
        table_actions.refuse_secret_number(call, gm, "opposition", test="test")
        # Shown when the session ends (read on /rules/#tribute).
        table_actions.set_secret_number(
            call, "opposition", opposition, test="test", reveal=Commitment.Reveal.SESSION_END
        )
        _roll(call, author=call.character.owner)
    return call


def call_opposed(campaign, gm, *, character, attribute, opponent: dict, label="") -> RollCall:
    """The GM calls for an opposed test: the player's character against another
    character or an NPC whose side the GM sets now."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls for an opposed test.")
    _check_attribute(campaign, attribute)
    die_size = campaign.settings["die_size"]
    rank_or_sheet = opponent["character"].sheet if opponent.get("character") else opponent["rank"]
    who = opponent["character"].name if opponent.get("character") else opponent["name"]
    if not who:
        raise RulesError("Name the opponent.")
    side = _side(who, rank_or_sheet, opponent["attribute"], opponent["focus"], opponent["burden"], die_size)
    request = {
        "attribute": attribute,
        "die_size": die_size,
        "effect": "",
        "secret": False,
        "opponent": side,
        "events": events_of_test(campaign, die_size),
    }
    with transaction.atomic():
        call = RollCall.objects.create(campaign=campaign, character=character, kind=KIND, label=label, request=request)
        table_actions.announce_call(call, f"{label or attribute} (an opposed test)")
    return call


def roll_opposed(call_id: int, player, *, focus: int, burden: int, effect: str = "") -> RollCall:
    """The player rolls their side of an opposed test; both sides roll at once."""
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PENDING)
        table_actions.refuse_contest_side(call, player, "opposition", test="test")
        _check_effect(call.character, effect)
        side = _side(
            call.character.name,
            call.character.sheet,
            call.request["attribute"],
            focus,
            burden,
            call.request["die_size"],
        )
        call.request = {**call.request, "effect": effect, "test": side}
        _roll(call, author=player)
    return call


WAITING = {
    RollCall.Status.PENDING: "This test has not been rolled yet.",
    RollCall.Status.PLAYER_TURN: "This test is waiting for the player's Profit and Waste.",
}


def _locked(call_id: int, status: str) -> RollCall:
    return locked_call(call_id, KIND, status, WAITING)


def _roll(call: RollCall, *, author, fresh: bool = False) -> None:
    """Roll the test (and the opposing side), then either wait for the
    player's assignment or publish at once when there is nothing to assign.
    A `fresh` call was never shown as a card (a test against a known opposition)."""
    dice = sources.dice()
    test = roll_test(spec_from(call.request["test"]), dice)
    state = {
        "test": {**call.request["test"], "focus_faces": list(test.focus_faces), "burden_faces": list(test.burden_faces)}
    }
    if "opponent" in call.request:
        opponent = roll_test(spec_from(call.request["opponent"]), dice)
        state["opponent"] = {
            **call.request["opponent"],
            "focus_faces": list(opponent.focus_faces),
            "burden_faces": list(opponent.burden_faces),
        }
        opposition = opponent.result
    else:
        opposition = call.request["opposition"]
    got = test.outcome(opposition)
    state |= {"opposition": opposition, "outcome": got.value, "profit": test.profit(got), "waste": test.waste(got)}
    if got.delivers and call.request.get("effect") and not (state["profit"] or state["waste"]):
        state["delivered"] = _bought_ranks(call.character, call.request["effect"])
    call.state = state
    if not got.delivers or not call.request.get("effect") or not (state["profit"] or state["waste"]):
        publish_call(call, author=author, shown=not fresh)
    else:
        call.status = RollCall.Status.PLAYER_TURN
        save_call(call)
        transaction.on_commit(lambda: live.send_call_opened(call) if fresh else live.send_call_updated(call))


def _bought_ranks(character, effect: str) -> list[list]:
    """The ranks the effect is delivered at when the dice leave them alone (seed "Effect Ranks":
    "you deliver the Effect at the rank you bought it at"): its features' or its own, as the
    sheet has them now, kept with the roll so that a later sheet does not rewrite the log."""
    raw = next(e for e in character.sheet["effects"] if e["name"] == effect)
    # pairs, not an object: PostgreSQL's jsonb does not keep key order
    return [[name, rank] for name, rank in effect_from(raw).targets.items()]


def assign_profit_and_waste(call_id: int, player, assignment: Assignment) -> Roll:
    """The player's Profit and Waste on the effect's features; the final ranks go to the log."""
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PLAYER_TURN)
        if call.character.owner_id != player.pk:
            raise ActionError("This test is for another player's character.")
        effect_raw = next(e for e in call.character.sheet["effects"] if e["name"] == call.request["effect"])
        resolution = assign(effect_from(effect_raw), call.state["profit"], call.state["waste"], assignment)
        call.state = {
            **call.state,
            "resolution": {
                # pairs, not an object: PostgreSQL's jsonb does not keep key order
                "ranks": [[name, rank] for name, rank in resolution.ranks.items()],
                "bonuses": list(resolution.bonuses),
                "complications": resolution.complications,
                "cancelled": assignment.cancelled,
                "unused_profit": resolution.unused_profit,
            },
        }
        return publish_call(call, author=player)
