"""Centaurus Gate's table flow, each step one action in one transaction:

1. the Exec calls for an action (secret difficulty);
2. the player rolls risk, with an optional stunt; the Exec's dice are rolled
   at the same moment;
3. the player chooses Wrench uses, paying hours;
4. the Exec chooses Hammer uses with the Venture left, gaining hours on the
   explorer's clock, and the outcome is published to the table.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Commitment, Roll, RollCall
from campaigns.systems.cgg.assists import GEAR_CHOICE, AssistChoice, apply_assists, gear_options
from campaigns.systems.cgg.clock import ClockChange, change_clock
from campaigns.systems.cgg.condition_roll import (
    after_the_roll,
    end_lasting,
    exec_pays_on_call,
    exec_rerolls,
    take_conditions,
)
from campaigns.systems.cgg.kind import action_from, difficulty_from, difficulty_summary
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.rounds import record_helps
from campaigns.systems.cgg.tension_roll import open_pitfalls, take_modifiers
from campaigns.table import actions as table_actions
from campaigns.table import commitment_actions, events, live
from campaigns.toolkit.turns import publish_call
from rules.cgg.action import apply_hammer, apply_wrench, roll_action
from rules.cgg.aspects import wrench_price
from rules.cgg.codes import parse_code
from rules.cgg.difficulty import Difficulty
from rules.cgg.rounds import Round
from rules.cgg.settings import tension_players
from rules.cgg.stunts import Stunt
from rules.cgg.tension import TensionState, lowering
from rules.cgg.tension import spin_the_world as tension_spin
from rules.cgg.tension_roll import with_risk_dice
from rules.cgg.venture import Hammer, Wrench, check_subjects, check_uses, hammer_hours
from rules.errors import RulesError

KIND = "cgg"
# The conditions that change the risk roll alone, as the code's line names them (rules.cgg.condition_effects).
RISK_ONLY_WORDS = {"Improved": "+1D Improved", "Confused": "-1D Confused"}
ActionError = table_actions.ActionError


def call_for_action(
    campaign,
    *,
    character,
    attribute: str,
    difficulty: Difficulty,
    label: str = "",
    exec_pays=(),
    gm=None,
    assist=None,
    bonus_pips: int = 0,
) -> RollCall:
    """The Exec calls for an action; `difficulty` holds the secret choices
    (its success dice are filled in from the sheet when the player rolls). The Exec may call any
    explorer: out of turn is shown, not refused (campaigns/systems/cgg/rounds.py, published on
    /rules/#cgg). `exec_pays` are the
    conditions the Exec pays one for (campaigns/systems/cgg/condition_roll.py). `assist` is an
    assisting explorer and the attribute they help with, whose code combines into the action's
    when the player rolls; in tension mode they help this round (rules.cgg.rounds: not acted yet,
    once a round, never the first explorer). `bonus_pips` are a special rule's
    (campaigns/systems/cgg/assists.py)."""
    request = {
        "attribute": attribute,
        "difficulty": {
            "base_dice": difficulty.base_dice,
            "adjustments": list(difficulty.adjustments),
            "risk": difficulty.risk.value,
            "risk_bonus": difficulty.risk_bonus,
            "contest": difficulty.contest,
        },
    }
    if assist is not None:
        helper, helper_attribute = assist
        request["assist"] = {"character": helper.pk, "name": helper.name, "attribute": helper_attribute}
    if bonus_pips:
        request["bonus_pips"] = bonus_pips
    with transaction.atomic():
        if assist is not None and (helped_by := record_helps(campaign, character, [assist[0]])):
            request["helped_by"] = helped_by
        if exec_pays:
            request["exec_conditions"] = list(exec_pays)
        call = RollCall.objects.create(campaign=campaign, character=character, label=label, kind=KIND, request=request)
        exec_pays_on_call(character, exec_pays, actor=gm or campaign.gm, call=call)
        table_actions.announce_call(call, label or attribute.capitalize(), by="The Exec")
        # Committed before the dice, shown when the session ends (read on /rules/#cgg).
        commitment_actions.commit(
            campaign,
            kind="difficulty",
            value=difficulty_summary(request),
            call=call,
            about=f"the difficulty of {character.name}'s action",
            reveal=Commitment.Reveal.SESSION_END,
        )
    return call


def _locked_call(call_id: int, status: str) -> RollCall:
    call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id, kind=KIND)
    if call.status != status:
        raise ActionError(
            {
                RollCall.Status.PENDING: "This action is waiting for the player's roll.",
                RollCall.Status.PLAYER_TURN: "This action is waiting for the player's Wrench uses.",
                RollCall.Status.GM_TURN: "This action is waiting for the Exec's Hammer uses.",
                RollCall.Status.ANSWERED: "This action is already over.",
                RollCall.Status.CANCELLED: "This action was cancelled.",
            }[call.status]
        )
    return call


def _check_player(call: RollCall, player) -> None:
    if call.character.owner_id != player.pk:
        raise ActionError("This call is for another player's explorer.")


def hold_for_gear(call_id: int, player, gear: tuple[int, ...], held: dict) -> RollCall:
    """The player ticked gear: before any die is rolled, the Exec confirms which of it applies
    (/rules/#cgg-gear-confirmed). The call waits, keeping the roll form's other choices (`held`,
    the posted lists by name) to roll with them once the Exec has said; asking again replaces it."""
    with transaction.atomic():
        call = _locked_call(call_id, RollCall.Status.PENDING)
        _check_player(call, player)
        asked = gear_options(call.character.sheet)
        if not gear or not set(gear) <= {index for index, _ in asked}:
            raise RulesError(GEAR_CHOICE)
        call.request = {**call.request, "held": {"gear": sorted(gear), "form": held}}
        call.save(update_fields=["request"])
        transaction.on_commit(lambda: live.send_call_updated(call))
    return call


def confirm_gear(call_id: int, gm, kept: tuple[int, ...]) -> dict:
    """Inside the roll's transaction: the Exec keeps the gear that applies, of what the player
    ticked, and strikes the rest; the card says which. The roll form's choices, to roll with."""
    call = _locked_call(call_id, RollCall.Status.PENDING)
    if not call.campaign.is_gm(gm):
        raise ActionError("Only the Exec confirms gear.")
    held = call.request.get("held")
    if not held:
        raise ActionError("This roll is not waiting for gear.")
    if not set(kept) <= set(held["gear"]):
        raise RulesError("Confirm only gear the player ticked.")
    labels = dict(gear_options(call.character.sheet))
    request = {key: value for key, value in call.request.items() if key != "held"}
    request["gear_kept"] = sorted(kept)
    request["gear_struck"] = [labels.get(index, "") for index in held["gear"] if index not in kept]
    call.request = request
    call.save(update_fields=["request"])
    return held["form"]


def roll_for_call(
    call_id: int, player, stunt: Stunt | None = None, assists: AssistChoice | None = None, pays: tuple = ()
) -> RollCall:
    """The player rolls risk (tension mode's Edge applied, then the conditions, then the assists:
    gear, assisting explorers, a leverage paid in an hour or 1D of it, bonus pips; then what the risk
    roll alone loses or gains, the Spotlight and a help this round among them; then an optional
    stunt, paid from the clock) and the Exec's difficulty dice are rolled at the same moment."""
    with transaction.atomic():
        call = _locked_call(call_id, RollCall.Status.PENDING)
        _check_player(call, player)
        # Gear counts once the Exec has confirmed it (hold_for_gear, confirm_gear; /rules/#cgg-gear-confirmed).
        if assists is not None and not set(assists.gear) <= set(call.request.get("gear_kept", [])):
            raise ActionError("The Exec confirms which gear applies before the roll: ask with the roll form.")
        call.request.pop("held", None)
        character = call.character
        attribute_code = parse_code(character.sheet["attributes"][call.request["attribute"]])
        tension = take_modifiers(character, call.request["attribute"])  # Edge and Spotlight, in tension mode
        code = tension.boost(attribute_code)
        success_dice = code.dice
        labels = list(tension.code_labels)
        # The explorer's conditions, and the pay-one choices in `pays` (campaigns/systems/cgg/condition_roll.py).
        conditions = take_conditions(character, call.request, pays, actor=player, call=call)
        code, success_dice = conditions.change_code(code, success_dice)
        # Gear, assisting explorers, leverage and bonus pips, combined at once (published on /rules/#cgg).
        code, success_dice, built = apply_assists(call, assists or AssistChoice(), code, success_dice, actor=player)
        labels.extend(built)
        # Then what the risk roll alone loses or gains (Spotlight, a help this round, Confused, Improved):
        # before the assists, a helper's code would replace the penalised one (/rules/#cgg-risk-penalties).
        risk_code = with_risk_dice(code, tension.risk_change + conditions.risk_only)
        # Named in the code's line as the Spotlight is, or "… 4d+1 = risk 4d" would not add up.
        held = {label.split(":")[0] for label in conditions.labels}
        risk_only = [words for name, words in RISK_ONLY_WORDS.items() if name in held]
        if built and (tension.risk_labels or risk_only):
            labels.append(f"→ {code}")
        labels.extend([*tension.risk_labels, *risk_only])
        player_helper = assists.helper if assists is not None else None
        if player_helper is not None and player_helper != call.request.get("assist", {}).get("character"):
            helper = character.campaign.characters.seated().get(pk=player_helper)  # checked by apply_assists
            if helped_by := record_helps(call.campaign, character, [helper]):
                call.request["helped_by"] = call.request.get("helped_by", []) + helped_by
        if stunt is not None:
            before_stunt = risk_code
            risk_code, success_dice = stunt.apply(risk_code, success_dice)
            if stunt.moved:
                # The dice moved to success leave the risk roll: said, or "Dexterity 4d+1 … = risk 3d+1" reads wrong.
                if labels and str(before_stunt) != str(attribute_code):
                    labels.append(f"→ {before_stunt}")
                labels.append(f"-{stunt.moved}d stunt")
            change_clock(character, ClockChange(pay=stunt.hours), actor=player, reason="Stunt", call=call)
        action = roll_action(difficulty_from(call.request, success_dice), risk_code, sources.dice())
        call.state = {
            **after_the_roll(character, action, conditions, sources.dice()),
            "attribute_code": str(attribute_code),
            "tension": labels,  # what changed the code before the roll: tension mode, leverage
            "risk_code": str(risk_code),
            "success_dice": success_dice,
            "stunt": None if stunt is None else {"mastery": stunt.mastery, "moved": stunt.moved, "extra": stunt.extra},
            "risk_faces": list(action.risk.faces),
            "extra_faces": [],
            "exec_faces": list(action.exec_roll.faces),
        }
        if (pitfalls := open_pitfalls(character)) is not None:
            call.state |= pitfalls  # tension mode: the card's "Lower tension" (tension_views.lower)
        call.state |= exec_rerolls(call.state, conditions, sources.dice())  # Troubled, Transcendent
        call.status = RollCall.Status.PLAYER_TURN
        call.save(update_fields=["request", "state", "status"])
        transaction.on_commit(lambda: live.send_call_updated(call))
    return call


def choose_wrench(call_id: int, player, uses: tuple[Wrench, ...], aspect: str = "") -> RollCall:
    """The player's Wrench uses, paid in hours, or free with an Aspect called into play
    (rules.cgg.aspects). With no Venture left for the Exec, the action is published at once."""
    with transaction.atomic():
        call = _locked_call(call_id, RollCall.Status.PLAYER_TURN)
        _check_player(call, player)
        action = action_from(call.request, call.state)
        check_uses(uses, action.risk.venture)  # before paying, and before any die is rolled
        _check_subjects(call.character, uses)
        price = wrench_price(uses, aspect=aspect, aspects=call.character.sheet.get("aspects", []))
        if uses and price:
            reason = "Wrench: " + ", ".join(use.label for use in uses)
            change_clock(call.character, ClockChange(pay=price), actor=player, reason=reason, call=call)
        action = apply_wrench(action, uses, sources.dice())
        call.state = {
            **call.state,
            "wrench": [use.name for use in uses],
            "aspect": aspect if uses else "",
            "exec_faces": list(action.exec_roll.faces),
            "first_exec_faces": list(action.first_exec_roll.faces) if action.first_exec_roll else None,
            "extra_faces": list(action.risk.extra_faces),
        }
        if action.venture_left:
            call.status = RollCall.Status.GM_TURN
            call.save(update_fields=["state", "status"])
            transaction.on_commit(lambda: live.send_call_updated(call))
        else:
            publish_call(call, author=player)
    return call


def choose_hammer(call_id: int, gm, uses: tuple[Hammer, ...]) -> Roll:
    """The Exec's Hammer uses (hours gained on the explorer's clock), then the outcome goes to the table."""
    with transaction.atomic():
        call = _locked_call(call_id, RollCall.Status.GM_TURN)
        if not call.campaign.is_gm(gm):
            raise ActionError("Only the Exec uses the Hammer.")
        apply_hammer(action_from(call.request, call.state), uses)
        _check_subjects(call.character, uses)
        call.state = {**call.state, "hammer": [use.name for use in uses]}
        roll = publish_call(call, author=call.character.owner)
        if uses:
            reason = "Hammer: " + ", ".join(use.label for use in uses)
            change_clock(call.character, ClockChange(gain=hammer_hours(uses)), actor=gm, reason=reason, roll=roll)
    return roll


def _check_subjects(character, uses) -> None:
    sheet = character.sheet
    check_subjects(uses, character.name, conditions=sheet.get("conditions", []), gear=sheet.get("gear", []))


def resolve_crisis(character, gm, *, critical: bool = False):
    """The Exec resolves an explorer's crisis: 3 + 1d6 hours back on the clock."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec resolves a crisis.")
    die = sources.dice().roll(6)
    reason = f"Crisis resolved{' (critical)' if critical else ''}: rolled {die}"
    return change_clock(character, ClockChange(resolve_die=die, critical=critical), actor=gm, reason=reason)


def adjust_clock(character, gm, *, pay: int = 0, gain: int = 0, reason: str):
    """The Exec pays or gains hours for anything else the rules say (Idle!, conditions...), and
    awards Drama: the seed's Drama and Experience prices are clock hours (rules.cgg.venture,
    published on /rules/#cgg)."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec adjusts a clock.")
    if pay < 0 or gain < 0 or not (pay or gain):
        raise RulesError("Pay or gain at least one hour.")
    return change_clock(character, ClockChange(pay=pay, gain=gain), actor=gm, reason=reason)


def start_tension(campaign, gm, *, bleakness, edge_holder=None) -> TensionScene:
    """The Exec starts tension mode: its dice follow how bleak it looks and the number of players.
    The players are the campaign's seats, and the Exec too unless the campaign's setting says
    otherwise (rules.cgg.settings.tension_players, published on /rules/#cgg-tension-players)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the Exec starts tension mode.")
    players = tension_players(
        campaign.settings,
        seats=campaign.memberships.count(),
        with_explorers=campaign.characters.seated().values("owner").distinct().count(),
    )
    state = TensionState.start(bleakness, players=players)
    with transaction.atomic():
        scene, _ = TensionScene.objects.select_for_update().update_or_create(
            campaign=campaign, defaults={"active": True, "state": state.as_dict(), "edge_holder": edge_holder}
        )
        events.record(campaign, "tension", "The Exec starts tension mode")
        transaction.on_commit(lambda: live.send_panel(campaign))
    return scene


def lower_tension(roll, gm, index: int, amount: int) -> TensionScene:
    """From a successful action's card in tension mode: the Exec lowers a pitfall 1 or 2 (2 or 3 for
    the explorer who went first this round), once per action.
    Reading (published on /rules/#cgg): the pitfalls offered are those open when the action was rolled."""
    if roll.kind != KIND or not roll.outcome.get("pitfalls"):
        raise ActionError("Tension is lowered from an action's card rolled in tension mode.")
    if not action_from(roll.request, roll.outcome).success:
        raise ActionError("Only a successful action lowers tension.")
    if index not in [pitfall[0] for pitfall in roll.outcome["pitfalls"]]:
        raise ActionError("Choose a pitfall from the card.")
    if amount not in lowering(bool(roll.outcome.get("went_first"))):
        low, high = lowering(bool(roll.outcome.get("went_first")))
        raise ActionError(f"Lower this action's pitfall by {low}, or {high} for a particularly effective action.")
    return change_tension(roll.campaign, gm, lambda state: state.lower_for(roll.pk, index, amount))


def change_tension(campaign, gm, change, *, edge_holder=None) -> TensionScene:
    """The one way tension mode changes: `change` maps the current TensionState to
    the next one (rules.cgg.tension), under a row lock."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the Exec runs tension mode.")
    with transaction.atomic():
        scene = TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()
        if scene is None:
            raise ActionError("Tension mode is not on.")
        scene.state = change(TensionState.from_dict(scene.state)).as_dict()
        if edge_holder is not None:
            scene.edge_holder = edge_holder
        scene.save(update_fields=["state", "edge_holder", "updated_at"])
        transaction.on_commit(lambda: live.send_panel(campaign))
    return scene


def spin_the_world(campaign, gm) -> Roll:
    """The Exec rolls the tension dice; the table sees the roll, the successes wait to be spent."""
    with transaction.atomic():
        scene = TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()
        if scene is None:
            raise ActionError("Tension mode is not on.")
        spin = tension_spin(TensionState.from_dict(scene.state).dice, sources.dice())
        change_tension(campaign, gm, lambda state: state.spin(spin))
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            kind="cgg_spin",
            request={"label": "The Exec spins the world"},
            outcome={"faces": list(spin.faces), "successes": spin.successes},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def end_tension(campaign, gm) -> None:
    if not campaign.is_gm(gm):
        raise ActionError("Only the Exec ends tension mode.")
    with transaction.atomic():
        # The round ends with it: who acted, the focus and the help are cleared (rules.cgg.rounds).
        for scene in TensionScene.objects.select_for_update().filter(campaign=campaign):
            if scene.active:
                events.record(campaign, "tension", "The Exec ends tension mode")
            state = TensionState.from_dict(scene.state)
            scene.state = replace(state, turns=Round()).as_dict()
            scene.active = False
            scene.save(update_fields=["state", "active", "updated_at"])
        end_lasting(campaign)  # Augmented and Dire Injury end with tension (campaigns/systems/cgg/condition_roll.py)
        transaction.on_commit(lambda: live.send_panel(campaign))
