"""The Exec's quick edits on the Characters tab: an explorer's Crisis Clock paid or gained
and their conditions given or removed in place, on their sheet at a glance (`Card.gm_tools`). The
same actions as the panel's forms (actions.adjust_clock, conditions.give_condition/remove_condition),
answered with that sheet redrawn (templates/campaigns/gm_characters.html#sheet); the panel goes to
every table as the actions send it, and the explorer's card to its player. The sheet itself is not
sent to the Exec's socket: it would land on the Exec's own page after the answer and wipe its
message. Refused, the sheet says why and nothing changes (422)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns.common.inputs import whole_number
from campaigns.systems.cgg import actions
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.systems.cgg.conditions import ConditionForm, explorer_conditions, give_condition, remove_condition
from campaigns.systems.cgg.forms import ClockForm
from campaigns.systems.cgg.views import explorer_for_gm
from campaigns.table import live
from campaigns.toolkit.steps import REFUSALS
from characters.models import Character

SHEET = "campaigns/gm_characters.html#sheet"
TOOLS = "systems/cgg/gm_tools.html"
CLOCK_REFUSED = "Say pay or gain, 1 to 12 hours, and why."


def _sheet_context(campaign, character, **said) -> dict:
    character.cgg_conditions = explorer_conditions(character)  # from the sheet: no query
    character.cgg_clock = crisis_clock(character)  # beside the clock's quick edit (card.gm_sheets)
    return {"campaign": campaign, "character": character, "card": campaign.adapter.card(character), **said}


def _answer(request, campaign, character, act) -> object:
    """Run `act()` (it returns the sentence that says what was done); answer with the sheet."""
    try:
        with transaction.atomic():
            said = act()
            transaction.on_commit(lambda: _tell(character.pk))
    except REFUSALS as error:
        said, refused = "", str(error)
    else:
        refused = ""
    if not request.htmx:
        (messages.error if refused else messages.success)(request, refused or said)
        return redirect(reverse("table", args=[campaign.pk]) + "?tab=characters")
    character = Character.objects.get(pk=character.pk)
    context = _sheet_context(campaign, character, quick_said=said, quick_error=refused)
    return render(request, SHEET, context, status=422 if refused else 200)


def _tell(character_id: int) -> None:
    character = Character.objects.select_related("campaign").get(pk=character_id)
    live.send_card(character)


@login_required
@require_POST
def quick_clock(request, campaign_id: int, character_id: int):
    """Pay or gain hours on an explorer's clock, from their sheet."""
    campaign, character = explorer_for_gm(request, campaign_id, character_id)
    form = ClockForm(request.POST, auto_id=False)

    def act() -> str:
        if not form.is_valid():
            raise actions.ActionError(CLOCK_REFUSED)
        data = form.cleaned_data
        clock = actions.adjust_clock(
            character, request.user, reason=data["reason"], **{data["direction"]: data["hours"]}
        )
        return f"{character.name}'s clock: {clock.hours}/{clock.maximum} hours."

    return _answer(request, campaign, character, act)


@login_required
@require_POST
def quick_condition(request, campaign_id: int, character_id: int):
    """Give (op=give) or remove (op=remove, index) an explorer's condition, from their sheet."""
    campaign, character = explorer_for_gm(request, campaign_id, character_id)

    def act() -> str:
        if request.POST.get("op") == "remove":
            index = whole_number(request.POST.get("index", ""), 0, 999)
            if index is None:
                raise actions.ActionError("Choose the condition to remove.")
            row = remove_condition(character, request.user, index)
            return f"{character.name} no longer has {row.outcome['name']}."
        form = ConditionForm(request.POST)
        if not form.is_valid():
            raise actions.ActionError(" ".join(e for errors in form.errors.values() for e in errors))
        held = form.condition()
        give_condition(character, request.user, held)
        return f"{character.name} has {held.name}{f' ({held.code})' if held.code else ''}."

    return _answer(request, campaign, character, act)
