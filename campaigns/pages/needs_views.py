"""The "Needs you" strip on its own (campaigns/table/needs.py): the table's strip fetches itself here after
a websocket message that changes a call (campaigns.table.live.NEEDS_CHANGED), so its items and the page
title's count follow the table live."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from campaigns.life.access import campaign_for_member
from campaigns.table.needs import strip_part
from campaigns.table.parts import kept


@login_required
@require_GET
def needs(request, campaign_id: int):
    """An open table asks after each call's live message: the strip kept with the page's parts answers most."""
    campaign = campaign_for_member(request, campaign_id)
    html, _count, shown = kept(
        request, campaign, {"needs": strip_part(request, campaign, is_gm=campaign.is_gm(request.user))}
    )["needs"]
    if request.GET.get("shown") == shown:
        return HttpResponse(status=204)  # htmx swaps nothing: the strip's buttons stay where they are
    return HttpResponse(html)
