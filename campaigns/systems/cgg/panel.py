"""The Centaurus Gate panel on the table: every explorer's Crisis Clock (the
whole table sees them), and for the Exec the forms to call an action, resolve
a crisis and adjust a clock."""

from __future__ import annotations

from campaigns.common import reads
from campaigns.common.audience import Audience
from campaigns.plugins.registry import Panel
from campaigns.systems.cgg.advancement import budget_line, can_take_back
from campaigns.systems.cgg.clock import crisis_clocks
from campaigns.systems.cgg.conditions import ConditionForm, explorer_conditions
from campaigns.systems.cgg.diligence import DiligenceForm
from campaigns.systems.cgg.forms import ActionCallForm, ClockForm
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.systems.cgg.rounds import round_view
from campaigns.systems.cgg.tension_roll import active_scene
from rules.cgg.tension import Bleakness, TensionState


def turn_forms(campaign, user, is_gm: bool, edge_holder, turn) -> dict:
    """The turn steps `user` may take (rounds.py says who may): the Exec all; a player chooses who goes first
    only as the Edge holder's player, passes the focus or takes Idle! only as the focus holder's player (found in
    a play-test).
    Reading (published on /rules/#cgg): who sees the turn forms."""
    if is_gm:
        return {"first": True, "pass": True, "idle": True, "bonus": False}  # the Exec's bonus form is the panel's
    uid = getattr(user, "pk", None)
    return {
        "first": edge_holder is not None and edge_holder.owner_id == uid,
        "bonus": edge_holder is not None and edge_holder.owner_id == uid,
        "pass": turn is not None and turn.focus is not None and turn.focus.owner_id == uid,
        "idle": turn is not None and turn.focus is not None and turn.focus.owner_id == uid,
    }


def _shown_forms(tension, turn, forms: dict) -> list[str]:
    """The forms on this panel, by the names steps.panel_step gives a refusal (`error_form`): a refusal is
    shown beside its form when it is on the page, else at the top."""
    shown = []
    if turn is not None and not turn.done:
        step = "first" if turn.first is None else "pass" if turn.focus_acted else "idle" if turn.focus else ""
        if step and forms.get(step):
            shown.append(f"turn_{step}")
    if forms.get("bonus") and turn is not None:
        shown.append("turn_bonus")
    if tension is not None:
        shown.append("tension_pitfall")  # the Exec's; only the Exec posts it
    if tension is not None and tension.successes is not None:
        shown.append("tension_spend")
    return shown


def _edge_bonuses(tension) -> list[tuple[str, str, int]]:
    """The cumulative bonuses as the code has them, "Dax +2d Technical", not each round's +1d again (play-test:
    "Dax Orrin +1d Technical, Dax Orrin +1d Technical"); in the order first given."""
    dice: dict[tuple[str, str], int] = {}
    for bonus in tension.bonuses if tension else ():
        dice[bonus.explorer, bonus.attribute] = dice.get((bonus.explorer, bonus.attribute), 0) + 1
    return [(explorer, attribute, count) for (explorer, attribute), count in dice.items()]


def panel(campaign, audience: Audience, *, user=None, call_form=None) -> Panel:
    is_gm = audience is Audience.GM
    characters = reads.seated(campaign)
    by_character = crisis_clocks(characters)
    campaign.cgg_clocks = by_character  # the GM's Characters tab shows them too, on the same page (card.gm_sheets)
    for character in characters:
        character.cgg_advancement = budget_line(character.sheet)
        character.cgg_take_back = is_gm and can_take_back(character)
        character.cgg_conditions = explorer_conditions(character)  # public: from the sheet, no query
    clocks = [
        (character, by_character[character.pk], ClockForm(auto_id=f"clock{character.pk}_%s") if is_gm else None)
        for character in characters
    ]
    scene = active_scene(campaign.pk)
    tension = TensionState.from_dict(scene.state) if scene else None
    turn = round_view(tension, characters) if tension else None  # the panel's list: no query of its own
    edge_holder = scene.edge_holder if scene else None
    forms = turn_forms(campaign, user, is_gm, edge_holder, turn)
    if tension is not None and any(bonus.round == tension.round for bonus in tension.bonuses):
        forms["bonus"] = False  # once a round: given, its form would only be refused (found in a play-test)
    context = {
        "clocks": clocks,
        "is_gm": is_gm,
        "tension": tension,
        "turn": turn,
        "edge_holder": edge_holder,
        "turn_forms": forms,
        "edge_bonuses": _edge_bonuses(tension),
        # The broadcast to the players' table (no user): each browser asks for its own turn forms.
        "turn_forms_later": not is_gm and user is None,
        "shown_forms": _shown_forms(tension, turn, forms),
        "bleakness": list(Bleakness),
        "attributes": ATTRIBUTE_LABELS,
        # A player rolls diligence for their own explorers only (found in a play-test); the panel's list: no query.
        "diligence_form": DiligenceForm(
            explorers=characters if is_gm else [c for c in characters if c.owner_id == getattr(user, "pk", None)],
            helpers=characters,
            pitfalls=[pitfall.name for pitfall in tension.pitfalls] if tension else (),
        ),
    }
    if context["diligence_form"].fields["character"].choices:
        context["shown_forms"].append("diligence")  # its refusal beside it, not at the panel's top
    if is_gm:
        context["action_form"] = call_form or ActionCallForm(campaign=campaign, explorers=characters)
        context["condition_form"] = ConditionForm(auto_id="condition_%s")
    return Panel("systems/cgg/panel.html", context)
