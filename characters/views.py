from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns.calls import call_section
from campaigns.life.lifecycle import refuse_if_archived
from campaigns.models import Campaign
from campaigns.table import live
from campaigns.table.forms import form_errors
from characters.forms import SheetImportForm, name_taken, sheet_form_for
from characters.models import Character


def _character_for_editor(request, campaign_id: int, character_id: int) -> Character:
    """The character if the user runs its campaign, or owns it and still plays there; 404 for
    anyone else, a removed player included, as the table is. The GM keeps the
    records of a removed player's characters."""
    editable = (
        Character.objects.filter(campaign__gm=request.user) | Character.objects.filter(owner=request.user).seated()
    )
    return get_object_or_404(editable.select_related("campaign"), pk=character_id, campaign_id=campaign_id)


def _validating(request) -> bool:
    """The sheet form checks itself as the player types (an htmx post with `validate`): nothing is saved."""
    return request.method == "POST" and request.htmx and request.POST.get("validate") == "1"


def _validation(request, form):
    """Every field's and row's message, swapped in beside it (out of band), without touching what is typed."""
    form.is_valid()
    return render(request, "characters/_validation.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def character_new(request, campaign_id: int):
    campaign = refuse_if_archived(request, get_object_or_404(Campaign.objects.for_member(request.user), pk=campaign_id))
    new = Character(campaign=campaign, owner=request.user)
    form = sheet_form_for(campaign)(request.POST or None, instance=new, session=request.session)
    if _validating(request):
        return _validation(request, form)
    if request.method == "POST" and form.is_valid():
        character = form.save()
        character.campaign.adapter.sheet_saved(character, actor=request.user)
        transaction.on_commit(lambda: (live.send_character_new(character), call_section.send(character.campaign)))
        messages.success(request, f"{character.name} is ready to roll.")
        return redirect("table", campaign.pk)
    context = {"form": form, "campaign": campaign, "import_form": SheetImportForm()}
    return render(request, "characters/form.html", context, status=422 if form.errors else 200)


@login_required
@require_POST
def character_import(request, campaign_id: int):
    """A new character of the user's own from a JSON file, validated by the campaign's system."""
    campaign = refuse_if_archived(request, get_object_or_404(Campaign.objects.for_member(request.user), pk=campaign_id))
    form = SheetImportForm(request.POST, request.FILES)
    character = None
    if form.is_valid():
        data = form.cleaned_data["file"]
        character = Character(campaign=campaign, owner=request.user, name=data["name"], sheet=data["sheet"])
        try:
            character.full_clean()
        except ValidationError as error:
            form.add_error("file", " ".join(error.messages))
        if name_taken(character, character.name.strip()):  # as the sheet form refuses it
            form.add_error("file", f"You already have a character called {character.name} in this campaign.")
    if form.errors:
        new = Character(campaign=campaign, owner=request.user)
        context = {
            "form": sheet_form_for(campaign)(instance=new, session=request.session),
            "campaign": campaign,
            "import_form": form,
            "import_error": form_errors(form),
        }
        return render(request, "characters/form.html", context, status=422)
    character.save()
    character.campaign.adapter.sheet_saved(character, actor=request.user)
    transaction.on_commit(lambda: (live.send_character_new(character), call_section.send(character.campaign)))
    messages.success(request, f"{character.name} is imported and ready to roll.")
    return redirect("table", campaign.pk)


@login_required
@require_GET
def character_download(request, campaign_id: int, character_id: int):
    """The sheet as a JSON file, to keep or to import into another campaign of the same system."""
    character = _character_for_editor(request, campaign_id, character_id)
    record = {"name": character.name, "system": character.campaign.system, "sheet": character.sheet}
    response = JsonResponse(record, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="character-{character.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def character_edit(request, campaign_id: int, character_id: int):
    character = _character_for_editor(request, campaign_id, character_id)
    refuse_if_archived(request, character.campaign)
    form = sheet_form_for(character.campaign)(request.POST or None, instance=character)
    if _validating(request):
        return _validation(request, form)
    if request.method == "POST" and form.is_valid():
        form.save()
        character.campaign.adapter.sheet_saved(character, actor=request.user)
        transaction.on_commit(lambda: live.send_card(character))
        messages.success(request, f"{character.name}'s sheet is saved.")
        return redirect("table", campaign_id)
    context = {"form": form, "campaign": character.campaign, "character": character}
    return render(request, "characters/form.html", context, status=422 if form.errors else 200)
