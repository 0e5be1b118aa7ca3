"""Coin's table steps: the GM's call, the player's flip."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.forms import form_errors
from campaigns.systems.steps import panel_response, player_call, run_step
from campaigns.views import _campaign_for_gm
from rules.errors import RulesError
from tests.coin import actions
from tests.coin.adapter import panel
from tests.coin.forms import FlipCallForm


@login_required
@require_POST
def call(request, campaign_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    form = FlipCallForm(request.POST, campaign=campaign)
    if not form.is_valid():
        return panel_response(request, campaign, Audience.GM, panel, form_errors(form), call_form=form)
    data = form.cleaned_data
    try:
        actions.call_flip(campaign, request.user, character=data["character"], coins=data["coins"],
                          target=data["target"], label=data["label"])  # fmt: skip
    except (ActionError, RulesError) as error:
        return panel_response(request, campaign, Audience.GM, panel, str(error), call_form=form)
    return panel_response(request, campaign, Audience.GM, panel)


@login_required
@require_POST
def flip(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    return run_step(request, campaign_id, call.pk, Audience.CALLED_PLAYER,
                    lambda: actions.flip_coins(call.pk, request.user))  # fmt: skip
