"""The risk code an action will roll, before the roll: one function for the Exec's call-form odds, the
Exec's waiting card and the player's card (risk code, odds, Venture chance), counting what
actions.roll_for_call counts, in its order: tension mode's Edge, then the explorer's conditions (and the
Exec's pay-one choices), then the Exec's assisting explorer and bonus pips, then what the risk roll alone
loses or gains (the Spotlight, a helper's -1d, Confused, Improved).
The player's own gear, leverage and pips are not known before they choose them (found in a play-test); the
gear they ask the Exec to confirm is, and the Exec's card counts it.
Reading (published on /rules/#cgg): one code before the roll; Painful Harm's discard counts in the Venture chance."""

from __future__ import annotations

from dataclasses import dataclass, field

from campaigns.systems.cgg.assists import exec_assisted
from campaigns.systems.cgg.condition_roll import preview
from campaigns.systems.cgg.tension_roll import modifiers_now
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.condition_effects import has
from rules.cgg.tension_roll import with_risk_dice
from rules.errors import RulesError


@dataclass(frozen=True, slots=True)
class PreRoll:
    code: DieCode
    success_dice: int
    labels: list = field(default_factory=list)
    venture_discarded: int = 0  # Painful Harm discards the first Venture


def pre_roll(
    character, attribute: str, *, exec_pays=(), assist=None, bonus_pips: int = 0, gear=(), gear_success=False
) -> PreRoll:
    """`assist`: (helper, attribute) as the call holds it, or None. `gear`: the Assists of the gear a
    player asks the Exec to confirm, combined in as actions.roll_for_call combines it; its dice count
    as success dice only under the campaign's reading that says so (`gear_success`,
    /rules/#cgg-gear-reading)."""
    code = parse_code(character.sheet["attributes"][attribute])
    tension = modifiers_now(character, attribute)
    labels = []
    try:
        code = tension.boost(code)
        labels = list(tension.code_labels)
    except RulesError:  # past 20 dice: the roll itself refuses, with the message
        pass
    code, success_dice, condition_labels, risk_only = preview(character, attribute, exec_pays, code, code.dice)
    assisted = exec_assisted(code, assist, bonus_pips, tuple(gear))
    succeeding = assisted if gear_success or not gear else exec_assisted(code, assist, bonus_pips)
    success_dice += succeeding.dice - code.dice
    condition_labels.extend(f"+{item.label} {item.code}" for item in gear)  # the roll's card's words
    if assist is not None:  # as the roll's card says it (assists.apply_assists)
        helper, helper_attribute = assist
        condition_labels.append(
            f"+{helper.name}'s {helper_attribute.title()} {helper.sheet['attributes'][helper_attribute]}"
        )
    if bonus_pips:
        condition_labels.append(f"+{bonus_pips} BP")
    # What the risk roll alone loses or gains comes off last, as the roll takes it (/rules/#cgg-risk-penalties).
    risk_code = with_risk_dice(assisted, tension.risk_change + risk_only)
    if (assist is not None or gear) and tension.risk_labels:
        condition_labels.append(f"→ {assisted}")
    condition_labels.extend(tension.risk_labels)
    discarded = 1 if has(character.sheet.get("conditions", []), "Painful Harm") else 0
    return PreRoll(risk_code, success_dice, [*labels, *condition_labels], discarded)


def call_assist(call):
    """The Exec's assisting explorer on a call, as (helper, attribute), or None."""
    named = call.request.get("assist")
    if not named:
        return None
    helper = type(call.character).objects.filter(pk=named["character"]).first()
    return (helper, named["attribute"]) if helper is not None else None
