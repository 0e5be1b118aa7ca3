"""Zener Gate's disadvantage and setback steps, from the GM's panel (campaigns/systems/zener/growth.py)."""

from campaigns.pages.step_views import gm_form_step
from campaigns.systems.zener.growth import GrowthForm, growth_step


@gm_form_step(GrowthForm, "growth_form")
def growth(request, campaign, form):
    """Buy off a disadvantage's rank, record a Complication, or pay off a setback (seed: "Removing/Reducing
    Disadvantages", "Karmic Debt", "Karmic Starvation")."""
    growth_step(gm=request.user, **form.cleaned_data)
