"""Centaurus Gate actions at the table: what each audience sees.

The player and the table learn the risk dice, total, Venture, the uses chosen,
the failure grade and whether the risk was avoided; never the difficulty, the
risk target or the Exec's dice ("Secrecy"). The GM sees everything.
"""

from __future__ import annotations

from typing import Any

from campaigns.common import reads
from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.plugins.roll_kind import CalledKind, FacesKind
from campaigns.systems.cgg.assists import bonus_pips_from, gear_assists, gear_options
from campaigns.systems.cgg.chips import added_chips, exec_chips, risk_chips
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.condition_roll import LASTING, enhanced_offered
from campaigns.systems.cgg.leverage import leverage_options
from campaigns.systems.cgg.pre_roll import call_assist, pre_roll
from rules.cgg.action import THAT_WAS_CLOSE_BONUS, Action, action_chances
from rules.cgg.codes import parse_code
from rules.cgg.condition_effects import pay_options
from rules.cgg.difficulty import ADJUSTMENTS_BY_KEY, Difficulty, ExecRoll, RiskLevel, failure_grade
from rules.cgg.risk import RiskRoll, chance_of_venture
from rules.cgg.settings import gear_on_success
from rules.cgg.tension import lowering
from rules.cgg.venture import Hammer, Wrench, missing_subject

ATTRIBUTE_LABELS = {
    "dexterity": "Dexterity",
    "strength": "Strength",
    "perception": "Perception",
    "knowledge": "Knowledge",
    "technical": "Technical",
    "mechanical": "Mechanical",
}


def difficulty_from(request: dict[str, Any], success_dice: int) -> Difficulty:
    spec = request["difficulty"]
    return Difficulty(
        base_dice=spec["base_dice"],
        success_dice=success_dice,
        adjustments=tuple(spec["adjustments"]),
        risk=RiskLevel(spec["risk"]),
        risk_bonus=spec["risk_bonus"],
        contest=spec["contest"],
    )


def action_from(request: dict[str, Any], state: dict[str, Any]) -> Action:
    """Rebuild the rules' Action from what a call or roll stored."""
    first = state.get("first_exec_faces")
    return Action(
        difficulty=difficulty_from(request, state["success_dice"]),
        risk=RiskRoll(
            parse_code(state["risk_code"]),
            tuple(state["risk_faces"]),
            tuple(state.get("extra_faces", ())),
            discarded=state.get("venture_discarded", 0),  # Painful Harm (campaigns/systems/cgg/condition_roll.py)
        ),
        exec_roll=ExecRoll(tuple(state["exec_faces"])),
        wrench=tuple(Wrench[name] for name in state.get("wrench", ())),
        hammer=tuple(Hammer[name] for name in state.get("hammer", ())),
        first_exec_roll=ExecRoll(tuple(first)) if first else None,
        condition_failures=state.get("condition_failures", 0),
        enhanced=state.get("enhanced", ""),  # Enhanced (campaigns/systems/cgg/condition_roll.py)
    )


def difficulty_summary(request: dict[str, Any]) -> str:
    spec = request["difficulty"]
    base = f"contest, base {spec['base_dice']}d" if spec["contest"] else f"base {spec['base_dice']}d"
    adjustments = [ADJUSTMENTS_BY_KEY[key].label for key in spec["adjustments"]]
    grade = RiskLevel(spec["risk"])
    risk = {RiskLevel.NONE: "no risk", RiskLevel.MINIMAL: "minimal risk", RiskLevel.EXTREME: "extreme risk"}.get(
        grade, "limited risk"
    )
    if grade is not RiskLevel.NONE and spec["risk_bonus"]:
        risk += f" +{spec['risk_bonus']}"
    return "; ".join(part for part in [base, *adjustments, risk] if part)


def _public_action(action: Action) -> dict[str, Any]:
    """What the player and the table may know of an action."""
    return {
        "risk_code": str(action.risk.code),
        "risk_faces": list(action.risk.faces),
        "extra_faces": list(action.risk.extra_faces),
        "risk_total": action.risk_total,
        # "That was close!"'s +5, which every card adds up as the log does (systems/cgg/risk_sum.html).
        "close_bonus": THAT_WAS_CLOSE_BONUS if Wrench.THAT_WAS_CLOSE in action.wrench else 0,
        "venture": action.risk.venture,
        "wrench": [use.label for use in action.wrench],
        "hammer": [use.label for use in action.hammer],
    }


def _conditions(state: dict[str, Any]) -> dict[str, Any]:
    """What the explorer's conditions did to the roll ("Painful Harm: first Venture discarded")."""
    return {"conditions": state.get("conditions", [])}


def _aspect(state: dict[str, Any]) -> dict[str, Any]:
    """The Aspect the player called into play for a free Wrench (rules.cgg.aspects), if any."""
    return {"aspect": state.get("aspect", "")}


def _tension(state: dict[str, Any]) -> dict[str, Any]:
    """The code as the sheet has it and what tension mode did to it ("4d+1 +1d Edge");
    rolls stored before tension reached the roll have neither."""
    return {"attribute_code": state.get("attribute_code", state["risk_code"]), "tension": state.get("tension", [])}


def _secret_action(action: Action, request: dict[str, Any]) -> dict[str, Any]:
    return {
        "difficulty": difficulty_summary(request),
        "remaining_dice": action.difficulty.remaining_dice,
        "exec_faces": list(action.exec_roll.faces),
        "first_exec_faces": list(action.first_exec_roll.faces) if action.first_exec_roll else None,
        "failures": action.failures,
        "risk_target": action.risk_target,
    }


class CggKind(CalledKind):
    key = "cgg"
    name = "Action (die code)"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        action = action_from(roll.request, roll.outcome)
        data = {
            "attribute": ATTRIBUTE_LABELS[roll.request["attribute"]],
            **_public_action(action),
            **_tension(roll.outcome),
            **_aspect(roll.outcome),
            "helped_by": roll.request.get("helped_by", []),
            "gear_struck": roll.request.get("gear_struck", []),  # actions.confirm_gear
            **_conditions(roll.outcome),
            "success": action.success,
            "grade": failure_grade(action.failures).value,
            "no_risk": action.risk_target is None,
            "risk_avoided": action.risk_avoided,
            # The dice as chips: Venture spent by the Wrench first, then the Hammer.
            "risk_chips": risk_chips(
                action.risk.faces,
                discarded=action.risk.discarded,
                venture_uses=["wrench"] * len(action.wrench) + ["hammer"] * len(action.hammer),
            ),
            "extra_chips": added_chips(action.risk.extra_faces),
        }
        if audience is Audience.GM:
            data |= _secret_action(action, roll.request)
            data["exec_chips"] = exec_chips(action.exec_roll.faces)
            # The Exec's "Roll fallout" (campaigns/systems/cgg/fallout.py); a second try is refused there.
            data["fallout_form"] = action.risk_avoided is False and roll.character_id is not None
            # Tension mode: a success lowers a pitfall 1 or 2, once (tension_views.lower refuses a second).
            data["lower_pitfalls"] = roll.outcome.get("pitfalls", []) if action.success else []
            data["lower_amounts"] = lowering(bool(roll.outcome.get("went_first")))
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The risk dice and those added after the roll (d6s); for the GM also the Exec's d10s. The
        table never sees the Exec's dice. Counted: the Exec's first throw, and the fresh throw of every
        die "I'm that good!" makes; the dice Troubled or Transcendent re-roll are not (which die was
        re-rolled is not stored, and leaving them out biases nothing: each first throw is a fair one)."""
        outcome = roll.outcome
        dice = [(Die(6), face) for face in (*outcome["risk_faces"], *outcome.get("extra_faces", ()))]
        if audience is Audience.GM:
            first = outcome.get("condition_exec_faces") or outcome.get("first_exec_faces") or outcome["exec_faces"]
            again = outcome["exec_faces"] if outcome.get("first_exec_faces") else ()
            dice += [(Die(10), face) for face in (*first, *again)]
        return dice

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        code = data["risk_code"]
        if data.get("tension"):
            code = " ".join([data["attribute_code"], *data["tension"]]) + f" (risk {code})"
        text = f"{who} rolled {data['attribute']} {code}" + (f" for {label}" if label else "")
        text += f": {data['risk_total']}, {data['venture']} Venture. {data['grade']}"
        if data.get("conditions"):
            text += " Conditions: " + "; ".join(data["conditions"]) + "."
        if data.get("aspect"):
            text += f" Aspect called into play: {data['aspect']} (Wrench free)."
        if not data["no_risk"]:
            text += " Risk avoided." if data["risk_avoided"] else " Risk not avoided."
        return text

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        character = call.character
        code = parse_code(character.sheet["attributes"][call.request["attribute"]])
        risk_code, success_dice, tension, discarded = _before_the_roll(call, code)
        data: dict[str, Any] = {
            "attribute": ATTRIBUTE_LABELS[call.request["attribute"]],
            "code": str(code),
            "risk_code": str(risk_code),
            "tension": tension,
            "helped_by": call.request.get("helped_by", []),  # tension mode's helpers (campaigns/systems/cgg/rounds.py)
            "clock": crisis_clock(character),
            "venture_chance": chance_of_venture(risk_code, discarded),
            "exec_assists": _exec_assists(call.request),
            # Gear the player ticked waits for the Exec's word before the roll (actions.hold_for_gear).
            "gear_asked": gear_asked(call),
            "gear_struck": call.request.get("gear_struck", []),
        }
        clock = data["clock"]
        if call.state:
            action = action_from(call.request, call.state)
            data |= _public_action(action) | _tension(call.state) | _aspect(call.state) | _conditions(call.state)
            data["venture_left"] = action.venture_left
        if audience is Audience.GM:
            data["difficulty"] = difficulty_summary(call.request)
            if call.state:
                data |= _secret_action(action, call.request) | {"hammer_options": _hammer_options(character, clock)}
                data["condition_exec_faces"] = call.state.get("condition_exec_faces")  # Troubled, Transcendent
            else:
                data["chances"] = action_chances(difficulty_from(call.request, success_dice), risk_code)
                if data["gear_asked"]:  # the card's odds are the roll's with the gear asked, as confirmed
                    data["gear_odds"] = gear_odds(call, [index for index, _label in data["gear_asked"]])
                    data["gear_odds_none"] = gear_odds(call, [])
        else:
            # Only the uses the clock can pay (clock.change_clock refuses the rest): none in a crisis;
            # and only those with something to act on (rules.cgg.venture.missing_subject).
            payable = [] if clock.in_crisis else [use for use in Wrench if use.hours <= clock.hours]
            data["wrench_unaffordable"] = len(payable) < len(Wrench)
            # With an Aspect called into play every use is free (rules.cgg.aspects): all are offered,
            # and the action refuses an unpaid one chosen without the Aspect.
            data["aspects"] = [aspect for aspect in character.sheet.get("aspects", []) if aspect.strip()]
            if data["aspects"]:
                payable = list(Wrench)
            data["wrench_options"] = [use for use in payable if not _missing(use, character)]
            # A stunt pays an hour, and an hour per extra success die (at most 3): none the clock cannot pay.
            payable = 0 if clock.in_crisis else clock.hours
            data["stunt_extra_max"] = min(3, payable - 1) if payable else None
            explorers = sorted(reads.seated(call.campaign), key=lambda explorer: explorer.pk)
            own = [other for other in explorers if other.pk == character.pk] or [character]
            # Any player may call any explorer's leverage into their action: their own first.
            data["leverage"] = leverage_options(own + [other for other in explorers if other.pk != character.pk])
            data["enhanced"] = enhanced_offered(call)
            data["condition_pays"] = pay_options(
                character.sheet.get("conditions", []), call.request["attribute"], character.sheet.get(LASTING, {})
            )
            if not call.state:  # the roll form's assists (campaigns/systems/cgg/assists.py)
                data["gear"] = gear_options(character.sheet)
                data["helpers"] = [(other.pk, other.name) for other in explorers if other.pk != character.pk]
                data["attributes"] = ATTRIBUTE_LABELS
            data["masteries"] = [
                (f"{ability['name']} x{ability['mastery']}", ability["mastery"])
                for ability in character.sheet.get("abilities", [])
            ] + [(f"Aspect: {aspect}", 3) for aspect in character.sheet.get("aspects", [])]
        return data


def gear_asked(call) -> list[tuple[int, str]]:
    """The gear a waiting roll asks the Exec to confirm: (index, "Armour jacket 3d")."""
    held = call.request.get("held")
    if not held:
        return []
    return [(index, label) for index, label in gear_options(call.character.sheet) if index in held["gear"]]


def gear_odds(call, kept) -> dict[str, Any]:
    """The Exec's odds for a roll waiting for gear, with the gear at `kept` (indexes the player asked for)
    combined in as the roll will combine it once confirmed (pre_roll.py, actions.roll_for_call), with the
    bonus pips they posted: the risk code, its chances, and the gear counted. Their stunt, leverage and
    assisting explorer are not counted, as on the card before they asked."""
    gear = gear_assists(call.character.sheet, kept)
    held = call.request.get("held", {}).get("form", {})
    pips = bonus_pips_from((held.get("bonus_pips") or [""])[0])  # the player's, held with the gear: the roll adds them
    found = pre_roll(
        call.character,
        call.request["attribute"],
        exec_pays=call.request.get("exec_conditions", ()),
        assist=call_assist(call),
        bonus_pips=call.request.get("bonus_pips", 0) + pips,
        gear=gear,
        gear_success=gear_on_success(call.campaign.settings),
    )
    chances = action_chances(difficulty_from(call.request, found.success_dice), found.code)
    return {
        "code": str(found.code),
        "chances": chances,
        "gear": [f"{item.label.removeprefix('Gear ')} {item.code}" for item in gear],
    }


def _exec_assists(request: dict[str, Any]) -> str:
    """What the Exec's call combines into the code, as the cards say it before the roll."""
    parts = []
    if request.get("assist"):
        assist = request["assist"]
        parts.append(f"{assist['name']} assists with {ATTRIBUTE_LABELS[assist['attribute']]}")
    if request.get("bonus_pips"):
        parts.append(f"+{request['bonus_pips']} BP")
    return "; ".join(parts)


def _before_the_roll(call, code):
    """The risk code, success dice, labels and Venture discarded the roll will have if made now
    (campaigns/systems/cgg/pre_roll.py, the same as the Exec's odds); once rolled, the call's state says."""
    if call.state:
        return code, code.dice, [], 0
    found = pre_roll(
        call.character,
        call.request["attribute"],
        exec_pays=call.request.get("exec_conditions", ()),
        assist=call_assist(call),
        bonus_pips=call.request.get("bonus_pips", 0),
    )
    return found.code, found.success_dice, found.labels, found.venture_discarded


def _missing(use, character) -> str:
    sheet = character.sheet
    return missing_subject(use, character.name, conditions=sheet.get("conditions", []), gear=sheet.get("gear", []))


def _hammer_options(character, clock) -> list[dict]:
    """The Hammer uses with something to act on, each with the hours it truly gains: none in a
    crisis, none past the clock's maximum (rules.cgg.clock)."""
    options = []
    for use in Hammer:
        if _missing(use, character):
            continue
        if clock.in_crisis:
            gains = "0: in crisis"
        elif clock.hours >= clock.maximum:
            gains = "0: the clock is full"
        else:
            gains = str(min(use.hours, clock.maximum - clock.hours))
        options.append({"name": use.name, "label": use.label, "effect": use.effect, "gains": gains})
    return options


CGG = CggKind()


class CggSpinKind(FacesKind):
    """The Exec spinning the world in tension mode: public, like the tension tracks."""

    key = "cgg_spin"
    name = "The Exec spins the world"
    die = Die(10)

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        successes = roll.outcome["successes"]
        return dict(roll.outcome) | {"badge": f"{successes} success{'' if successes == 1 else 'es'}"}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"The Exec spins the world: {data['successes']} successes."


CGG_SPIN = CggSpinKind()
