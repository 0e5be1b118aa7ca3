"""The table's "At the table" list on its own (templates/campaigns/table.html#people): every open
table fetches it again when someone comes or goes (static/fivefold/presence.js), so the GM sees a
player who has just joined, their character, and a player who left, without a reload (a
play-test found it stale)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaigns.life.access import campaign_for_member
from campaigns.table import presence


@login_required
@require_GET
def people(request, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    players = list(campaign.memberships.select_related("user"))
    context = {
        "campaign": campaign,
        "is_gm": campaign.is_gm(request.user),
        "players": players,
        **presence.context(campaign, players),
        "characters": list(campaign.characters.seated().select_related("owner")),
    }
    return render(request, "campaigns/table.html#people", context)
