"""Delete a character: its owner or the GM, after a confirmation page. One that never
played is removed; one the log tells of is retired, so the log keeps its name
(campaigns.life.lifecycle.delete_character). The GM brings a retired one back."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from campaigns.life import lifecycle
from characters.models import Character
from characters.views import _character_for_editor


@login_required
@require_http_methods(["GET", "POST"])
def character_delete(request, campaign_id: int, character_id: int):
    character = _character_for_editor(request, campaign_id, character_id)
    if character.retired_at is not None:
        messages.info(request, f"{character.name} is already retired.")
        return redirect("table", campaign_id)
    if request.method == "POST":
        outcome = lifecycle.delete_character(character, actor=request.user)
        if outcome == "deleted":
            messages.success(request, f"{character.name} is deleted.")
        else:
            messages.success(request, f"{character.name} is retired: off the table, and the log keeps the name.")
        return redirect("table", campaign_id)
    context = {"character": character, "campaign": character.campaign, "played": lifecycle.has_played(character)}
    return render(request, "characters/delete.html", context)


@login_required
@require_POST
def character_restore(request, campaign_id: int, character_id: int):
    """The GM brings a retired character back to the table."""
    character = get_object_or_404(
        Character.objects.select_related("campaign"),
        pk=character_id,
        campaign_id=campaign_id,
        campaign__gm=request.user,
    )
    lifecycle.restore_character(character, actor=request.user)
    messages.success(request, f"{character.name} is back at the table.")
    return redirect("campaign_lifecycle", campaign_id)
