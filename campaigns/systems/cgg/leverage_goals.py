"""Leverage's life on the sheet (seed: "Diligence Rolls", "Leverage Die Codes").

A diligence roll writes its leverage to the explorer's sheet with its goal: a goal the sheet
already has is enhanced by a third of the pips, rounded up; any other goal is new leverage.
"Leverage die codes always expire when the goal is attained or the Exec deems the goal lost":
the Exec marks it from the panel, it leaves the sheet, and the log says so (a row of kind
`cgg_leverage`). Below 0D it expires when used (campaigns/systems/cgg/leverage.py).

Reading (published on /rules/#cgg): goals match ignoring case and the spaces around them.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.plugins.roll_kind import DicelessKind
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import TableForm
from campaigns.toolkit.steps import panel_step
from characters.models import Character
from rules.cgg.codes import DieCode, parse_code

KIND = "cgg_leverage"
ENDINGS = {"attained": "goal attained", "lost": "goal lost"}


def _same_goal(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def existing_leverage(sheet, purpose: str) -> DieCode | None:
    """The sheet's leverage towards this goal, if it has one."""
    for item in sheet.get("leverage", []):
        if _same_goal(item["purpose"], purpose):
            return parse_code(item["code"])
    return None


def write_leverage(character, purpose: str, code: DieCode) -> None:
    """Inside the diligence roll's transaction: the sheet's leverage towards `purpose` becomes `code`."""
    locked = Character.objects.select_for_update().get(pk=character.pk)
    items = list(locked.sheet.get("leverage", []))
    for index, item in enumerate(items):
        if _same_goal(item["purpose"], purpose):
            items[index] = {"purpose": item["purpose"], "code": str(code)}
            break
    else:
        items.append({"purpose": purpose.strip(), "code": str(code)})
    locked.sheet = locked.sheet | {"leverage": items}
    locked.save(update_fields=["sheet"])
    character.sheet = locked.sheet
    transaction.on_commit(lambda: live.send_panel(character.campaign))  # every table's panel lists it


def end_leverage(character, gm, *, index: int, purpose: str, ending: str) -> Roll:
    """The Exec marks a leverage's goal attained or lost: it leaves the sheet, and the log says so.
    `purpose` must still be the one at `index`, so a sheet changed meanwhile refuses, unchanged."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec says a leverage's goal is attained or lost.")
    if ending not in ENDINGS:
        raise ActionError("The goal is attained or lost: choose which.")
    with transaction.atomic():
        locked = Character.objects.select_for_update().get(pk=character.pk)
        items = list(locked.sheet.get("leverage", []))
        if index >= len(items) or items[index]["purpose"] != purpose:
            raise ActionError("That leverage is no longer on the sheet: reload the table.")
        item = items.pop(index)
        locked.sheet = locked.sheet | {"leverage": items}
        locked.save(update_fields=["sheet"])
        roll = Roll.objects.create(
            campaign_id=locked.campaign_id,
            author=gm,
            character=locked,
            kind=KIND,
            request={"label": item["purpose"]},
            outcome={"code": item["code"], "ending": ending},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
        transaction.on_commit(lambda: live.send_panel(character.campaign))
    return roll


class EndLeverageForm(TableForm):
    index = WholeNumberField(min_value=0, max_value=999)
    purpose = TextField(max_length=200)
    ending = forms.ChoiceField(
        choices=list(ENDINGS.items()), error_messages={"invalid_choice": "The goal is attained or lost: choose which."}
    )


@login_required
@require_POST
def end_leverage_view(request, campaign_id: int, character_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    character = get_object_or_404(Character.objects.seated(), pk=character_id, campaign=campaign)
    form = EndLeverageForm(request.POST)

    def act():
        data = form.cleaned_data
        end_leverage(character, request.user, index=data["index"], purpose=data["purpose"], ending=data["ending"])

    return panel_step(
        request,
        campaign,
        Audience.GM,
        form=form,
        refused="Choose a leverage on the sheet, and attained or lost.",
        act=act,
    )


class CggLeverageKind(DicelessKind):
    """A leverage leaving the sheet as its goal is attained or lost: public, as the sheet's leverage is."""

    key = KIND
    name = "Leverage expires"
    roll_template = "systems/cgg/leverage_end.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return dict(roll.outcome) | {"purpose": roll.request["label"], "ending_label": ENDINGS[roll.outcome["ending"]]}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"{who}'s leverage towards {data['purpose']} {data['code']} expires: {data['ending_label']}."


CGG_LEVERAGE = CggLeverageKind()
