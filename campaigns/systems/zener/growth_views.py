"""Zener Gate's disadvantage and setback steps, from the GM's panel (campaigns/systems/zener/growth.py)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.systems.zener.growth import GrowthForm, growth_step
from campaigns.toolkit.steps import panel_step


@login_required
@require_POST
def growth(request, campaign_id: int):
    """Buy off a disadvantage's rank, record a Complication, or pay off a setback (seed: "Removing/Reducing
    Disadvantages", "Karmic Debt", "Karmic Starvation")."""
    campaign = campaign_for_gm(request, campaign_id)
    form = GrowthForm(request.POST, campaign=campaign)

    def act():
        data = form.cleaned_data
        growth_step(
            data["character"],
            request.user,
            step=data["step"],
            name=data["name"],
            worsen=data["worsen"],
            stat=data["stat"],
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="growth_form", act=act)
