"""The explorer's conditions in a roll (rules.cgg.condition_effects), as tension_roll.py does
for tension mode: before the roll, the codes they change and the hours the player pays for
the pay-one choices; after it, the Venture discarded, the Failures added and a Surface Wound
worsening (a new row of the log, and the sheet changed). Each is a label on the roll's card.

Reading (published on /rules/#cgg): conditions change the code after tension mode's Edge and
Spotlight, before leverage and a stunt.
"""

from __future__ import annotations

from typing import Any

from campaigns.systems.cgg.clock import ClockChange, change_clock
from campaigns.systems.cgg.conditions import set_conditions
from rules.cgg.action import Action
from rules.cgg.condition_effects import (
    RollConditions,
    after_roll,
    before_roll,
    new_condition,
    worsen_surface_wound,
)
from rules.dice import DiceSource


def exec_pays_on_call(character, exec_pays, *, actor, call) -> None:
    """The Exec "pays one" for each condition chosen on the call: the explorer's clock gains one
    each, as a Hammer use's price (reading published on /rules/#cgg)."""
    if exec_pays:
        reason = "The Exec pays for " + ", ".join(exec_pays)
        change_clock(character, ClockChange(gain=len(exec_pays)), actor=actor, reason=reason, call=call)


def take_conditions(character, request: dict, pays, *, actor, call) -> RollConditions:
    """Inside the roll's transaction: the conditions' changes to the roll, the pay-one hours paid."""
    lines = character.sheet.get("conditions", [])
    found = before_roll(lines, request["attribute"], pays, request.get("exec_conditions", ()))
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
