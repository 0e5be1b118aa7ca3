"""The Tribute Alpha panel: the reality level, a player's test form, the GM's opposed-test form."""

from __future__ import annotations

from campaigns.common.audience import Audience
from campaigns.plugins.registry import Panel
from campaigns.systems.tribute.events import DieEventForm, keyed
from campaigns.systems.tribute.forms import OpposedForm, TestForm


def panel(campaign, audience: Audience, *, user=None, test_form=None, opposed_form=None, event_form=None) -> Panel:
    context = {**_shared(campaign), "is_gm": audience is Audience.GM}
    if audience is Audience.GM:
        context["event_form"] = event_form or DieEventForm()
        context["opposed_form"] = opposed_form or OpposedForm(campaign=campaign)
        context["has_characters"] = campaign.characters.seated().exists()
    elif user is not None:
        context["test_form"] = test_form or TestForm(campaign=campaign, user=user)
        # Each character's effects, one group each: the list follows the character chosen (table.js), as the
        # called test's list offers the called character's (play-test: a typed name met "has no effect called").
        context["effects"] = [
            (c, [(e["name"], "") for e in c.sheet.get("effects", [])]) for c in campaign.characters.filter(owner=user)
        ]
        context["can_test"] = bool(context["effects"])
    context["shown_forms"] = _shown_forms(context)
    return Panel("systems/tribute/panel.html", context)


def live_panel(campaign, audience: Audience) -> Panel:
    """What a change sends every open table of `audience` (`SystemAdapter.live_panel`): the GM's whole panel,
    whose opposed-test form lists the characters; a player's shared lines alone. The players' panel drawn
    for no one in particular has no test form, and would take each player's own away (CI: a new character
    took the other players' test forms until a reload)."""
    if audience is Audience.GM:
        return panel(campaign, audience)
    return Panel("systems/tribute/shared.html", {**_shared(campaign), "is_gm": False})


def _shared(campaign) -> dict:
    """What every table reads of the panel: the campaign's reality level and range, its die-size events."""
    described = dict(campaign.rules_system.describe_settings(campaign.settings))
    return {
        "reality": described["Reality level"],
        "attribute_range": described["Effective range of attribute ranks"],
        "die_events": keyed(campaign),
    }


def _shown_forms(context: dict) -> list[str]:
    """The forms on this panel, by the names steps.panel_step gives a refusal (`error_form`): a refusal is
    shown beside its form (templates/systems/_form_error.html), at the panel's top only when its form is not
    there (as the Zener panel's `_shown_forms`)."""
    if context["is_gm"]:
        return ["event_form", *(["opposed_form"] if context["has_characters"] else [])]
    return ["test_form"] if context.get("can_test") else []
