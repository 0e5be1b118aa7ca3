"""Conditions at the table (rules.cgg.condition_effects; seed: "Fallout and Conditions").

"Conditions are exclusively the domain of the Exec": the Exec gives one (from the panel, or
from a fallout's record step) and removes one (the panel); each change is a public row of the
log, of kind `cgg_condition`, and the sheet's conditions and track marks follow at once. The
player's sheet form shows them and cannot change them (campaigns/systems/cgg/sheet_form.py).

Reading (published on /rules/#cgg): a track's marks are its conditions' levels (HI2: two Harm
dots); the sheet's marks are kept equal to them here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.common.inputs import TextField, whole_number
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.plugins.roll_kind import DicelessKind
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import TableForm
from campaigns.toolkit.steps import panel_step, tell_done
from characters.models import Character
from rules.cgg.condition_effects import (
    ATTRIBUTES,
    SheetCondition,
    full_tracks,
    new_condition,
    read_condition,
    sheet_conditions,
    track_marks,
)
from rules.cgg.conditions import CORE_CONDITIONS, Track

KIND = "cgg_condition"
ATTRIBUTE_CHOICES = [("", "—"), *((name, name.capitalize()) for name in ATTRIBUTES)]
CORE_CHOICES = [("", "— custom (name and code) —"), *((c.name, f"{c.name} ({c.code})") for c in CORE_CONDITIONS)]


class ConditionForm(TableForm):
    """The Exec's choice: one of the 18 core conditions, or a custom name with its code."""

    core = forms.ChoiceField(
        choices=CORE_CHOICES,
        required=False,
        label="Condition",
        error_messages={"invalid_choice": "Choose a core condition from the list."},
    )
    name = TextField(max_length=60, required=False, label="Custom name")
    code = TextField(max_length=3, required=False, label="Custom code", help_text="e.g. HI2")
    attribute = forms.ChoiceField(
        choices=ATTRIBUTE_CHOICES,
        required=False,
        label="Die code (Crippling Wound)",
        error_messages={"invalid_choice": "Choose one of the six attributes."},
    )

    def condition(self) -> SheetCondition:
        data = self.cleaned_data
        if data["core"]:
            return new_condition(data["core"], attribute=data["attribute"])
        return new_condition(data["name"], data["code"], data["attribute"])


def _log(character, gm, change: str, held: SheetCondition, reason: str, sheet: dict) -> Roll:
    roll = Roll.objects.create(
        campaign_id=character.campaign_id,
        author=gm,
        character=character,
        kind=KIND,
        request={"label": reason},
        outcome={
            "change": change,
            "name": held.name,
            "code": held.code,
            "text": held.text,
            "full": full_tracks(sheet["conditions"], sheet.get("tracks", {})),
            "attribute": held.attribute,
        },
    )
    transaction.on_commit(lambda: live.send_roll(roll))
    transaction.on_commit(lambda: live.send_panel(character.campaign))
    return roll


def log_condition(character, gm, change: str, held: SheetCondition) -> Roll:
    """A condition used (Dire Injury paid for by the Exec): a public row of the log."""
    return _log(character, gm, change, held, "", character.sheet)


def _save_conditions(character, lines: list[str]) -> dict:
    sheet = dict(character.sheet)
    sheet["conditions"] = lines
    sheet["marked"] = track_marks(lines, sheet.get("tracks", {}))
    character.sheet = sheet
    character.save(update_fields=["sheet"])
    return sheet


def give_condition(character, gm, held: SheetCondition, reason: str = "") -> Roll:
    """The Exec gives an explorer a condition: onto the sheet with its code, and into the log."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Conditions are the Exec's to give.")
    with transaction.atomic():
        character = Character.objects.select_for_update().select_related("campaign").get(pk=character.pk)
        sheet = _save_conditions(character, [*character.sheet.get("conditions", []), held.entry])
        return _log(character, gm, "gives", held, reason, sheet)


def remove_condition(character, gm, index: int) -> Roll:
    """The Exec removes one of an explorer's conditions (by its place on the sheet)."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Conditions are the Exec's to remove.")
    with transaction.atomic():
        character = Character.objects.select_for_update().select_related("campaign").get(pk=character.pk)
        lines = list(character.sheet.get("conditions", []))
        if not 0 <= index < len(lines):
            raise ActionError(f"{character.name} has no such condition (it may be removed already).")
        held = read_condition(lines.pop(index))
        sheet = _save_conditions(character, lines)
        return _log(character, gm, "removes", held, "", sheet)


def set_conditions(character, gm, lines: list[str], reason: str, held: SheetCondition, *, roll=None) -> Roll:
    """A condition changed by the rules in a roll (Surface Wound worsening): the sheet and the log."""
    with transaction.atomic():
        character = Character.objects.select_for_update().select_related("campaign").get(pk=character.pk)
        sheet = _save_conditions(character, lines)
        return _log(character, gm, "worsens", held, reason, sheet)


def explorer_conditions(character) -> dict[str, Any]:
    """What everyone sees of an explorer's conditions and tracks (all public)."""
    sheet = character.sheet
    sizes = sheet.get("tracks", {})
    lines = sheet.get("conditions", [])
    marks = track_marks(lines, sizes)
    return {
        "held": sheet_conditions(lines),
        "tracks": [(track.value.capitalize(), marks[track.value], sizes.get(track.value, 0)) for track in Track],
        "full": list(full_tracks(lines, sizes).values()),
    }


@login_required
@require_POST
def condition(request, campaign_id: int, character_id: int):
    """The Exec gives (op=give) or removes (op=remove, index) an explorer's condition, from the panel."""
    campaign = campaign_for_gm(request, campaign_id)
    character = get_object_or_404(Character.objects.seated(), pk=character_id, campaign=campaign)
    if request.POST.get("op") == "remove":

        def act():
            index = whole_number(request.POST.get("index", ""), 0, 999)
            if index is None:
                raise ActionError("Choose the condition to remove.")
            remove_condition(character, request.user, index)
            tell_done(request, f"Condition removed from {character.name}.")

        return panel_step(request, campaign, Audience.GM, act=act)
    form = ConditionForm(request.POST)

    def give():
        held = form.condition()
        give_condition(character, request.user, held)
        tell_done(request, f"{character.name} has {held.name} ({held.code}).")

    return panel_step(request, campaign, Audience.GM, form=form, act=give)


class CggConditionKind(DicelessKind):
    """A condition given, removed or worsened: public (conditions are on everyone's view)."""

    key = KIND
    name = "Condition"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return dict(roll.outcome)

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        code = f" ({data['code']})" if data["code"] else ""
        text = {
            "gives": f"{who} now has {data['name']}{code}.",
            "removes": f"{who} no longer has {data['name']}{code}.",
            "worsens": f"{who}'s {data['name']} worsens to {data['code']}.",
            "dire": f"The Exec pays one for {who}'s {data['name']}: the action is cancelled, and "
            f"{data.get('attribute', '').capitalize()} is -1D until tension ends.",
        }[data["change"]]
        for effect in data.get("full", []):
            text += f" {effect}"
        return text


CGG_CONDITION = CggConditionKind()
