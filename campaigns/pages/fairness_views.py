"""The fairness page and a roll's own page: anyone at the table can check the dice."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from campaigns.common.inputs import row_id
from campaigns.life.access import campaign_for_member
from campaigns.models import Commitment, Roll
from campaigns.plugins import registry
from campaigns.secrets.commitments import view as commitment_view
from campaigns.secrets.fairness import fairness
from campaigns.secrets.visibility import Audience, audience_for, roll_view


@login_required
@require_GET
def fairness_page(request, campaign_id: int):
    """Each die size's faces and their chi-square, over the campaign or one session (`?session=`);
    the GM also sees them with the secret rolls and hidden dice counted."""
    campaign = campaign_for_member(request, campaign_id)
    audience = audience_for(campaign, request.user)
    sessions = list(campaign.game_sessions.all())
    number = row_id(request.GET.get("session", ""))
    chosen = next((session for session in sessions if session.number == number), None)
    context = {
        "campaign": campaign,
        "sessions": sessions,
        "chosen": chosen,
        "unknown_session": request.GET.get("session", "") != "" and chosen is None,
        "is_gm": audience is Audience.GM,
        **fairness(campaign, audience, chosen),
    }
    # What the page says of percentile dice: only where there are some (d100's own tests count as d10s).
    context["percentile"] = any(counts.die.sides == 100 for counts in context["table"].dice)
    # A system that counts its dice its own way says how (a system taken away: the page's own words).
    context["system_note"] = (
        registry.get(campaign.system).fairness_note if registry.is_installed(campaign.system) else ""
    )
    return render(request, "campaigns/fairness.html", context)


@login_required
@require_GET
def roll_page(request, campaign_id: int, roll_id: int):
    """A roll in full, at a link that stays (the log's "#id"): for those who saw it, 404 for anyone else."""
    campaign = campaign_for_member(request, campaign_id)
    roll = get_object_or_404(Roll.objects.select_related("author", "character"), pk=roll_id, campaign=campaign)
    view = roll_view(roll, audience_for(campaign, request.user))
    if view is None:
        raise Http404("No such roll.")
    kind = registry.kind(roll.kind)
    chart = kind.chart(view.data) if view.chartable else None
    committed = commitments_of(roll)
    context = {
        "campaign": campaign,
        "roll": view,
        "kind_name": kind.name,
        "chart": chart,
        "commitments": [commitment_view(commitment) for commitment in committed],
    }
    return render(request, "campaigns/roll_page.html", context)


def commitments_of(roll: Roll) -> list[Commitment]:
    """The GM's commitments to the secrets this roll was made against, with their reveal if it came: its
    call's, or the one its request names (d100's GM's own secret test and its reveal, which have no call)."""
    if roll.call_id:
        return list(Commitment.objects.filter(call_id=roll.call_id))
    named = roll.request.get("commitment")
    return list(Commitment.objects.filter(pk=named, campaign_id=roll.campaign_id)) if isinstance(named, int) else []
