"""Tribute Alpha's table steps: check who may act, validate, call one action,
answer HTMX with the updated panel or card."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.forms import form_errors
from campaigns.models import RollCall
from campaigns.systems.steps import panel_response, player_call, run_step
from campaigns.systems.tribute import actions
from campaigns.systems.tribute.chart import tribute_chart
from campaigns.systems.tribute.forms import OpposedForm, OpposedRollForm, OppositionForm, TestForm, assignment_from
from campaigns.systems.tribute.panel import panel
from campaigns.views import _campaign_for_gm, _campaign_for_member
from campaigns.visibility import call_view
from rules.errors import RulesError
from rules.tribute.roll import TestSpec, chances

TABLE = "campaigns/table.html"


def _done(request, campaign, audience, error: str = "", **forms_):
    return panel_response(request, campaign, audience, panel, error, **forms_)


@login_required
@require_POST
def test(request, campaign_id: int):
    campaign = _campaign_for_member(request, campaign_id)
    form = TestForm(request.POST, campaign=campaign, user=request.user)
    if not form.is_valid():
        return _done(request, campaign, Audience.TABLE, form_errors(form), test_form=form)
    data = form.cleaned_data
    try:
        actions.start_test(
            campaign, request.user, character=data["character"], attribute=data["attribute"],
            focus=data["focus"], burden=data["burden"], effect=data["effect"].strip(),
            opposition=data["opposition"] if data["known"] else None, label=data["label"],
        )  # fmt: skip
    except (ActionError, RulesError) as error:
        return _done(request, campaign, Audience.TABLE, str(error), test_form=form)
    # The form keeps the player's choices for the next test.
    again = TestForm(initial=request.POST.dict(), campaign=campaign, user=request.user)
    return _done(request, campaign, Audience.TABLE, test_form=again)


@login_required
@require_GET
def odds(request, campaign_id: int):
    """Exact odds of the player's own test against an opposition they know."""
    campaign = _campaign_for_member(request, campaign_id)
    form = TestForm(request.GET, campaign=campaign, user=request.user)
    context = {}
    if form.is_valid() and form.cleaned_data["known"]:
        data = form.cleaned_data
        rank = data["character"].sheet.get("attributes", {}).get(data["attribute"], 0)
        spec = TestSpec(data["focus"], data["burden"], campaign.settings["die_size"], rank)
        found = chances(spec, data["opposition"])
        context = {"chances": found, "rank": rank, "some_profit": 1 - found.profit.get(0, 0),
                   "chart": tribute_chart(spec, data["opposition"])}  # fmt: skip
    return render(request, "systems/tribute/odds.html", context)


@login_required
@require_POST
def opposed(request, campaign_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    form = OpposedForm(request.POST, campaign=campaign)
    if not form.is_valid():
        return _done(request, campaign, Audience.GM, form_errors(form), opposed_form=form)
    data = form.cleaned_data
    try:
        actions.call_opposed(campaign, request.user, character=data["character"], attribute=data["attribute"],
                             opponent=form.opponent(), label=data["label"])  # fmt: skip
    except (ActionError, RulesError) as error:
        return _done(request, campaign, Audience.GM, str(error), opposed_form=form)
    return _done(request, campaign, Audience.GM)


@login_required
@require_POST
def opposition(request, campaign_id: int, call_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    call = get_object_or_404(RollCall, pk=call_id, campaign=campaign, kind=actions.KIND)
    form = OppositionForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("The opposition is a whole number from -200 to 200.")
        actions.set_opposition(call.pk, request.user, form.cleaned_data["opposition"])

    return run_step(request, campaign_id, call.pk, Audience.GM, step)


@login_required
@require_POST
def opposed_roll(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    form = OpposedRollForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("Roll 1 to 6 FOCUS and 1 to 6 BURDEN dice.")
        data = form.cleaned_data
        actions.roll_opposed(call.pk, request.user, focus=data["focus"], burden=data["burden"],
                             effect=data["effect"].strip())  # fmt: skip

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)


@login_required
@require_POST
def assign(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    data = call_view(call, Audience.CALLED_PLAYER).data

    def step():
        targets = [name for name, _ in data.get("targets", [])]
        assignment = assignment_from(request.POST, targets, data.get("bonuses", []))
        actions.assign_profit_and_waste(call.pk, request.user, assignment)

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)
