"""What every system's table steps share, so that each step's view says only what is its own:
which call or form, which action, which message.

A step is taken on a call's card (`call_step`: the GM's or the called player's part of a roll
call) or from the system's panel (`panel_step`). Either way its form, if it has one, must be
valid, then it runs one action; a refusal (the form's, or the action's `ActionError` or
`RulesError`) changes nothing and says why. HTMX gets the card or the panel back (422 with the
message when refused), or for a roll from the panel (`roll_step`) only its new row; a plain post
goes back to the table, with the message.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import reswap

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm, campaign_for_member
from campaigns.models import Roll, RollCall
from campaigns.secrets.visibility import audience_for, call_view
from campaigns.table import last_roll, live, tabs
from campaigns.table.actions import ActionError
from campaigns.table.forms import form_errors
from rules.errors import RulesError

TABLE = "campaigns/table.html"

# What an action raises to refuse a step, with a sentence the player can read.
REFUSALS = (ActionError, RulesError)


def gm_call(request, campaign_id: int, call_id: int, kind: str) -> RollCall:
    """A call of this kind in a campaign the user runs; 404 otherwise."""
    campaign = campaign_for_gm(request, campaign_id)
    return get_object_or_404(RollCall, pk=call_id, campaign=campaign, kind=kind)


def player_call(request, campaign_id: int, call_id: int, kind: str) -> RollCall:
    """A call of this kind for one of the user's own characters; 404 otherwise."""
    campaign = campaign_for_member(request, campaign_id)
    return get_object_or_404(
        RollCall.objects.select_related("character"),
        pk=call_id,
        campaign=campaign,
        kind=kind,
        character__owner=request.user,
    )


def card(request, call_id: int, audience: Audience, error: str = ""):
    """The call's card as `audience` sees it, with the message that refused a step."""
    call = RollCall.objects.select_related("character").get(pk=call_id)
    if call.status not in RollCall.OPEN and not error:
        # The card is swapped for nothing: the roll is in the log, and on the player's card (its last roll).
        answered = audience is not Audience.GM and call.status == RollCall.Status.ANSWERED
        done = call.answered_by() if answered else None
        return HttpResponse(last_roll.oob_for(request, done) if done is not None else "")
    partial = "gm_call" if audience is Audience.GM else "player_call"
    context = {"call": call_view(call, audience), "error": error}
    return render(request, f"{TABLE}#{partial}", context, status=422 if error else 200)


def _refusal(form, refused: str, act) -> str:
    """Take the step: the sentence that refused it, or "" once `act` has run."""
    if form is not None and not form.is_valid():
        return refused or form_errors(form)
    try:
        act()
    except REFUSALS as error:
        return str(error)
    return ""


def call_step(request, call: RollCall, audience: Audience, *, form=None, refused: str = "", act) -> HttpResponse:
    """One step on a call by `audience` (its GM, or its called player): `form` must be valid, else
    `refused` says why (by default, the form's own messages); then `act()` runs the action. HTMX
    gets the call's card back, or nothing once the roll is in the log."""
    error = _refusal(form, refused, act)
    if request.htmx:
        return card(request, call.pk, audience, error)
    if error:
        messages.error(request, error)
    return redirect("table", call.campaign_id)


def panel_step(
    request,
    campaign,
    audience: Audience,
    *,
    form=None,
    refused: str = "",
    form_name: str = "",
    error_form: str = "",
    again=None,
    act,
) -> HttpResponse:
    """One change made from the system's panel, as `call_step` takes one on a call. Refused, the
    panel shows the form as posted under its keyword `form_name` (none: the panel's own forms);
    done, the form `again()` builds, a roll form keeping the player's choices for the next roll.
    The template learns which form was refused as `error_form` (`error_form`, else `form_name`), to
    show the message beside it (templates/systems/_form_error.html)."""
    error = _refusal(form, refused, act)
    return _panel_answer(request, campaign, audience, error, form, form_name, error_form, again)


def _panel_answer(request, campaign, audience, error: str, form, form_name: str, error_form: str, again):
    # The form the panel renders anew (templatetags/panel_forms.py): a form posted through a Django form comes
    # back bound (refused) or as `again()` builds it; a form-less step's form comes back fresh once done, and
    # keeps what was typed when refused. Every other form keeps what was typed.
    fresh = form_name or ("" if error else error_form)
    if error:
        forms_ = {form_name: form} if form_name else {}
        return _panel(request, campaign, audience, error, error_form=error_form or form_name, fresh=fresh, **forms_)
    return _panel(request, campaign, audience, fresh=fresh, **({form_name: again()} if again else {}))


# A roll form on a panel that shows a refusal carries this field (`{% if error %}` in its template): the roll
# that follows gets the whole panel back, without the message, as the plain roll form's `after_error` does.
AFTER_ERROR = "after_error"


def roll_step(request, campaign, audience: Audience, *, form, form_name: str, again, act, also=None) -> HttpResponse:
    """A roll from the system's panel, taken as `panel_step` takes a step, answered with only what changed
    (the whole panel again was most of the post's time): the new row out of band, the very HTML
    the roller's socket gets (campaigns.table.live.roll_html, rendered once), and `also(roll)`'s parts of the
    panel that the roll changed (e.g. the GM's recent secret rolls); the form stays as the player left it.
    `act()` returns the roll, or the call it opened: a call waiting for the GM or the player has no row
    yet, and its card comes over the socket (live.send_call_opened), as before. A refusal, a plain post,
    or a roll from a panel still showing a refusal gets the panel as `panel_step` answers it."""
    done = []
    error = _refusal(form, "", lambda: done.append(act()))
    if error or not request.htmx or request.POST.get(AFTER_ERROR):
        return _panel_answer(request, campaign, audience, error, form, form_name, "", again)
    roll = _published(done[0])
    viewer = audience_for(campaign, request.user)  # the row as the roller's socket gets it
    parts = (
        []
        if roll is None
        else [live.roll_html(roll, viewer) or "", also(roll) if also else "", last_roll.oob_for(request, roll)]
    )  # and on the roller's card, with its choices
    return reswap(HttpResponse("".join(parts)), "none")


def _published(done) -> Roll | None:
    """The roll `act()` posted: itself, or its call's once answered (publish_call made the roll with the call
    in hand, so `call.roll` is read from memory); None while the call waits."""
    if isinstance(done, Roll):
        return done
    return done.roll if done.status == RollCall.Status.ANSWERED else None


def _panel(request, campaign, audience: Audience, error: str = "", error_form: str = "", fresh: str = "", **forms_):
    """HTMX gets the system's panel (its adapter's) with these forms, 422 with the message when
    refused; a plain post goes back to the table, with the message."""
    if request.htmx:
        rendered = campaign.adapter.panel(campaign, audience, user=request.user, **forms_)
        context = {
            **rendered.context,
            "campaign": campaign,
            "error": error,
            "error_form": error_form,
            "step_taken": True,
            "fresh_form": fresh,
        }
        return render(request, rendered.template, context, status=422 if error else 200)
    if error:
        messages.error(request, error)
    # Back to the tab that holds the panel, where the message and the form are (the page draws that tab alone).
    return redirect(reverse("table", args=[campaign.pk]) + f"?tab={tabs.panel_tab(audience)}")


def tell_done(request, message: str) -> None:
    """A plain post goes back to the table: say there what was done (HTMX sees it on the panel)."""
    if not request.htmx:
        messages.success(request, message)
