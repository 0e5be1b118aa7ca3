"""The diligence roll's step, from the Centaurus Gate panel (campaigns/systems/cgg/diligence.py)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_member
from campaigns.systems.cgg.diligence import DiligenceForm, roll_diligence
from campaigns.toolkit.steps import panel_step
from rules.errors import RulesError


@login_required
@require_POST
def diligence(request, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    explorers = list(campaign.characters.seated())
    form = DiligenceForm(request.POST, explorers=explorers, helpers=explorers)
    audience = Audience.GM if campaign.is_gm(request.user) else Audience.TABLE

    def act():
        if not form.is_valid():
            raise RulesError(form.message())
        data = form.cleaned_data
        character = next(explorer for explorer in explorers if explorer.pk == data["character"])
        roll_diligence(campaign, request.user, character, data, form.assist_choice())

    return panel_step(request, campaign, audience, error_form="diligence", act=act)
