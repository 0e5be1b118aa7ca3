"""The Centaurus Gate panel on the table: every explorer's Crisis Clock (the
whole table sees them), and for the Exec the forms to call an action, resolve
a crisis and adjust a clock."""

from __future__ import annotations

from campaigns.audience import Audience
from campaigns.systems import Panel
from campaigns.systems.cgg.advancement import budget_line
from campaigns.systems.cgg.clock import crisis_clocks
from campaigns.systems.cgg.conditions import ConditionForm, explorer_conditions
from campaigns.systems.cgg.diligence import DiligenceForm
from campaigns.systems.cgg.forms import ActionCallForm, ClockForm
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.rounds import round_view
from rules.cgg.tension import Bleakness, TensionState


def panel(campaign, audience: Audience, *, call_form=None) -> Panel:
    is_gm = audience is Audience.GM
    characters = list(campaign.characters.seated().select_related("owner"))
    by_character = crisis_clocks(characters)
    for character in characters:
        character.cgg_advancement = budget_line(character.sheet)
        character.cgg_conditions = explorer_conditions(character)  # public: from the sheet, no query
    clocks = [
        (character, by_character[character.pk], ClockForm(auto_id=f"clock{character.pk}_%s") if is_gm else None)
        for character in characters
    ]
    scene = TensionScene.objects.filter(campaign=campaign, active=True).select_related("edge_holder").first()
    tension = TensionState.from_dict(scene.state) if scene else None
    context = {
        "clocks": clocks,
        "is_gm": is_gm,
        "tension": tension,
        "turn": round_view(tension, characters) if tension else None,  # the panel's list: no query of its own
        "edge_holder": scene.edge_holder if scene else None,
        "bleakness": list(Bleakness),
        "attributes": ATTRIBUTE_LABELS,
        "diligence_form": DiligenceForm(explorers=characters),  # the panel's list: no query of its own
    }
    if is_gm:
        context["action_form"] = call_form or ActionCallForm(campaign=campaign)
        context["condition_form"] = ConditionForm(auto_id="condition_%s")
    return Panel("systems/cgg/panel.html", context)
