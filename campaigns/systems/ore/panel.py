"""The One-Roll Engine panel: a player's roll form, the GM's dynamic contest form."""

from __future__ import annotations

from campaigns.audience import Audience
from campaigns.systems import Panel
from campaigns.systems.ore.forms import ContestForm, OreRollForm
from campaigns.systems.skills import skill_options


def panel(campaign, audience: Audience, *, user=None, roll_form=None, contest_form=None) -> Panel:
    context = {"is_gm": audience is Audience.GM}
    if audience is Audience.GM:
        context["contest_form"] = contest_form or ContestForm(campaign=campaign)
        context["has_characters"] = campaign.characters.seated().exists()
    elif user is not None:
        context["ore_form"] = roll_form or OreRollForm(campaign=campaign, user=user)
        context["skills"] = skill_options(campaign.characters.filter(owner=user), "stat")
    return Panel("systems/ore/panel.html", context)
