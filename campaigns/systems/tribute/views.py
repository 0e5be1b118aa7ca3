"""Tribute Alpha's table steps: check who may act, validate, call one action,
answer HTMX with the updated panel or card (campaigns.toolkit.steps)."""

from campaigns.common.audience import Audience
from campaigns.pages.step_views import call_form_step, gm_form_step, roll_form_step, roll_odds
from campaigns.secrets.visibility import call_view
from campaigns.systems.tribute import actions
from campaigns.systems.tribute.chart import tribute_chart
from campaigns.systems.tribute.events import DieEventForm, change_events
from campaigns.systems.tribute.forms import OpposedForm, OpposedRollForm, OppositionForm, TestForm, assignment_from
from rules.tribute.roll import TestSpec, chances


@roll_form_step(TestForm, "test_form")
def test(request, campaign, form):
    data = dict(form.cleaned_data)
    if not data.pop("known"):
        data["opposition"] = None  # the GM sets it, in secret
    return actions.start_test(campaign, request.user, **data)


@roll_odds(TestForm, "systems/tribute/odds.html")
def odds(request, campaign, form):
    """Exact odds of the player's own test against an opposition they know."""
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
    return context


@gm_form_step(OpposedForm, "opposed_form")
def opposed(request, campaign, form):
    data = form.cleaned_data
    actions.call_opposed(
        campaign,
        request.user,
        character=data["character"],
        attribute=data["attribute"],
        opponent=form.opponent(),
        label=data["label"],
    )


@gm_form_step(DieEventForm, "event_form", for_campaign=False)
def events(request, campaign, form):
    """The GM keys an event to a die size, or takes one off (rules/tribute/events.py)."""
    change_events(campaign, request.user, **form.cleaned_data)


@call_form_step(actions.KIND, Audience.GM, OppositionForm, refused="The opposition is a whole number from -200 to 200.")
def opposition(request, call, form):
    actions.set_opposition(call.pk, request.user, form.cleaned_data["opposition"])


@call_form_step(
    actions.KIND, Audience.CALLED_PLAYER, OpposedRollForm, refused="Roll 1 to 6 FOCUS and 1 to 6 BURDEN dice."
)
def opposed_roll(request, call, form):
    actions.roll_opposed(call.pk, request.user, **form.cleaned_data)


@call_form_step(actions.KIND, Audience.CALLED_PLAYER)
def assign(request, call, form):
    data = call_view(call, Audience.CALLED_PLAYER).data
    targets = [name for name, _ in data.get("targets", [])]
    assignment = assignment_from(request.POST, targets, data.get("bonuses", []))
    actions.assign_profit_and_waste(call.pk, request.user, assignment)
