"""The character card's steps: a button pressed, a saved button pressed or removed. The
system rolls a button (`SystemAdapter.card_roll`); HTMX gets the card back, with what happened said
on it, and the roll goes to the log as every roll does (the roller's own row comes with the answer
too). A button pressed with a name in "Save as a button" is kept as a saved roll (campaigns.calls.saved)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from campaigns.calls import saved
from campaigns.calls.cards import MAX_KEY
from campaigns.common.inputs import row_id
from campaigns.life.access import campaign_for_member
from campaigns.models import Roll, RollCall
from campaigns.secrets.visibility import audience_for
from campaigns.table import actions, last_roll, live
from campaigns.table.forms import form_errors
from campaigns.toolkit.steps import REFUSALS

CARD = "campaigns/card.html"
GONE = "That roll is not on this character's card any more: reload the page to see the card as it is now."


class Refused(Exception):
    """The press rolls nothing; the message says why."""


class OptionsRefused(Refused):
    """The card's options refused: the whole message (a saved button's options, which no field shows), and
    where to look when the card is drawn again with the posted options, each message beside its field."""

    def __init__(self, form):
        super().__init__(form_errors(form))
        fields = [form[name].label for name in form.errors if name in form.fields]
        self.pointer = f"Not rolled: see {', '.join(fields)} in the options below." if fields else str(self)


def _own_character(request, campaign_id: int, character_id: int):
    campaign = campaign_for_member(request, campaign_id)
    character = get_object_or_404(campaign.characters.seated(), pk=character_id, owner_id=request.user.pk)
    return campaign, character


def _own_saved_button(request, campaign_id: int, character_id: int):
    """The user's own character at the table and the saved button posted for it; 404 otherwise."""
    campaign, character = _own_character(request, campaign_id, character_id)
    kept = get_object_or_404(character.saved_rolls, pk=row_id(request.POST.get("saved", "")) or 0)
    return campaign, character, kept


@login_required
@require_POST
def card_roll(request, campaign_id: int, character_id: int):
    campaign, character = _own_character(request, campaign_id, character_id)
    key = request.POST.get("roll", "")[:MAX_KEY]
    name_form = saved.SaveAsForm(request.POST)
    try:
        if not name_form.is_valid():
            raise Refused(form_errors(name_form))
        name = name_form.cleaned_data["save_as"]
        said, row, last = _press(request, campaign, character, key, request.POST, save_as=name)
    except Refused as refusal:
        error = refusal.pointer if isinstance(refusal, OptionsRefused) else str(refusal)
        return _answer(request, campaign, character, error=error, data=request.POST)
    return _answer(request, campaign, character, said=said, row=row, last=last)


@login_required
@require_POST
def saved_roll(request, campaign_id: int, character_id: int):
    """A saved button pressed: its key and stored options, checked again as a new press would be."""
    campaign, character, kept = _own_saved_button(request, campaign_id, character_id)
    try:
        data = None if kept.key == saved.NOTATION else saved.as_data(kept.options)
        said, row, last = _press(request, campaign, character, kept.key, data, kept=kept)
    except Refused as refusal:
        return _answer(request, campaign, character, error=f"{kept.name}: {refusal}")
    return _answer(request, campaign, character, said=said, row=row, last=last)


@login_required
@require_POST
def saved_roll_remove(request, campaign_id: int, character_id: int):
    campaign, character, kept = _own_saved_button(request, campaign_id, character_id)
    kept.delete()
    return _answer(request, campaign, character, said=f"Removed the saved button “{kept.name}”.")


def _press(request, campaign, character, key: str, data, *, save_as: str = "", kept=None):
    """Roll `key` with the options in `data` (saving it first as `save_as`, in the same transaction):
    (what to say, the roller's row, what the card's last roll shows); `Refused` if nothing rolled."""
    if key == saved.NOTATION and kept is not None:
        what, options, roll_it = _notation(campaign, character, kept, request.user)
    else:
        label = save_as or (kept.name if kept is not None else "")
        what, options, roll_it = _button(campaign, character, key, data, request.user, label=label)
    try:
        with transaction.atomic():
            if save_as:
                saved.save_roll(character, save_as, key, options)
            roll = roll_it()
    except REFUSALS as refusal:
        raise Refused(str(refusal)) from refusal
    row, said = None, f"Rolled “{kept.name}” ({what})." if kept is not None else f"Rolled {what}."
    if isinstance(roll, str):  # the roll waits on its player (Tribute: Profit to assign)
        said = roll
    elif roll is None:
        said = f"{what}: asked. The GM sets what it needs; the roll shows in the log."
    else:
        row = live.roll_html(roll, audience_for(campaign, request.user))
    if save_as:
        said += f" Saved as “Roll {save_as}”."
    # A roll waiting on a step (its player's, or the GM's) shows its call card on the card: the step is there.
    waiting = None if isinstance(roll, Roll) else _waiting(character)
    last = {"roll": roll} if isinstance(roll, Roll) else ({"call": waiting} if waiting else None)
    return said, row, last


def _waiting(character):
    """The character's call the press left open: the newest that the dice have reached, else the newest."""
    calls = RollCall.objects.filter(character=character, status__in=RollCall.OPEN).select_related("character")
    moved = calls.exclude(status=RollCall.Status.PENDING).order_by("-pk").first()
    return moved or calls.order_by("-pk").first()


def _button(campaign, character, key, data, actor, *, label: str = ""):
    card = campaign.adapter.card(character, data=data)
    button = card.roll(key) if card else None
    if button is None:
        raise Refused(GONE)
    if card.options is not None and not card.options.is_valid():
        raise OptionsRefused(card.options)
    options = card.options.cleaned_data if card.options is not None else {}
    stored = saved.posted_options(card.options) if card.options is not None else {}

    def roll_it():
        return campaign.adapter.card_roll(character, key, options, actor=actor, label=label)

    return button.what, stored, roll_it


def _notation(campaign, character, kept, actor):
    """A saved plain roll (from the roll form), replayed through the roll form's own action."""
    form = saved.NotationOptions(kept.options)
    if not form.is_valid():
        raise Refused(f"this saved roll no longer works ({form_errors(form)}) Remove it and save it again.")
    data = form.cleaned_data

    def roll_it():
        return actions.roll_notation(campaign, actor, character=character, **data)

    return data["label"] or data["notation"], kept.options, roll_it


def _answer(request, campaign, character, *, said="", error="", row=None, data=None, last=None):
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", campaign.pk)
    # The card again (the sheet may have changed: a pool spent); after a refusal, as it was posted.
    card = campaign.adapter.card(character, data=data) if data is not None else campaign.adapter.card(character)
    shown = last_roll.shown(campaign, character, request.user, request=request, **last) if last else None
    context = {
        "campaign": campaign,
        "character": character,
        "card": card,
        "said": said,
        "error": error,
        "row": row,
        "save_as": (data or QueryDict()).get("save_as", "")[: saved.NAME_LENGTH],
        "last": shown,
    }
    return render(request, f"{CARD}#card_answer", context, status=422 if error else 200)
