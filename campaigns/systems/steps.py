"""View helpers every system's table steps share: find the caller's call,
run one step, and answer HTMX with the updated card (or nothing once the roll
is in the log)."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.models import RollCall
from campaigns.views import _campaign_for_member
from campaigns.visibility import call_view
from rules.errors import RulesError

TABLE = "campaigns/table.html"


def player_call(request, campaign_id: int, call_id: int, kind: str) -> RollCall:
    """A call of this kind for one of the user's own characters; 404 otherwise."""
    campaign = _campaign_for_member(request, campaign_id)
    return get_object_or_404(
        RollCall.objects.select_related("character"),
        pk=call_id,
        campaign=campaign,
        kind=kind,
        character__owner=request.user,
    )


def card(request, call_id: int, audience: Audience, error: str = ""):
    call = RollCall.objects.select_related("character").get(pk=call_id)
    if call.status not in RollCall.OPEN and not error:
        return HttpResponse("")  # the card is swapped for nothing: the roll is in the log
    partial = "gm_call" if audience is Audience.GM else "player_call"
    context = {"call": call_view(call, audience), "error": error}
    return render(request, f"{TABLE}#{partial}", context, status=422 if error else 200)


def run_step(request, campaign_id: int, call_id: int, audience: Audience, step):
    """Run one step; HTMX gets the card back (with the message on failure), others the table."""
    try:
        step()
    except (ActionError, RulesError) as error:
        if request.htmx:
            return card(request, call_id, audience, str(error))
        messages.error(request, str(error))
    return card(request, call_id, audience) if request.htmx else redirect("table", campaign_id)


def panel_response(request, campaign, audience: Audience, build, error: str = "", **forms_):
    """After a panel form: HTMX gets the system's panel again (422 with the message
    on failure, its forms as given), a plain post goes back to the table."""
    if request.htmx:
        rendered = build(campaign, audience, user=request.user, **forms_)
        context = {**rendered.context, "campaign": campaign, "error": error}
        return render(request, rendered.template, context, status=422 if error else 200)
    if error:
        messages.error(request, error)
    return redirect("table", campaign.pk)
