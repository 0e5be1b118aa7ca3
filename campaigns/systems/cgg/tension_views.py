"""Tension mode, run by the Exec from the Centaurus Gate panel. One endpoint, one
form (TensionForm) for every step's fields, one small handler per step; each calls
one action and answers with the panel."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.common.inputs import whole_number
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.systems.cgg import actions
from campaigns.systems.cgg.forms import TensionForm
from campaigns.toolkit.steps import panel_step, tell_done
from rules.cgg.tension import Bleakness, Spend
from rules.errors import RulesError


def _start(data, campaign, user):
    return actions.start_tension(campaign, user, bleakness=Bleakness(data["bleakness"]), edge_holder=data["explorer"])


def _pitfall(data, campaign, user):
    name, tension = data["name"], data["tension"] or 7
    return actions.change_tension(campaign, user, lambda state: state.add_pitfall(name, tension))


def _move(data, campaign, user):
    return actions.change_tension(campaign, user, lambda state: state.move(data["pitfall"], data["delta"]))


def _bonus(data, campaign, user):
    explorer, attribute = data["explorer"], data["attribute"]
    return actions.change_tension(campaign, user, lambda state: state.add_bonus(explorer.name, attribute))


def _edge(data, campaign, user):
    """The situation changed: another explorer has the Edge."""
    return actions.change_tension(campaign, user, lambda state: state, edge_holder=data["explorer"])


def _worse(data, campaign, user):
    return actions.change_tension(campaign, user, lambda state: state.make_worse(data["pitfall"]))


def _spin(data, campaign, user):
    return actions.spin_the_world(campaign, user)


def _spend(data, campaign, user):
    spend = Spend(slide=data["slide"] or 0, slip=data["slip"], spotlight=data["spotlight"] or 0)
    pitfall, slip_bonus = data["pitfall"], data["slip_bonus"]
    return actions.change_tension(campaign, user, lambda state: state.spend(spend, pitfall, slip_bonus))


def _round(data, campaign, user):
    return actions.change_tension(campaign, user, lambda state: state.next_round())


def _end(data, campaign, user):
    return actions.end_tension(campaign, user)


STEPS = {
    "start": _start,
    "pitfall": _pitfall,
    "move": _move,
    "bonus": _bonus,
    "edge": _edge,
    "worse": _worse,
    "spin": _spin,
    "spend": _spend,
    "round": _round,
    "end": _end,
}


@login_required
@require_POST
def tension(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = TensionForm(request.POST, campaign=campaign)

    def act():
        if not form.is_valid():
            raise RulesError(form.message())  # each number's message names its field
        STEPS[form.cleaned_data["op"]](form.cleaned_data, campaign, request.user)
        tell_done(request, "Tension mode updated.")

    op = request.POST.get("op")
    return panel_step(request, campaign, Audience.GM, error_form=f"tension_{op}" if op in STEPS else "", act=act)


@login_required
@require_POST
def lower(request, campaign_id: int, roll_id: int):
    """The Exec's "Lower tension 1 / 2" on a successful action's card (actions.lower_tension)."""
    campaign = campaign_for_gm(request, campaign_id)
    roll = get_object_or_404(Roll, pk=roll_id, campaign=campaign)
    index, amount = request.POST.get("pitfall", ""), request.POST.get("amount", "")

    def act():
        pitfall, lowered = whole_number(index, 0, 999), whole_number(amount, 1, 3)
        if pitfall is None or lowered is None:
            raise RulesError("Lower a pitfall from the card by the amount its buttons say.")
        actions.lower_tension(roll, request.user, pitfall, lowered)
        tell_done(request, "Tension lowered.")

    return panel_step(request, campaign, Audience.GM, act=act)
