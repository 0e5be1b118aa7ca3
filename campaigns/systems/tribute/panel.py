"""The Tribute Alpha panel: the reality level, a player's test form, the GM's opposed-test form."""

from __future__ import annotations

from campaigns.audience import Audience
from campaigns.systems import Panel
from campaigns.systems.tribute.events import DieEventForm, keyed
from campaigns.systems.tribute.forms import OpposedForm, TestForm


def panel(campaign, audience: Audience, *, user=None, test_form=None, opposed_form=None, event_form=None) -> Panel:
    described = dict(campaign.rules_system.describe_settings(campaign.settings))
    context = {
        "is_gm": audience is Audience.GM,
        "reality": described["Reality level"],
        "attribute_range": described["Effective range of attribute ranks"],
        "die_events": keyed(campaign),
    }
    if audience is Audience.GM:
        context["event_form"] = event_form or DieEventForm()
        context["opposed_form"] = opposed_form or OpposedForm(campaign=campaign)
        context["has_characters"] = campaign.characters.seated().exists()
    elif user is not None:
        context["test_form"] = test_form or TestForm(campaign=campaign, user=user)
        context["effects"] = sorted(
            {e["name"] for c in campaign.characters.filter(owner=user) for e in c.sheet.get("effects", [])}
        )
    return Panel("systems/tribute/panel.html", context)
