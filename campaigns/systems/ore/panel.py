"""The One-Roll Engine panel: a player's roll form, the GM's dynamic contest form."""

from __future__ import annotations

from campaigns.common import reads
from campaigns.common.audience import Audience
from campaigns.plugins.registry import Panel
from campaigns.systems.ore.forms import ContestForm, OreRollForm
from campaigns.toolkit.skills import skill_options


def panel(campaign, audience: Audience, *, user=None, roll_form=None, contest_form=None) -> Panel:
    context = {"is_gm": audience is Audience.GM}
    if audience is Audience.GM:
        context["contest_form"] = contest_form or ContestForm(campaign=campaign)
        seated = reads.seated(campaign)
        context["has_characters"] = bool(seated)
        # Each side's skill is chosen from its character's sheet, never typed ("dodge" for "Dodge" was refused).
        context["contest_skills"] = skill_options(seated, "stat")
    elif user is not None:
        context["ore_form"] = roll_form or OreRollForm(campaign=campaign, user=user)
        context["skills"] = skill_options(campaign.characters.filter(owner=user), "stat")
    return Panel("systems/ore/panel.html", context)
