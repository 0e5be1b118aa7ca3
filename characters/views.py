from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from campaigns.models import Campaign
from campaigns.systems import sheet_saved
from characters.forms import sheet_form_for
from characters.models import Character


def _character_for_editor(request, campaign_id: int, character_id: int) -> Character:
    """The character if the user owns it or runs its campaign; 404 for anyone else."""
    editable = Character.objects.filter(Q(owner=request.user) | Q(campaign__gm=request.user))
    return get_object_or_404(editable.select_related("campaign"), pk=character_id, campaign_id=campaign_id)


@login_required
@require_http_methods(["GET", "POST"])
def character_new(request, campaign_id: int):
    campaign = get_object_or_404(Campaign.objects.for_member(request.user), pk=campaign_id)
    form = sheet_form_for(campaign)(request.POST or None, instance=Character(campaign=campaign, owner=request.user))
    if request.method == "POST" and form.is_valid():
        character = form.save()
        sheet_saved(character, actor=request.user)
        messages.success(request, f"{character.name} is ready to roll.")
        return redirect("table", campaign.pk)
    context = {"form": form, "campaign": campaign}
    return render(request, "characters/form.html", context, status=422 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def character_edit(request, campaign_id: int, character_id: int):
    character = _character_for_editor(request, campaign_id, character_id)
    form = sheet_form_for(character.campaign)(request.POST or None, instance=character)
    if request.method == "POST" and form.is_valid():
        form.save()
        sheet_saved(character, actor=request.user)
        messages.success(request, f"{character.name}'s sheet is saved.")
        return redirect("table", campaign_id)
    context = {"form": form, "campaign": character.campaign, "character": character}
    return render(request, "characters/form.html", context, status=422 if form.errors else 200)
