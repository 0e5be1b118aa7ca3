"""Centaurus Gate's table steps. Each view checks who may act, validates, calls
one action, and answers HTMX with the updated card or panel (the websocket
brings the same change to everyone else)."""

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.forms import form_errors
from campaigns.models import RollCall
from campaigns.systems.cgg import actions
from campaigns.systems.cgg.chart import cgg_chart
from campaigns.systems.cgg.forms import ActionCallForm, ClockForm, HammerForm, StuntForm, WrenchForm
from campaigns.systems.cgg.panel import panel
from campaigns.systems.steps import player_call, run_step
from campaigns.views import _campaign_for_gm
from campaigns.visibility import call_view
from characters.models import Character
from rules.cgg.action import action_chances
from rules.cgg.codes import parse_code
from rules.errors import RulesError

TABLE = "campaigns/table.html"


def _panel_response(request, campaign, *, call_form=None, error="", status=200):
    rendered = panel(campaign, Audience.GM, call_form=call_form)
    context = {**rendered.context, "campaign": campaign, "error": error}
    return render(request, rendered.template, context, status=422 if error else status)


def _panel_step(request, campaign, step, done: str):
    """Run a change shown on the panel; HTMX gets the panel back, others the table with a message."""
    try:
        clock = step()
    except (ActionError, RulesError) as error:
        if request.htmx:
            return _panel_response(request, campaign, error=str(error))
        messages.error(request, str(error))
    else:
        if not request.htmx:
            messages.success(request, done.format(hours=getattr(clock, "hours", "")))
    return _panel_response(request, campaign) if request.htmx else redirect("table", campaign.pk)


@login_required
@require_POST
def call_action(request, campaign_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    form = ActionCallForm(request.POST, campaign=campaign)
    if not form.is_valid():
        if request.htmx:
            return _panel_response(request, campaign, call_form=form, status=422)
        messages.error(request, " ".join(error for errors in form.errors.values() for error in errors))
        return redirect("table", campaign.pk)
    data = form.cleaned_data
    actions.call_for_action(
        campaign, character=data["character"], attribute=data["attribute"], difficulty=data["difficulty"],
        label=data["label"],
    )  # fmt: skip
    return _panel_response(request, campaign) if request.htmx else redirect("table", campaign.pk)


@login_required
@require_GET
def action_odds(request, campaign_id: int):
    """Live exact odds while the Exec builds the difficulty (GM only)."""
    campaign = _campaign_for_gm(request, campaign_id)
    form = ActionCallForm(request.GET, campaign=campaign)
    context = {}
    if form.is_valid():
        data = form.cleaned_data
        code = parse_code(data["character"].sheet["attributes"][data["attribute"]])
        difficulty = data["difficulty"]
        difficulty = replace(difficulty, success_dice=code.dice)
        found = action_chances(difficulty, code)
        context = {"chances": found, "code": code, "remaining": difficulty.remaining_dice, "chart": cgg_chart(found)}
    else:
        context["odds_error"] = " ".join(e for errors in form.errors.values() for e in errors)
    return render(request, "systems/cgg/odds.html", context)


@login_required
@require_POST
def roll(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    masteries = call_view(call, Audience.CALLED_PLAYER).data["masteries"]
    form = StuntForm(request.POST, masteries=masteries)

    def step():
        if not form.is_valid():
            raise RulesError(form_errors(form))
        actions.roll_for_call(call.pk, request.user, form.stunt())

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)


@login_required
@require_POST
def wrench(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    form = WrenchForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("Choose Wrench uses from the list.")
        actions.choose_wrench(call.pk, request.user, form.chosen())

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)


@login_required
@require_POST
def hammer(request, campaign_id: int, call_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    call = get_object_or_404(RollCall, pk=call_id, campaign=campaign, kind=actions.KIND)
    form = HammerForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("Choose Hammer uses from the list.")
        actions.choose_hammer(call.pk, request.user, form.chosen())

    return run_step(request, campaign_id, call.pk, Audience.GM, step)


def _explorer_for_gm(request, campaign_id: int, character_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    # A removed player's explorer has left the table (issue 18): its clock is not the Exec's to change.
    return campaign, get_object_or_404(Character.objects.seated(), pk=character_id, campaign=campaign)


@login_required
@require_POST
def resolve_crisis(request, campaign_id: int, character_id: int):
    campaign, character = _explorer_for_gm(request, campaign_id, character_id)
    critical = bool(request.POST.get("critical"))
    return _panel_step(
        request,
        campaign,
        lambda: actions.resolve_crisis(character, request.user, critical=critical),
        f"{character.name}'s crisis is over: {{hours}} hours on the clock.",
    )


@login_required
@require_POST
def adjust_clock(request, campaign_id: int, character_id: int):
    campaign, character = _explorer_for_gm(request, campaign_id, character_id)
    form = ClockForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("Say pay or gain, 1 to 12 hours, and why.")
        data = form.cleaned_data
        return actions.adjust_clock(
            character, request.user, reason=data["reason"], **{data["direction"]: data["hours"]}
        )

    return _panel_step(request, campaign, step, f"{character.name}'s clock: {{hours}} hours.")
