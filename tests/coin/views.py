"""Coin's table steps: the GM's call, the player's flip (campaigns.pages.step_views)."""

from campaigns.common.audience import Audience
from campaigns.pages.step_views import call_form_step, gm_form_step
from tests.coin import actions
from tests.coin.forms import FlipCallForm


@gm_form_step(FlipCallForm, "call_form")
def call(request, campaign, form):
    actions.call_flip(campaign, request.user, **form.cleaned_data)


@call_form_step(actions.KIND, Audience.CALLED_PLAYER)
def flip(request, call, form):
    actions.flip_coins(call.pk, request.user)
