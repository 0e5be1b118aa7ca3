"""The views a system's table steps are made of, so that a system writes only what is its own: the
form, the action and the message. Each decorator turns a function that takes the step (`act`) into
the view: logged in, posted, the campaign or the call loaded for whom may take the step (404 for
anyone else), the form bound and checked, and the answer campaigns.toolkit.steps gives.

    @gm_form_step(InvestForm, "invest_form")
    def invest(request, campaign, form):
        gear.invest(campaign, request.user, **form.cleaned_data)
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm, campaign_for_member
from campaigns.toolkit.steps import call_step, gm_call, panel_step, player_call, roll_step


def _posted_step(view, act):
    """Only a logged-in user's POST reaches `view`; it keeps the name and docstring of its step."""
    return login_required(require_POST(wraps(act)(view)))


def roll_odds(form_class, template: str):
    """The exact odds of a member's own roll as its form stands (asked for by the form, with GET):
    `odds(request, campaign, form)` gives `template` its context, an empty one for no odds."""

    def decorate(odds):
        @wraps(odds)
        def view(request, campaign_id: int):
            campaign = campaign_for_member(request, campaign_id)
            form = form_class(request.GET, campaign=campaign, user=request.user)
            return render(request, template, odds(request, campaign, form))

        return login_required(require_GET(view))

    return decorate


def gm_form_step(form_class, form_name: str, *, for_campaign: bool = True, keeps: bool | tuple[str, ...] = False):
    """The GM's step from the system's panel through `form_class` (built with the campaign when
    `for_campaign`, as a form choosing among its characters is): `act(request, campaign, form)` runs
    once the form is valid. Done, the next form starts from the posted one (`keeps` True), from
    these of its fields (a tuple), or empty."""

    def bound(campaign, *args, **kwargs):
        return form_class(*args, **kwargs, **({"campaign": campaign} if for_campaign else {}))

    def kept(request) -> dict:
        posted = request.POST.dict()
        return posted if keeps is True else {name: posted[name] for name in keeps if name in posted}

    def decorate(act):
        def view(request, campaign_id: int):
            campaign = campaign_for_gm(request, campaign_id)
            form = bound(campaign, request.POST)
            again = (lambda: bound(campaign, initial=kept(request))) if keeps else None
            return panel_step(
                request,
                campaign,
                Audience.GM,
                form=form,
                form_name=form_name,
                again=again,
                act=lambda: act(request, campaign, form),
            )

        return _posted_step(view, act)

    return decorate


def gm_panel_step(error_form: str):
    """The GM's step from a form of the panel's own, read from the post by `act(request, campaign)`
    itself; a refusal shows beside the form the template knows as `error_form`."""

    def decorate(act):
        def view(request, campaign_id: int):
            campaign = campaign_for_gm(request, campaign_id)
            return panel_step(request, campaign, Audience.GM, error_form=error_form, act=lambda: act(request, campaign))

        return _posted_step(view, act)

    return decorate


def roll_form_step(form_class, form_name: str):
    """A member's roll from the panel through `form_class` (the user's own characters to choose
    from): `act(request, campaign, form)` returns the roll, or the call it opens; the form stays
    as the player left it, for the next roll."""

    def decorate(act):
        def view(request, campaign_id: int):
            campaign = campaign_for_member(request, campaign_id)
            form = form_class(request.POST, campaign=campaign, user=request.user)
            return roll_step(
                request,
                campaign,
                Audience.TABLE,
                form=form,
                form_name=form_name,
                act=lambda: act(request, campaign, form),
                again=lambda: form_class(initial=request.POST.dict(), campaign=campaign, user=request.user),
            )

        return _posted_step(view, act)

    return decorate


def call_form_step(kind: str, audience: Audience, form_class=None, *, refused: str = ""):
    """A step on an open call of `kind`, by its GM (`Audience.GM`) or by the player whose character
    it calls (`Audience.CALLED_PLAYER`): `act(request, call, form)` runs once `form_class`, if any,
    is valid (`form` is None without one); `refused` says why it is not (by default, the form's
    own messages)."""
    find_call = gm_call if audience is Audience.GM else player_call

    def decorate(act):
        def view(request, campaign_id: int, call_id: int):
            call = find_call(request, campaign_id, call_id, kind)
            form = form_class(request.POST) if form_class else None
            return call_step(request, call, audience, form=form, refused=refused, act=lambda: act(request, call, form))

        return _posted_step(view, act)

    return decorate
