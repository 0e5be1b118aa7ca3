"""Tribute Alpha's table steps: check who may act, validate, call one action,
answer HTMX with the updated panel or card (campaigns.toolkit.steps)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm, campaign_for_member
from campaigns.secrets.visibility import call_view
from campaigns.systems.tribute import actions
from campaigns.systems.tribute.chart import tribute_chart
from campaigns.systems.tribute.events import DieEventForm, change_events
from campaigns.systems.tribute.forms import OpposedForm, OpposedRollForm, OppositionForm, TestForm, assignment_from
from campaigns.toolkit.steps import call_step, gm_call, panel_step, player_call, roll_step
from rules.tribute.roll import TestSpec, chances


@login_required
@require_POST
def test(request, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    form = TestForm(request.POST, campaign=campaign, user=request.user)

    def act():
        data = form.cleaned_data
        return actions.start_test(
            campaign,
            request.user,
            character=data["character"],
            attribute=data["attribute"],
            focus=data["focus"],
            burden=data["burden"],
            effect=data["effect"].strip(),
            opposition=data["opposition"] if data["known"] else None,
            label=data["label"],
        )

    return roll_step(
        request,
        campaign,
        Audience.TABLE,
        form=form,
        form_name="test_form",
        act=act,
        again=lambda: TestForm(initial=request.POST.dict(), campaign=campaign, user=request.user),
    )


@login_required
@require_GET
def odds(request, campaign_id: int):
    """Exact odds of the player's own test against an opposition they know."""
    campaign = campaign_for_member(request, campaign_id)
    form = TestForm(request.GET, campaign=campaign, user=request.user)
    context = {}
    if form.is_valid() and form.cleaned_data["known"]:
        data = form.cleaned_data
        rank = data["character"].sheet.get("attributes", {}).get(data["attribute"], 0)
        spec = TestSpec(data["focus"], data["burden"], campaign.settings["die_size"], rank)
        found = chances(spec, data["opposition"])
        context = {
            "chances": found,
            "rank": rank,
            "some_profit": 1 - found.profit.get(0, 0),
            "chart": tribute_chart(spec, data["opposition"]),
        }
    return render(request, "systems/tribute/odds.html", context)


@login_required
@require_POST
def opposed(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = OpposedForm(request.POST, campaign=campaign)

    def act():
        data = form.cleaned_data
        actions.call_opposed(
            campaign,
            request.user,
            character=data["character"],
            attribute=data["attribute"],
            opponent=form.opponent(),
            label=data["label"],
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="opposed_form", act=act)


@login_required
@require_POST
def events(request, campaign_id: int):
    """The GM keys an event to a die size, or takes one off (rules/tribute/events.py)."""
    campaign = campaign_for_gm(request, campaign_id)
    form = DieEventForm(request.POST)

    def act():
        data = form.cleaned_data
        change_events(campaign, request.user, die_size=data["die_size"], event=data["event"], remove=data["remove"])

    return panel_step(request, campaign, Audience.GM, form=form, form_name="event_form", act=act)


@login_required
@require_POST
def opposition(request, campaign_id: int, call_id: int):
    call = gm_call(request, campaign_id, call_id, actions.KIND)
    form = OppositionForm(request.POST)
    return call_step(
        request,
        call,
        Audience.GM,
        form=form,
        refused="The opposition is a whole number from -200 to 200.",
        act=lambda: actions.set_opposition(call.pk, request.user, form.cleaned_data["opposition"]),
    )


@login_required
@require_POST
def opposed_roll(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    form = OpposedRollForm(request.POST)

    def act():
        data = form.cleaned_data
        actions.roll_opposed(
            call.pk, request.user, focus=data["focus"], burden=data["burden"], effect=data["effect"].strip()
        )

    return call_step(
        request, call, Audience.CALLED_PLAYER, form=form, refused="Roll 1 to 6 FOCUS and 1 to 6 BURDEN dice.", act=act
    )


@login_required
@require_POST
def assign(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    data = call_view(call, Audience.CALLED_PLAYER).data

    def act():
        targets = [name for name, _ in data.get("targets", [])]
        assignment = assignment_from(request.POST, targets, data.get("bonuses", []))
        actions.assign_profit_and_waste(call.pk, request.user, assignment)

    return call_step(request, call, Audience.CALLED_PLAYER, act=act)
