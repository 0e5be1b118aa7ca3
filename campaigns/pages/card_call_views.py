"""The GM's call for a roll from a character's card, and its answer (campaigns.calls.card_calls): the GM
picks a character, then one of its card's buttons; the player answers with that button."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from campaigns.calls import card_calls
from campaigns.calls.card_calls import CardCallForm
from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.plugins.card_kind import CARD
from campaigns.table.actions import ActionError
from campaigns.table.forms import form_errors
from campaigns.toolkit.steps import call_step, player_call

FORM = "campaigns/card_call_form.html"


def _character_buttons(form) -> list:
    """The chosen character's card buttons, to offer in the form (none chosen yet: none)."""
    character = form.cleaned_data.get("character") if form.is_bound and hasattr(form, "cleaned_data") else None
    return card_calls.card_buttons(character) if character else []


@login_required
@require_POST
def card_call_new(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = CardCallForm(request.POST, campaign=campaign)
    error = ""
    if form.is_valid():
        data = form.cleaned_data
        try:
            card_calls.call_from_card(
                campaign,
                request.user,
                character=data["character"],
                key=data["key"],
                label=data["label"],
                number=data.get("number", ""),
                secret=data.get("secret", False),
            )
        except ActionError as refusal:
            error = str(refusal)
    else:
        error = form_errors(form)  # also beside each field that caused it (the template)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", campaign.pk)
    if not error:  # called: the form again, on the same character, for the next call
        data = form.cleaned_data
        fresh = card_calls.blank_form(campaign, character=data["character"], number=data.get("number"))
        form, buttons = fresh["card_call_form"], fresh["buttons"]
        said = (
            "Called in secret: it waits for the player." if data.get("secret") else "Called: it waits for the player."
        )
    else:
        buttons, said = _character_buttons(form), ""
    # A field's own message stands beside it (the template); the line under the form says the rest.
    context = {
        "campaign": campaign,
        "card_call_form": form,
        "buttons": buttons,
        "said": said,
        "error": "" if form.errors else error,
        "chosen_key": request.POST.get("key", ""),
    }
    return render(request, f"{FORM}#form", context, status=422 if error else 200)


@login_required
@require_GET
def card_call_choices(request, campaign_id: int):
    """The chosen character's card buttons, as the form's "Roll" choices."""
    campaign = campaign_for_gm(request, campaign_id)
    form = CardCallForm(request.GET, campaign=campaign)
    form.is_valid()
    return render(request, f"{FORM}#choices", {"buttons": _character_buttons(form)})


@login_required
@require_POST
def card_call_answer(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, CARD.key)
    return call_step(request, call, Audience.CALLED_PLAYER, act=lambda: card_calls.answer(call.pk, request.user))
