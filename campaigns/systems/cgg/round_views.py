"""Turn steps in tension mode, from the Centaurus Gate panel (campaigns/systems/cgg/rounds.py):
any member may post; the action says who may take each step."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_member
from campaigns.systems.cgg import rounds
from campaigns.toolkit.steps import panel_step
from rules.errors import RulesError

STEPS = {"first": rounds.choose_first, "pass": rounds.pass_focus, "idle": rounds.idle}


def _explorer_step(request, campaign_id: int, form_class, error_form: str, step):
    """A member's tension step on a seated explorer: `step(campaign, explorer, data)` once the
    form is valid, refused beside `error_form` otherwise (rounds.py says who may)."""
    campaign = campaign_for_member(request, campaign_id)
    explorers = list(campaign.characters.seated())
    form = form_class(request.POST, explorers=explorers)
    audience = Audience.GM if campaign.is_gm(request.user) else Audience.TABLE

    def act():
        if not form.is_valid():
            raise RulesError(form.message())
        data = form.cleaned_data
        step(campaign, next(explorer for explorer in explorers if explorer.pk == data["explorer"]), data)

    return panel_step(request, campaign, audience, error_form=error_form, act=act)


@login_required
@require_POST
def turn(request, campaign_id: int):
    def step(campaign, explorer, data):
        if data["op"] == "idle":
            rounds.idle(campaign, request.user, explorer, data["gain"] or "own")
        else:
            STEPS[data["op"]](campaign, request.user, explorer)

    op = request.POST.get("op")
    return _explorer_step(request, campaign_id, rounds.TurnForm, f"turn_{op}" if op in rounds.TURN_STEPS else "", step)


@login_required
@require_GET
def turn_forms(request, campaign_id: int):
    """The turn steps this member may take, asked for by the players' broadcast panel (panel.py turn_forms_later)."""
    campaign = campaign_for_member(request, campaign_id)
    audience = Audience.GM if campaign.is_gm(request.user) else Audience.TABLE
    rendered = campaign.adapter.panel(campaign, audience, user=request.user)
    if rendered.context["turn"] is None:
        return HttpResponse("")
    return render(request, "systems/cgg/turn_forms.html", {**rendered.context, "campaign": campaign})


@login_required
@require_POST
def edge_bonus(request, campaign_id: int):
    """The Edge holder's player's +1d, from their turn forms (rounds.edge_bonus says who may)."""

    def step(campaign, explorer, data):
        rounds.edge_bonus(campaign, request.user, explorer, data["attribute"])

    return _explorer_step(request, campaign_id, rounds.EdgeBonusForm, "turn_bonus", step)
