"""The GM's quick edit of a character's notes on the Characters tab, for the systems whose
sheet keeps nothing else that changes in play: the One-Roll Engine (its seed's "Combat" section is
empty: no wounds) and Tribute Alpha (attribute and effect ranks, bought, not spent). What the table
tracks there (a wound, a condition, a state an effect left) is written in the sheet's notes; the GM
writes them in place, the player's card shows them. Reading published on /rules/#ore-in-play and
/rules/#tribute-in-play ("What changes in play")."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns.common.inputs import TextField
from campaigns.life.access import campaign_for_gm
from campaigns.table import live
from campaigns.table.forms import TableForm
from rules.system import MAX_NOTES

TEMPLATE = "systems/_gm_notes.html"
SHEET = "campaigns/gm_characters.html#sheet"
SAID = "Notes saved: the player's card shows them."


class NotesForm(TableForm):
    notes = TextField(
        multiline=True,
        required=False,
        max_length=MAX_NOTES,
        strip=False,
        error_messages={"max_length": f"Notes are at most {MAX_NOTES:,} characters: nothing was saved."},
    )


def notes_view(system: str):
    """The step for one system's campaigns (its urls name it `<system>_gm_notes`)."""

    @login_required
    @require_POST
    def notes(request, campaign_id: int, character_id: int):
        campaign = campaign_for_gm(request, campaign_id)
        if campaign.system != system:  # another system's campaign has no such step
            raise Http404
        character = get_object_or_404(campaign.characters.seated(), pk=character_id)
        form = NotesForm(request.POST)
        said, error = "", ""
        if form.is_valid():
            save_notes(character, form.cleaned_data["notes"], actor=request.user)
            said = SAID
        else:
            error = " ".join(message for errors in form.errors.values() for message in errors)
        if not request.htmx:
            (messages.error if error else messages.success)(request, error or f"{character.name}: {said}")
            return redirect(reverse("table", args=[campaign.pk]) + "?tab=characters")
        context = {
            "campaign": campaign,
            "character": character,
            "card": campaign.adapter.card(character),
            "notes_said": said,
            "notes_error": error,
            "notes_typed": request.POST.get("notes", ""),
        }
        return render(request, SHEET, context, status=422 if error else 200)

    return notes


def save_notes(character, notes: str, *, actor) -> None:
    """Write the notes, then redraw the character's card for its player and its glance for the GM's
    other open tables."""
    with transaction.atomic():
        character.lock_sheet()
        character.sheet = {**character.sheet, "notes": notes.replace("\r\n", "\n")}
        character.full_clean()  # the system's own sheet check (rules.<system>.sheet.validate_sheet)
        character.save(update_fields=["sheet"])
        character.campaign.adapter.sheet_saved(character, actor=actor)
        transaction.on_commit(lambda: send_glance(character))


def send_glance(character) -> None:
    live.send_sheet(character, notes_said=SAID)
