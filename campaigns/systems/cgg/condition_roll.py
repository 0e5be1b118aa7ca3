"""The explorer's conditions in a roll (rules.cgg.condition_effects), as tension_roll.py does
for tension mode: before the roll, the codes they change and the hours the player pays for
the pay-one choices; after it, the Venture discarded, the Failures added and a Surface Wound
worsening (a new row of the log, and the sheet changed). Each is a label on the roll's card.

Reading (published on /rules/#cgg): conditions change the code after tension mode's Edge and
Spotlight, before leverage and a stunt.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from campaigns.models import RollCall
from campaigns.systems.cgg.clock import ClockChange, change_clock
from campaigns.systems.cgg.conditions import log_condition, set_conditions
from campaigns.systems.cgg.models import TensionScene
from campaigns.table import live
from campaigns.table.actions import ActionError
from characters.models import Character
from rules.cgg.action import Action
from rules.cgg.condition_effects import (
    CONDITIONS_BY_NAME,
    RollConditions,
    SheetCondition,
    after_roll,
    before_roll,
    has,
    new_condition,
    reroll_exec,
    worsen_surface_wound,
)
from rules.dice import DiceSource
from rules.errors import RulesError

LASTING = "tension_conditions"  # the sheet's key: what lasts until tension mode ends (Augmented, Dire Injury)


def lasting_effects(character) -> dict:
    """What the explorer's conditions keep until tension mode ends: {"Augmented": True, "Dire Injury": "strength"}."""
    return dict(character.sheet.get(LASTING, {}))


def _tension_on(campaign_id) -> bool:
    return TensionScene.objects.filter(campaign_id=campaign_id, active=True).exists()


def _keep(character, **effects) -> None:
    locked = Character.objects.select_for_update().get(pk=character.pk)
    locked.sheet = {**locked.sheet, LASTING: {**locked.sheet.get(LASTING, {}), **effects}}
    locked.save(update_fields=["sheet"])
    character.sheet = locked.sheet


def end_lasting(campaign) -> None:
    """Tension mode ends: Augmented's +1D and Dire Injury's -1D end with it (a hook in actions.end_tension)."""
    for character in Character.objects.filter(campaign=campaign).select_for_update():
        if character.sheet.get(LASTING):
            character.sheet = {k: v for k, v in character.sheet.items() if k != LASTING}
            character.save(update_fields=["sheet"])


def dire_injury(campaign, character, attribute: str, gm) -> None:
    """The Exec pays one for Dire Injury on the call: the explorer's action is cancelled (no call
    is made), and `attribute` (the call's) loses 1D until tension mode ends.

    Reading (published on /rules/#cgg): the die code of her choice is the call form's attribute;
    as "until the end of tension" needs tension mode, outside it Dire Injury is refused."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the Exec pays for Dire Injury.")
    with transaction.atomic():
        if not _tension_on(campaign.pk):
            raise ActionError("Dire Injury lasts until the end of tension: start tension mode first.")
        _keep(character, **{"Dire Injury": attribute})
        change_clock(character, ClockChange(gain=1), actor=gm, reason="The Exec pays for Dire Injury")
        held = SheetCondition("Dire Injury", CONDITIONS_BY_NAME["Dire Injury"], attribute)
        log_condition(character, gm, "dire", held)


def exec_pays_on_call(character, exec_pays, *, actor, call) -> None:
    """The Exec "pays one" for each condition chosen on the call: the explorer's clock gains one
    each, as a Hammer use's price (reading published on /rules/#cgg)."""
    if exec_pays:
        reason = "The Exec pays for " + ", ".join(exec_pays)
        change_clock(character, ClockChange(gain=len(exec_pays)), actor=actor, reason=reason, call=call)


def take_conditions(character, request: dict, pays, *, actor, call) -> RollConditions:
    """Inside the roll's transaction: the conditions' changes to the roll, the pay-one hours paid."""
    lines = character.sheet.get("conditions", [])
    found = before_roll(
        lines, request["attribute"], pays, request.get("exec_conditions", ()), lasting_effects(character)
    )
    if found.augmented and _tension_on(character.campaign_id):
        _keep(character, Augmented=True)  # outside tension mode: this roll only (published on /rules/#cgg)
    if found.hours:
        reason = "Conditions: " + ", ".join(label.split(":")[0] for label in found.labels if "paid one" in label)
        change_clock(character, ClockChange(pay=found.hours), actor=actor, reason=reason, call=call)
    return found


def after_the_roll(character, action: Action, found: RollConditions, dice: DiceSource) -> dict[str, Any]:
    """The call's state for what the conditions did once the dice were down."""
    lines = character.sheet.get("conditions", [])
    after = after_roll(lines, action.risk.venture, found.restrained, dice)
    if after.worsen_wound:
        held = new_condition("Surface Wound", "HI2")
        set_conditions(character, character.campaign.gm, worsen_surface_wound(list(lines)), "Surface Wound", held)
    return {
        "venture_discarded": after.discarded,
        "condition_failures": after.failures,
        "conditions": [*found.labels, *after.labels],
    }


def exec_rerolls(state: dict[str, Any], found: RollConditions, dice: DiceSource) -> dict[str, Any]:
    """Troubled and Transcendent: the Exec's dice rerolled once the roll is made (a hook in
    actions.roll_for_call); the first faces are kept for the Exec's eyes only."""
    if not (found.troubled or found.transcendent):
        return {}
    return {
        "exec_faces": list(reroll_exec(state["exec_faces"], found, dice)),
        "condition_exec_faces": state["exec_faces"],
    }


def preview(character, attribute: str, exec_pays=(), code=None, success_dice=None):
    """The conditions' automatic effects (and the Exec's choices on the call) before the roll, for the
    Exec's odds and the player's risk code: nothing paid, nothing kept. Returns (code, success dice,
    labels, the risk roll's own change), the last to come off after the assists (RollConditions.change_code)."""
    lines = character.sheet.get("conditions", [])
    try:
        found = before_roll(lines, attribute, (), exec_pays, lasting_effects(character))
    except RulesError:
        return code, success_dice, [], 0
    new_code, new_success = found.change_code(code, code.dice if success_dice is None else success_dice)
    return new_code, new_success, [label for label in found.labels if "Restrained" not in label], found.risk_only


ENHANCED = {"succeed": "succeeds", "avoid": "avoids fallout"}


def enhanced_offered(call) -> bool:
    """Enhanced on the player's card: after a roll with Venture, before the Wrench, once."""
    state = call.state or {}
    return (
        call.status == RollCall.Status.PLAYER_TURN
        and bool(state.get("risk_faces"))
        and 6 in state["risk_faces"]
        and not state.get("enhanced")
        and has(call.character.sheet.get("conditions", []), "Enhanced")
    )


def use_enhanced(call_id: int, player, choice: str) -> RollCall:
    """Enhanced: "when the player rolls Venture, they may pay one to either succeed or avoid
    fallout but not both": an hour off the clock, once, after the roll and before the Wrench.

    Reading (published on /rules/#cgg): "rolls Venture" is a 6 among the risk dice as rolled
    (before Painful Harm's discard); "succeed" makes the action's Failures none, whatever the
    Hammer then adds; "avoid fallout" makes the risk avoided."""
    if choice not in ENHANCED:
        raise ActionError("Enhanced: choose to succeed or to avoid fallout (not both).")
    with transaction.atomic():
        call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id)
        if call.character.owner_id != player.pk:
            raise ActionError("Enhanced is the explorer's player's to pay.")
        if not has(call.character.sheet.get("conditions", []), "Enhanced"):
            raise ActionError("Enhanced: the explorer has no such condition to pay for.")
        if call.state.get("enhanced"):
            raise ActionError("Enhanced is paid once a roll.")
        if not enhanced_offered(call):
            raise ActionError("Enhanced is paid after a roll with Venture, before the Wrench.")
        change_clock(call.character, ClockChange(pay=1), actor=player, reason="Conditions: Enhanced", call=call)
        label = f"Enhanced: paid one, {ENHANCED[choice]}"
        call.state = {**call.state, "enhanced": choice, "conditions": [*call.state.get("conditions", []), label]}
        call.save(update_fields=["state"])
        transaction.on_commit(lambda: live.send_call_updated(call))
    return call
