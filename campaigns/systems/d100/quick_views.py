"""The GM's quick edits of a d100 character on the GM's Characters tab: campaigns/systems/d100/quick.py."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns.life.access import campaign_for_gm
from campaigns.systems.d100 import quick
from campaigns.toolkit.steps import REFUSALS


@login_required
@require_POST
def peril(request, campaign_id: int, character_id: int):
    """The GM moves a character's Peril; HTMX gets the sheet redrawn (with the message, 422, when refused)."""
    campaign = campaign_for_gm(request, campaign_id)
    character = get_object_or_404(campaign.characters.select_related("campaign"), pk=character_id)
    error = ""
    try:
        quick.set_peril(character, request.user, quick.peril_from(request.POST, character.sheet["peril"]))
    except REFUSALS as refusal:
        error = str(refusal)
    if request.htmx:
        context = {
            "campaign": campaign,
            "character": character,
            "card": campaign.adapter.card(character),
            "peril_error": error,
        }
        return render(request, "campaigns/gm_characters.html#sheet", context, status=422 if error else 200)
    if error:
        messages.error(request, error)
    return redirect(reverse("table", args=[campaign.pk]) + "?tab=characters")
