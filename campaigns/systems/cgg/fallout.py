"""Fallout at the table (rules.cgg.fallout; seed: "Fallout and Conditions").

After an action whose risk was not avoided, the Exec rolls fallout from the action's card in the
log: the arena names the resisting attribute, whose dice come off the fallout code; the grade is
public. Then, from the fallout's card, the Exec records what it becomes: a condition or an element
of the situation; a condition lands on the explorer's sheet (campaigns/systems/cgg/conditions.py). Rolls are immutable
events, so each step is its own row in the log, both of kind `cgg_fallout`.

Readings (published on the rules page): the fallout code is the action's difficulty die code,
"the die code that caused the risk", unless the Exec gives another (a weapon's damage); an
action's fallout is rolled once. The difficulty is the Exec's secret until its commitment is
opened, and the code or the number of its dice would tell it (minus the resisting attribute,
which everyone knows): the players see the arena, the attribute and the grade, never the code
nor the dice, of a fallout rolled on the difficulty's code (rules page, #cgg-fallout-secret).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.html import escape
from django.views.decorators.http import require_POST

from campaigns.common import sources
from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.common.inputs import TextField
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.plugins.roll_kind import RollKind
from campaigns.systems.cgg.conditions import give_condition
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS, action_from
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import TableForm, form_errors
from campaigns.toolkit.steps import REFUSALS
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.condition_effects import hindered_steps, new_condition
from rules.cgg.conditions import CORE_CONDITIONS
from rules.cgg.fallout import ARENA_ATTRIBUTE, grade_name, resisting_attribute, roll_fallout

KIND = "cgg_fallout"
ARENAS = {
    "material": "Material",
    "public": "Public",
    "private": "Private",
    "intellectual": "Intellectual",
    "isotech": "ISOtech",
}
BECOMES = {"condition": "a condition", "situation": "an element of the situation"}


class FalloutForm(TableForm):
    arena = forms.ChoiceField(
        choices=[("", "—"), *ARENAS.items()],
        required=False,
        error_messages={"invalid_choice": "Choose the fallout's arena from the list."},
    )
    code = TextField(max_length=10, required=False, label="Fallout code", help_text="Blank: the difficulty's")
    becomes = forms.ChoiceField(
        choices=[("", "—"), *BECOMES.items()],
        required=False,
        error_messages={"invalid_choice": "The fallout becomes a condition or an element of the situation."},
    )
    text = TextField(max_length=100, required=False, label="It becomes")
    condition_code = TextField(max_length=3, required=False, label="Condition code")


def roll_fallout_after(action: Roll, gm, arena: str, code: str = "") -> Roll:
    """Fallout for an action whose risk was not avoided, once per action, published to the table."""
    attribute = resisting_attribute(arena)
    if action.kind != "cgg":
        raise ActionError("Fallout follows an action's risk roll.")
    if action_from(action.request, action.outcome).risk_avoided is not False:
        raise ActionError("The risk was avoided (or there was none): there is no fallout.")
    if action.character is None:
        raise ActionError("This action's explorer has left the campaign.")
    fallout_code = parse_code(code) if code else DieCode(action.request["difficulty"]["base_dice"])
    resist = parse_code(action.character.sheet["attributes"][attribute])
    with transaction.atomic():
        if Roll.objects.filter(campaign=action.campaign_id, kind=KIND, request__of=action.pk).exists():
            raise ActionError("This action's fallout is already rolled.")
        rolled = roll_fallout(fallout_code, resist.dice, sources.dice())
        hindered = hindered_steps(action.character.sheet.get("conditions", []))  # Hindered: one grade higher
        roll = Roll.objects.create(
            campaign_id=action.campaign_id,
            author=gm,
            character=action.character,
            kind=KIND,
            request={"of": action.pk, "arena": arena, "label": action.request.get("label", "")},
            outcome={
                "code": str(fallout_code),
                "resist": str(resist),
                "faces": list(rolled.faces),
                "grade": grade_name(rolled.steps + hindered),
                "hindered": hindered,
                "code_given": bool(code),  # a code the Exec typed, not the secret difficulty's
            },
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def record_fallout(fallout: Roll, gm, becomes: str, text: str, code: str = "") -> Roll:
    """What the Exec makes of a fallout's grade: a new row, as rolls are never changed. A condition
    is a core one by its name, or a custom one with its code, and lands on the explorer's sheet
    (campaigns/systems/cgg/conditions.py)."""
    if fallout.kind != KIND or "becomes" in fallout.outcome:
        raise ActionError("Record what a rolled fallout becomes, from its card.")
    if becomes not in BECOMES or not text.strip():
        raise ActionError("Say whether the fallout becomes a condition or an element of the situation, and name it.")
    if Roll.objects.filter(campaign=fallout.campaign_id, kind=KIND, request__recorded=fallout.pk).exists():
        raise ActionError("What this fallout becomes is already recorded.")
    held = new_condition(text, code) if becomes == "condition" else None  # refused before anything is written
    if held is not None and fallout.character is None:
        raise ActionError("This fallout's explorer has left the campaign.")
    roll = Roll.objects.create(
        campaign_id=fallout.campaign_id,
        author=gm,
        character=fallout.character,
        kind=KIND,
        request=fallout.request | {"recorded": fallout.pk},
        outcome=fallout.outcome | {"becomes": becomes, "text": held.entry if held else text.strip()},
    )
    transaction.on_commit(lambda: live.send_roll(roll))
    if held is not None:
        give_condition(fallout.character, gm, held, reason=f"{fallout.outcome['grade']} fallout")
    return roll


@login_required
@require_POST
def fallout(request, campaign_id: int, roll_id: int):
    """The Exec's step on a log card: roll an action's fallout, or record what a fallout becomes."""
    campaign = campaign_for_gm(request, campaign_id)
    roll = get_object_or_404(Roll.objects.select_related("character"), pk=roll_id, campaign=campaign)
    form = FalloutForm(request.POST)
    error = form_errors(form) if not form.is_valid() else ""
    if not error:
        data = form.cleaned_data
        try:
            if roll.kind == KIND:
                with transaction.atomic():
                    record_fallout(roll, request.user, data["becomes"], data["text"], data["condition_code"])
            else:
                roll_fallout_after(roll, request.user, data["arena"], data["code"])
        except REFUSALS as refusal:
            error = str(refusal)
    if request.htmx:
        # The message fills the form's own place; the new row comes to everyone live (live.send_roll).
        return HttpResponse(escape(error), status=422 if error else 200)
    if error:
        messages.error(request, error)
    return redirect("table", campaign.pk)


class CggFalloutKind(RollKind):
    """Fallout and what it becomes: public, nothing secret in it. The Exec's card offers the next step."""

    key = KIND
    name = "Fallout"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        arena = roll.request["arena"]
        outcome = dict(roll.outcome)
        if audience is not Audience.GM and _secret_code(roll):
            del outcome["code"], outcome["faces"]  # the dice's number is the code minus the attribute's
        return (
            outcome
            | {
                "arena": ARENAS[arena],
                "attribute": ATTRIBUTE_LABELS[ARENA_ATTRIBUTE[arena]],
                "becomes_label": BECOMES.get(roll.outcome.get("becomes", ""), ""),
                "record_form": audience is Audience.GM and "becomes" not in roll.outcome,
                "of": roll.request.get("of"),
            }
            | ({"core_conditions": [(c.name, c.code) for c in CORE_CONDITIONS]} if audience is Audience.GM else {})
        )

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The fallout d10s; what a fallout becomes (`recorded`) shows its dice again, and throws none.
        Rolled on the secret difficulty's code, they are the Exec's alone: their number would tell it."""
        if roll.request.get("recorded") or (audience is not Audience.GM and _secret_code(roll)):
            return []
        return [(Die(10), face) for face in roll.outcome["faces"]]

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        hindered = " Hindered: fallout counted one grade higher." if data.get("hindered") else ""
        if data["becomes_label"]:
            return f"{data['grade']} fallout for {who} becomes {data['becomes_label']}: {data['text']}."
        if "code" not in data:
            resisted = f"{data['attribute']} {data['resist']} resists"
        else:
            resisted = f"{data['code']} − {data['attribute']} {data['resist']}"
        return f"{who} takes {data['grade']} fallout ({data['arena']}): {resisted}.{hindered}"


def _secret_code(roll) -> bool:
    """Whether the fallout was rolled on the action's secret difficulty code (a row that does not say
    is taken to be: the default code was the difficulty's)."""
    return not roll.outcome.get("code_given", False)


CGG_FALLOUT = CggFalloutKind()
