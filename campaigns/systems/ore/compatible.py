"""The GM rules an extra action not compatible (seed: "Multiple Actions and Multiple Sets": "...and
only if the two actions are compatible. When in doubt, ask the GM"; the reading: rules.ore.multiple.strike,
/rules/#ore).

A roll is never changed (campaigns.models.Roll), so the ruling is a new row of the log, for whoever saw
the roll: the same dice with the struck action marked, pointing at the roll it rules on (`struck_of`).
Reading (published on /rules/#ore): the card the GM strikes on stays as it was; the new card above it
is the roll as ruled."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from campaigns.common.inputs import whole_number
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.table import live
from campaigns.table.actions import ActionError, roll_after
from campaigns.toolkit.steps import REFUSALS
from rules.ore.multiple import strike

KIND = "ore"


def strike_action(roll_id: int, gm, number: int) -> Roll:
    """Strike extra action `number` of a posted roll (or of an earlier ruling on it) as not compatible."""
    with transaction.atomic():
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("campaign", "character")
        ruled = rolls.get(pk=roll_id, kind=KIND)
        if not ruled.campaign.is_gm(gm):
            raise ActionError("Only the GM rules on compatible actions.")
        if "faces" not in ruled.outcome or ruled.outcome.get("wiggle") is None:
            raise ActionError("Strike an action once its roll is in the log.")
        first = ruled.request.get("struck_of", ruled.pk)
        rulings = Roll.objects.filter(campaign=ruled.campaign, kind=KIND, request__struck_of=first)
        already = {n for r in rulings for n in r.request.get("struck", ())} | set(ruled.request.get("struck", ()))
        struck = strike(len(ruled.request.get("extras", ())), tuple(sorted(already)), number)
        ruling = {"struck": list(struck), "struck_of": first}
        roll = roll_after(ruled, gm, ruling, ruled.outcome, visibility=ruled.visibility)
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


@login_required
@require_POST
def not_compatible(request, campaign_id: int, roll_id: int):
    """The GM's "Not compatible" button on an extra action of a log card."""
    campaign = campaign_for_gm(request, campaign_id)
    roll = get_object_or_404(Roll, pk=roll_id, campaign=campaign, kind=KIND)
    number = whole_number(request.POST.get("action", ""), 1, 10)
    try:
        if number is None:
            raise ActionError("Strike one of the roll's extra actions.")
        strike_action(roll.pk, request.user, number)
    except REFUSALS as error:
        return _after(request, campaign, str(error))
    return _after(request, campaign)


def _after(request, campaign, error: str = ""):
    """HTMX gets the message where the click was (the new card comes live); a plain post goes back to the table."""
    if request.htmx:
        return render(request, "systems/_step_error.html", {"error": error}, status=422 if error else 200)
    if error:
        messages.error(request, error)
    return redirect("table", campaign.pk)
