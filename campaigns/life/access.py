"""Who may open a campaign's pages: its members, or its GM alone; a campaign whose system is not
installed, or that is archived, answers them as its own page says."""

from django.shortcuts import get_object_or_404

from campaigns.life.lifecycle import refuse_if_archived
from campaigns.models import Campaign
from campaigns.plugins import registry


def campaign_for_member(request, campaign_id: int) -> Campaign:
    """The campaign if the user runs it or plays in it; 404 for anyone else."""
    # The GM's name is in every table's header: read with the campaign.
    campaign = get_object_or_404(Campaign.objects.for_member(request.user).select_related("gm"), pk=campaign_id)
    campaign = _installed(campaign)
    return refuse_if_archived(request, campaign)


def campaign_for_gm(request, campaign_id: int) -> Campaign:
    return refuse_if_archived(request, _installed(get_object_or_404(Campaign, pk=campaign_id, gm_id=request.user.pk)))


def _installed(campaign: Campaign) -> Campaign:
    """A campaign whose system is taken away answers its members with the "not installed" page
    (`SystemNotInstalled`, campaigns.pages.middleware), on every page and step alike: a step that
    needs no system (a plain roll, a catch-up, a call) would otherwise go on writing and
    showing a table that cannot open. Checked after the 404, so no one else learns
    that the campaign is there."""
    registry.get(campaign.system)
    return campaign
