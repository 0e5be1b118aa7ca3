"""The GM's steps for equipment and the Campaign MacGuffins (seed: "Campaign MacGuffins", "Other Uses
For Karma", "Weapons", "Armor")."""

from campaigns.common.inputs import decimal_number, whole_number
from campaigns.pages.step_views import gm_form_step
from campaigns.systems.zener import gear
from campaigns.systems.zener.gear_forms import ConsumeForm, DelayForm, ImproveForm, InvestForm
from campaigns.systems.zener.templatetags.zener import written_out
from rules.errors import RulesError
from rules.zener.equipment import load_index, load_weight
from rules.zener.tables import TABLES


@gm_form_step(InvestForm, "invest_form")
def invest(request, campaign, form):
    """A PC's Karma into the Campaign MacGuffins, as a named component, approved by the GM."""
    gear.invest(campaign, request.user, **form.cleaned_data)


@gm_form_step(ImproveForm, "improve_form", for_campaign=False)
def improve(request, campaign, form):
    """The GM records an improvement bought from the invested total."""
    gear.improve(campaign, request.user, **form.cleaned_data)


@gm_form_step(DelayForm, "delay_form")
def delay_transition(request, campaign, form):
    """A PC's Karma delays the next Zener Transition, once the three upgrades are bought."""
    gear.delay_transition(campaign, request.user, **form.cleaned_data)


@gm_form_step(ConsumeForm, "consume_form")
def consume(request, campaign, form):
    """Equipment used up in the adventure: all but 1 point of its cost comes back."""
    gear.consume(campaign, request.user, **form.cleaned_data)


MAX_LOAD_KG = 10**9  # far past the Weight/Load table's last row, so a heavier load is "off the table"


def load_reckoning(params) -> dict:
    """The tables page's load calculator (seed: "Loads"): what a load counts for each carrier, and its
    Weight/Load index: "60 kg, balanced, 1 carrier: 30 kg each. Weight/Load: index 10 = 30 kg"."""
    raw = params.get("load", "").strip()
    if not raw:
        return {}
    kind = params.get("load_kind", "")
    carriers = whole_number(params.get("carriers", "") or "1", 1, 100)
    kg = decimal_number(raw, 0, MAX_LOAD_KG)
    try:
        if kg is None:
            raise RulesError(f"Give the load's weight in kg: a number from 0 to {MAX_LOAD_KG:,}, such as 60 or 2.5.")
        if carriers is None:
            raise RulesError("Carriers: a whole number from 1 to 100.")
        each = load_weight(kg, kind, carriers)
        index = load_index(kg, kind, carriers)
    except RulesError as error:
        return {"load_error": str(error)}
    table = TABLES["weight"]
    return {
        "load_answer": f"{kg:g} kg, {kind}, {carriers} carrier{'s' if carriers != 1 else ''}: {each:g} kg each. "
        f"{table.name}: index {index} = {written_out(table.value(index))} kg"
    }
