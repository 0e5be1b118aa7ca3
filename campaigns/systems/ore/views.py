"""One-Roll Engine table steps: check who may act, validate, call one action,
answer HTMX with the panel or the card."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.forms import form_errors
from campaigns.inputs import whole_number
from campaigns.models import RollCall
from campaigns.systems.ore import actions
from campaigns.systems.ore.chart import ore_chart
from campaigns.systems.ore.forms import ContestForm, ContestRollForm, DifficultyForm, OreRollForm
from campaigns.systems.ore.panel import panel
from campaigns.systems.steps import panel_response, player_call, run_step
from campaigns.views import _campaign_for_gm, _campaign_for_member
from rules.errors import RulesError
from rules.ore import SYSTEM
from rules.ore.pool import PoolCheck

ERRORS = (ActionError, RulesError)


def _done(request, campaign, audience, error: str = "", **forms_):
    return panel_response(request, campaign, audience, panel, error, **forms_)


@login_required
@require_POST
def roll(request, campaign_id: int):
    campaign = _campaign_for_member(request, campaign_id)
    form = OreRollForm(request.POST, campaign=campaign, user=request.user)
    if not form.is_valid():
        return _done(request, campaign, Audience.TABLE, form_errors(form), roll_form=form)
    data = form.cleaned_data
    try:
        side = actions.side_for(data["character"], data["stat"], data["skill"].strip(), bonus=data["bonus"],
                                penalty=data["penalty"])  # fmt: skip
        difficulty = (data["difficulty"] or 0) if data["known"] else None
        actions.start_roll(campaign, request.user, character=data["character"], side=side, difficulty=difficulty,
                           label=data["label"])  # fmt: skip
    except ERRORS as error:
        return _done(request, campaign, Audience.TABLE, str(error), roll_form=form)
    # The form keeps the player's choices for the next roll.
    again = OreRollForm(initial=request.POST.dict(), campaign=campaign, user=request.user)
    return _done(request, campaign, Audience.TABLE, roll_form=again)


@login_required
@require_GET
def odds(request, campaign_id: int):
    """Exact odds of the player's own pool against a difficulty they know (0 = any set)."""
    campaign = _campaign_for_member(request, campaign_id)
    form = OreRollForm(request.GET, campaign=campaign, user=request.user)
    context = {}
    if form.is_valid() and form.cleaned_data["known"]:
        data = form.cleaned_data
        try:
            side = actions.side_for(data["character"], data["stat"], data["skill"].strip(), bonus=data["bonus"],
                                    penalty=data["penalty"])  # fmt: skip
        except RulesError as error:
            context["odds_error"] = str(error)
        else:
            pool = actions.pool_from(side)
            difficulty = data["difficulty"] or 0
            context = {"what": side["what"], "pool": pool, "chance": SYSTEM.roll.odds(PoolCheck(pool, difficulty)),
                       "difficulty": difficulty, "chart": ore_chart(pool, difficulty)}  # fmt: skip
    return render(request, "systems/ore/odds.html", context)


@login_required
@require_POST
def contest(request, campaign_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    form = ContestForm(request.POST, campaign=campaign)
    if not form.is_valid():
        return _done(request, campaign, Audience.GM, form_errors(form), contest_form=form)
    data = form.cleaned_data
    try:
        if data["opponent_character"]:
            opponent = actions.side_for(data["opponent_character"], data["opponent_stat"],
                                        data["opponent_skill"].strip())  # fmt: skip
        else:
            opponent = actions.npc_side(data["npc_name"], data["npc_normal"] or 0, data["npc_hard"] or 0,
                                        data["npc_wiggle"] or 0)  # fmt: skip
        actions.call_contest(campaign, request.user, character=data["character"], stat=data["stat"],
                             skill=data["skill"].strip(), opponent=opponent, label=data["label"])  # fmt: skip
    except ERRORS as error:
        return _done(request, campaign, Audience.GM, str(error), contest_form=form)
    return _done(request, campaign, Audience.GM)


@login_required
@require_POST
def difficulty(request, campaign_id: int, call_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    call = get_object_or_404(RollCall, pk=call_id, campaign=campaign, kind=actions.KIND)
    form = DifficultyForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("A difficulty is 0 (none) to 10.")
        actions.set_difficulty(call.pk, request.user, form.cleaned_data["difficulty"])

    return run_step(request, campaign_id, call.pk, Audience.GM, step)


@login_required
@require_POST
def contest_roll(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    form = ContestRollForm(request.POST)

    def step():
        if not form.is_valid():
            raise RulesError("Bonus dice are 0 to 5, penalty dice 0 to 10.")
        actions.roll_contest(call.pk, request.user, bonus=form.cleaned_data["bonus"] or 0,
                             penalty=form.cleaned_data["penalty"] or 0)  # fmt: skip

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)


@login_required
@require_POST
def wiggle(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)

    def step():
        faces = [whole_number(value, 1, 10) for value in request.POST.getlist("wiggle")]
        if not faces or None in faces:
            raise RulesError("Set each wiggle die to a number from 1 to 10.")
        actions.choose_wiggle(call.pk, request.user, tuple(faces))

    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER, step)
