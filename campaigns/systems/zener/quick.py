"""The GM's quick edits on the Characters tab: a seated character's trauma, shock and END left set
as the GM says, and Karma given or taken, in place under the character's glance (card.gm_tools). Read on
/rules/zener/ (Interpretations): a quick edit is the GM's correction or an effect the app does not roll; it
rolls nothing, and the character's state follows its damage as after any step (rules.zener.death.settle)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns.common.inputs import WholeNumberField
from campaigns.life.access import campaign_for_gm
from campaigns.systems.zener.actions import change_karma
from campaigns.table import events, live
from campaigns.table.forms import TableForm
from campaigns.toolkit.steps import REFUSALS
from rules.errors import RulesError
from rules.zener.death import settle
from rules.zener.endurance import end_left

TOOLS = "systems/zener/gm_tools.html"
MAX_DAMAGE = 99
MAX_KARMA_CHANGE = 50


class QuickEditForm(TableForm):
    trauma = WholeNumberField(min_value=0, max_value=MAX_DAMAGE)
    shock = WholeNumberField(min_value=0, max_value=MAX_DAMAGE)
    end_left = WholeNumberField(min_value=0, max_value=MAX_DAMAGE, label="END left")
    karma = WholeNumberField(
        min_value=-MAX_KARMA_CHANGE,
        max_value=MAX_KARMA_CHANGE,
        required=False,
        initial=0,
        label="Karma + or −",
        help_text="Given (+) or taken (−) by the GM.",
    )


def quick_form(character, data=None) -> QuickEditForm:
    """The form as the sheet stands (its ids prefixed per character: every sheet is on one page)."""
    damage = character.sheet.get("damage", {})
    initial = {
        "trauma": damage.get("trauma", 0),
        "shock": damage.get("shock", 0),
        "end_left": end_left(character.sheet)[0],
        "karma": 0,
    }
    return QuickEditForm(data, initial=initial, prefix=f"quick{character.pk}")


def quick_edit(campaign, gm, character, *, trauma: int, shock: int, end: int, karma: int) -> None:
    """Set the damage, spend or give back END, change Karma: one write, one line in the log for the table."""
    whole = end_left(character.sheet)[1]
    if end > whole:
        raise RulesError(f"{character.name}'s END is {whole}: END left can be 0 to {whole}.")
    if character.sheet.get("state") == "dead":
        raise RulesError(f"{character.name} is dead: there is nothing to edit in play.")
    with transaction.atomic():
        character.lock_sheet()
        sheet = dict(character.sheet)
        sheet["damage"] = {**sheet.get("damage", {}), "trauma": trauma, "shock": shock, "end_spent": whole - end}
        character.sheet = settle(sheet)
        character.save(update_fields=["sheet", "updated_at"])
        if karma:
            change_karma(character, karma, actor=gm, reason="The GM's quick edit")
        text = f"The GM set {character.name}: trauma {trauma}, shock {shock}, END {end}/{whole}"
        events.record(campaign, "note", text + (f", Karma {karma:+d}" if karma else "") + ".")
        transaction.on_commit(lambda: (live.send_sheet(character), live.send_panel(campaign)))


@login_required
@require_POST
def quick_edit_view(request, campaign_id: int, character_id: int):
    """The GM's quick edit of one sheet; the answer is the sheet redrawn (gm_characters.html#sheet)."""
    campaign = campaign_for_gm(request, campaign_id)
    character = get_object_or_404(campaign.characters.seated(), pk=character_id)
    form = quick_form(character, request.POST)
    error = ""
    if form.is_valid():
        data = form.cleaned_data
        try:
            quick_edit(
                campaign,
                request.user,
                character,
                trauma=data["trauma"],
                shock=data["shock"],
                end=data["end_left"],
                karma=data["karma"] or 0,
            )
            character.refresh_from_db()
            form = quick_form(character)
        except REFUSALS as refusal:
            error = str(refusal)
    refused = bool(error or form.errors)
    if not request.htmx and not refused:  # without JavaScript: back to the Characters tab
        return redirect(reverse("table", args=[campaign.pk]) + "?tab=characters")
    card = campaign.adapter.card(character)
    card.context.update(quick_form=form, quick_error=error)  # the refused form as posted, beside its message
    context = {"campaign": campaign, "character": character, "card": card}
    return render(request, "campaigns/gm_characters.html#sheet", context, status=422 if refused else 200)
