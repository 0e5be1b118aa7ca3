"""The card's "Last roll": right under the character card's buttons, the player's newest roll from this
page and every follow-up it still allows (a Karma or Fortune re-roll, a +5 from another character, a die
as a 6; the call card of a step after the dice: the Wrench, Profit and Waste, the wiggle dice), where the
player clicked, so that no roll's choices are two screens away in the log.

Each follow-up is the row's own: its kind says which partial and which spends (`RollKind.follow_ups`),
the same functions that decide what the row offers to this user, so the card offers nothing the row
would not, and each spend has one implementation. Its forms post `card` (the character's pk): the spend's
view then answers with this area again (`answer`), the new roll and what it still allows. A step's call
card is the table's own (`table.html#player_call`), answered in place; once the call is in the log, the
step's answer (`campaigns.toolkit.steps.card`) or its live close (`live.send_call_closed`) brings its roll.

The area is drawn by these answers only, never on a page load nor when the card is drawn again for a
sheet's change: such a card carries an empty area marked `hx-preserve`, which keeps the one on the page.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string

from campaigns.common.audience import Audience
from campaigns.common.inputs import row_id
from campaigns.plugins import registry
from campaigns.secrets.visibility import audience_for, call_view, roll_view

LAST = "campaigns/card.html#last_roll"
# The card's forms say so: the spend's answer is the card's area, not the row's offer.
FIELD = "card"


def shown(campaign, character, user, *, roll=None, call=None, said: str = "", error: str = "", request=None) -> dict:
    """What the area holds for `user` (the character's owner): the roll as their audience sees it (the row's
    view, so no secret the row keeps), the follow-ups the kind offers them, or the call waiting on a step."""
    last = {"said": said, "error": error}
    if roll is not None:
        last["roll"] = view = roll_view(roll, audience_for(campaign, user))
        if view is None:
            last["said"] = said or "Rolled: only the GM sees this roll."
            return last
        follow = registry.kind(roll.kind).follow_ups(roll, user)
        if follow is not None:
            template, offer = follow
            context = {**offer, "campaign": campaign, "roll": roll, "card": character.pk}
            last["follow"] = render_to_string(template, context, request=request)
    elif call is not None:
        last["call"] = call_view(call, Audience.CALLED_PLAYER)
    return last


def html(campaign, character, user, *, oob: bool | str = False, request=None, **what) -> str:
    """The area drawn alone (`oob`: out of band, beside another answer or in a live message; a string is
    the swap's own hx-swap-oob value, such as a target that must still show a given roll)."""
    oob = "true" if oob is True else oob
    context = {
        "campaign": campaign,
        "character": character,
        "oob_last": oob,
        "last": shown(campaign, character, user, request=request, **what),
    }
    return render_to_string(LAST, context, request=request)


def own_character(request, campaign, character_id):
    """The user's own seated character of that pk, or None."""
    return campaign.characters.seated().filter(pk=character_id or 0, owner_id=request.user.pk).first()


def answer(request, campaign, roll, *, error: str = "") -> HttpResponse | None:
    """A follow-up posted from the card (its form sends `card`): the card's area again, with `roll` (the new
    roll once done; the one spent on with the message when refused). None for a post from the log's row."""
    if roll is None or not request.htmx or FIELD not in request.POST:
        return None
    character = own_character(request, campaign, row_id(request.POST.get(FIELD, "")))
    if character is None:
        return None
    area = html(campaign, character, request.user, request=request, roll=roll, error=error)
    return HttpResponse(area, status=422 if error else 200)


def oob_for(request, roll) -> str:
    """The card's area, out of band, with a roll the user made for their own seated character (a roll from a
    panel form, a call's last step); "" for anyone else's."""
    character = roll.character
    if character is None or character.owner_id != request.user.pk or character.retired_at is not None:
        return ""
    return html(roll.campaign, character, request.user, oob=True, request=request, roll=roll)
