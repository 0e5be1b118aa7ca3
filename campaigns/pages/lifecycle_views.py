"""The GM's "Campaign" page and the confirmations of a campaign's whole life:
archive and bring back, delete (the export offered first), leave. Every step that cannot be
undone is a page first and a post second, so it works without JavaScript."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from campaigns.common.inputs import TextField
from campaigns.life import lifecycle
from campaigns.models import Campaign, Membership
from campaigns.table import actions, events


def _campaign_run_by(request, campaign_id: int) -> Campaign:
    """The GM's campaign, archived or not (campaigns.life.access.campaign_for_gm refuses an archived
    one's posts; these steps are the way out of the archive)."""
    return get_object_or_404(Campaign, pk=campaign_id, gm_id=request.user.pk)


class ArchiveForm(forms.Form):
    archived = forms.TypedChoiceField(choices=[("1", "archive"), ("0", "unarchive")], coerce=lambda value: value == "1")


class DeleteForm(forms.Form):
    name = TextField(label="Type the campaign's name to delete it", max_length=200)

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign

    def clean_name(self):
        typed = self.cleaned_data["name"]
        if typed != self.campaign.name.strip():
            raise forms.ValidationError(f"That is not the campaign's name: type {self.campaign.name} exactly.")
        return typed


@login_required
@require_http_methods(["GET", "POST"])
def campaign_lifecycle(request, campaign_id: int):
    """The GM's Campaign page: archive or bring back, the retired characters, the way to delete."""
    campaign = _campaign_run_by(request, campaign_id)
    form = ArchiveForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, "Choose to archive or to bring back the campaign.")
            return redirect("campaign_lifecycle", campaign.pk)
        if form.cleaned_data["archived"]:
            lifecycle.archive(campaign, actor=request.user)
            messages.success(request, f"{campaign.name} is archived: its table is read-only until you bring it back.")
        else:
            lifecycle.unarchive(campaign, actor=request.user)
            messages.success(request, f"{campaign.name} is back: the table is open again.")
        return redirect("campaign_lifecycle", campaign.pk)
    retired = campaign.characters.exclude(retired_at=None).select_related("owner")
    return render(request, "campaigns/lifecycle.html", {"campaign": campaign, "retired": retired})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_delete(request, campaign_id: int):
    """Delete the campaign for good, once its GM has been offered the export and typed its name."""
    campaign = _campaign_run_by(request, campaign_id)
    form = DeleteForm(request.POST or None, campaign=campaign)
    if request.method == "POST" and form.is_valid():
        name = campaign.name
        lifecycle.delete_campaign(campaign)
        messages.success(request, f"{name} is deleted, with all its rolls, characters and records.")
        return redirect("home")
    context = {"campaign": campaign, "form": form, "counts": _counts(campaign)}
    return render(request, "campaigns/delete.html", context, status=422 if form.errors else 200)


def _counts(campaign: Campaign) -> dict:
    return {
        "rolls": campaign.rolls.count(),
        "characters": campaign.characters.count(),
        "players": campaign.memberships.count(),
    }


@login_required
@require_http_methods(["GET", "POST"])
def leave(request, campaign_id: int):
    """A player leaves, after a page that says what happens to their characters."""
    membership = get_object_or_404(
        Membership.objects.select_related("campaign"), campaign_id=campaign_id, user=request.user
    )
    campaign = membership.campaign
    if request.method == "POST":
        with transaction.atomic():  # the line goes out once the seat is gone: every table's list then drops it
            events.record(campaign, "seat", f"{request.user} left the table.")
            actions.remove_player(membership)
        messages.success(request, f"You left {campaign.name}.")
        return redirect("home")
    characters = campaign.characters.filter(owner=request.user, retired_at=None)
    return render(request, "campaigns/leave.html", {"campaign": campaign, "characters": characters})
