"""The GM's steps for equipment and the Campaign MacGuffins (seed: "Campaign MacGuffins", "Other Uses
For Karma", "Weapons", "Armor")."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.common.inputs import decimal_number, whole_number
from campaigns.life.access import campaign_for_gm
from campaigns.systems.zener import gear
from campaigns.systems.zener.gear_forms import ConsumeForm, DelayForm, ImproveForm, InvestForm
from campaigns.systems.zener.templatetags.zener import written_out
from campaigns.toolkit.steps import panel_step
from rules.errors import RulesError
from rules.zener.equipment import load_index, load_weight
from rules.zener.tables import TABLES


@login_required
@require_POST
def invest(request, campaign_id: int):
    """A PC's Karma into the Campaign MacGuffins, as a named component, approved by the GM."""
    campaign = campaign_for_gm(request, campaign_id)
    form = InvestForm(request.POST, campaign=campaign)

    def act():
        data = form.cleaned_data
        gear.invest(
            campaign, request.user, character=data["character"], amount=data["amount"], component=data["component"]
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="invest_form", act=act)


@login_required
@require_POST
def improve(request, campaign_id: int):
    """The GM records an improvement bought from the invested total."""
    campaign = campaign_for_gm(request, campaign_id)
    form = ImproveForm(request.POST)

    def act():
        data = form.cleaned_data
        gear.improve(
            campaign,
            request.user,
            name=data["name"],
            scale=data["scale"],
            points=data["points"],
            upgrade=data["upgrade"],
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="improve_form", act=act)


@login_required
@require_POST
def delay_transition(request, campaign_id: int):
    """A PC's Karma delays the next Zener Transition, once the three upgrades are bought."""
    campaign = campaign_for_gm(request, campaign_id)
    form = DelayForm(request.POST, campaign=campaign)

    def act():
        gear.delay_transition(
            campaign, request.user, character=form.cleaned_data["character"], shift=form.cleaned_data["shift"]
        )

    return panel_step(request, campaign, Audience.GM, form=form, form_name="delay_form", act=act)


@login_required
@require_POST
def consume(request, campaign_id: int):
    """Equipment used up in the adventure: all but 1 point of its cost comes back."""
    campaign = campaign_for_gm(request, campaign_id)
    form = ConsumeForm(request.POST, campaign=campaign)

    def act():
        gear.consume(campaign, request.user, character=form.cleaned_data["character"], item=form.cleaned_data["item"])

    return panel_step(request, campaign, Audience.GM, form=form, form_name="consume_form", act=act)


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
