"""The d100 GM's own steps: a secret test of a player's character and its reveal,
and the Fury and Chaos dice without a character (campaigns/systems/d100/gm.py)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.pages.step_views import gm_form_step
from campaigns.systems.d100 import actions, gm
from campaigns.systems.d100.gm_forms import GMDieForm, SecretTestForm
from campaigns.systems.d100.views import _after
from campaigns.toolkit.steps import REFUSALS, panel_step


@gm_form_step(SecretTestForm, "secret_form")
def secret_test(request, campaign, form):
    gm.gm_secret_test(campaign, request.user, **form.cleaned_data)


@login_required
@require_POST
def reveal(request, campaign_id: int, roll_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    roll = get_object_or_404(Roll, pk=roll_id, campaign=campaign, kind=actions.KIND)
    if request.htmx and request.htmx.target == "d100-panel":
        # From the GM's recent secret tests: the panel again, the test marked revealed there.
        return panel_step(request, campaign, Audience.GM, act=lambda: gm.reveal_test(roll.pk, request.user))
    try:
        gm.reveal_test(roll.pk, request.user)
    except REFUSALS as error:
        return _after(request, campaign, str(error))
    return _after(request, campaign)


@gm_form_step(GMDieForm, "gm_die_form")
def die(request, campaign, form):
    """A Fury or Chaos die for the GM: for no character, or for one at the table."""
    actions.roll_special_die(campaign, request.user, **form.cleaned_data)
