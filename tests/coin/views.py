"""Coin's table steps: the GM's call, the player's flip (campaigns.toolkit.steps)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.toolkit.steps import call_step, panel_step, player_call
from tests.coin import actions
from tests.coin.forms import FlipCallForm


@login_required
@require_POST
def call(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = FlipCallForm(request.POST, campaign=campaign)

    def act():
        data = form.cleaned_data
        actions.call_flip(
            campaign,
            request.user,
            character=data["character"],
            coins=data["coins"],
            target=data["target"],
            label=data["label"],
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="call_form", act=act)


@login_required
@require_POST
def flip(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    return call_step(request, call, Audience.CALLED_PLAYER, act=lambda: actions.flip_coins(call.pk, request.user))
