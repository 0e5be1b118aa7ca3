"""The character card's one step: a button pressed (issue 22). The system rolls it
(`SystemAdapter.card_roll`); HTMX gets the card back, with what happened said on it, and the roll
goes to the log as every roll does (the roller's own row comes with the answer too)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from campaigns import live
from campaigns.cards import MAX_KEY
from campaigns.forms import form_errors
from campaigns.systems.steps import REFUSALS
from campaigns.views import campaign_for_member
from campaigns.visibility import audience_for

CARD = "campaigns/card.html"


@login_required
@require_POST
def card_roll(request, campaign_id: int, character_id: int):
    campaign = campaign_for_member(request, campaign_id)
    character = get_object_or_404(campaign.characters.seated(), pk=character_id, owner_id=request.user.pk)
    card = campaign.adapter.card(character, data=request.POST)
    key = request.POST.get("roll", "")[:MAX_KEY]
    button = card.roll(key) if card else None
    said, error, row = "", "", None
    if button is None:
        error = "That roll is not on this character's card any more: reload the page to see the card as it is now."
    elif card.options is not None and not card.options.is_valid():
        error = form_errors(card.options)
    else:
        options = card.options.cleaned_data if card.options is not None else {}
        try:
            roll = campaign.adapter.card_roll(character, key, options, actor=request.user)
        except REFUSALS as refusal:
            error = str(refusal)
        else:
            if isinstance(roll, str):  # the roll waits on its player (Tribute: Profit to assign)
                said = roll
            elif roll is None:
                said = f"{button.what}: asked. The GM sets what it needs; the roll shows in the log."
            else:
                said = f"Rolled {button.what}."
                row = live.roll_html(roll, audience_for(campaign, request.user))
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("table", campaign.pk)
    # The card again (the sheet may have changed: a pool spent), keeping the options as posted.
    if not error:
        card = campaign.adapter.card(character)
    context = {"campaign": campaign, "character": character, "card": card, "said": said, "error": error,
               "row": row}  # fmt: skip
    return render(request, f"{CARD}#card_answer", context, status=422 if error else 200)
