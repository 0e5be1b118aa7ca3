"""The GM's "Campaign settings" page (campaigns.life.campaign_settings)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaigns.life.access import campaign_for_gm
from campaigns.life.campaign_settings import CampaignSettingsForm, change_settings, fingerprint, sheet_changes


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request, campaign_id: int):
    """The GM's only (anyone else: 404). A change that touches sheets is shown first and saved
    once the GM confirms it; a refused value is named beside its field and nothing changes."""
    campaign = campaign_for_gm(request, campaign_id)
    form = CampaignSettingsForm(request.POST if request.method == "POST" else None, campaign=campaign)
    changes = []
    if request.method == "POST" and form.is_valid():
        settings = form.cleaned_data["settings"]
        changes = sheet_changes(campaign, settings)
        if not changes or form.cleaned_data["confirm"] == fingerprint(settings):
            change_settings(campaign, request.user, settings, form.cleaned_data["talk"])
            messages.success(request, "The campaign's settings are saved; every table shows them.")
            return redirect("table", campaign.pk)
    context = {
        "campaign": campaign,
        "system": campaign.rules_system,
        "form": form,
        "changes": changes,
        "confirm": fingerprint(form.cleaned_data["settings"]) if changes else "",
    }
    return render(request, "campaigns/settings.html", context, status=422 if form.errors else 200)
