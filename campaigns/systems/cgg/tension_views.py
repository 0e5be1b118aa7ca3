"""Tension mode, run by the Exec from the Centaurus Gate panel. One endpoint,
one small handler per step; each calls one action and answers with the panel."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.systems.cgg import actions
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.systems.cgg.views import _panel_response, _panel_step
from campaigns.views import _campaign_for_gm
from rules.cgg.tension import Bleakness, Spend
from rules.errors import RulesError


def _number(post, name: str, low: int, high: int, default: int | None = None) -> int:
    value = post.get(name, "")
    if value == "" and default is not None:
        return default
    if not value.lstrip("-").isdigit() or not low <= int(value) <= high:
        raise RulesError(f"{name.replace('_', ' ').capitalize()} must be a whole number from {low} to {high}.")
    return int(value)


def _optional_index(post, name: str) -> int | None:
    return None if post.get(name, "") == "" else _number(post, name, 0, 50)


def _explorer(campaign, post):
    character = campaign.characters.filter(pk=_number(post, "explorer", 1, 2**62)).first()
    if character is None:
        raise RulesError("Choose one of this campaign's explorers.")
    return character


def _start(request, campaign):
    if request.POST.get("bleakness") not in set(Bleakness):
        raise RulesError("Choose how bleak it looks: bad, horrible or doomed.")
    edge = _explorer(campaign, request.POST) if request.POST.get("explorer") else None
    return actions.start_tension(
        campaign, request.user, bleakness=Bleakness(request.POST["bleakness"]), edge_holder=edge
    )


def _pitfall(request, campaign):
    name, tension = request.POST.get("name", "")[:100], _number(request.POST, "tension", 1, 14, default=7)
    return actions.change_tension(campaign, request.user, lambda state: state.add_pitfall(name, tension))


def _move(request, campaign):
    index, delta = _number(request.POST, "pitfall", 0, 50), _number(request.POST, "delta", -3, 3)
    return actions.change_tension(campaign, request.user, lambda state: state.move(index, delta))


def _bonus(request, campaign):
    explorer = _explorer(campaign, request.POST)
    attribute = request.POST.get("attribute", "")
    if attribute not in ATTRIBUTE_LABELS:
        raise RulesError("Choose an attribute.")
    return actions.change_tension(campaign, request.user, lambda state: state.add_bonus(explorer.name, attribute))


def _edge(request, campaign):
    """The situation changed: another explorer has the Edge."""
    explorer = _explorer(campaign, request.POST)
    return actions.change_tension(campaign, request.user, lambda state: state, edge_holder=explorer)


def _worse(request, campaign):
    index = _number(request.POST, "pitfall", 0, 50)
    return actions.change_tension(campaign, request.user, lambda state: state.make_worse(index))


def _spin(request, campaign):
    return actions.spin_the_world(campaign, request.user)


def _spend(request, campaign):
    spend = Spend(
        slide=_number(request.POST, "slide", 0, 3, default=0),
        slip=bool(request.POST.get("slip")),
        spotlight=_number(request.POST, "spotlight", 0, 3, default=0),
    )
    pitfall, slip_bonus = _optional_index(request.POST, "pitfall"), _optional_index(request.POST, "slip_bonus")
    return actions.change_tension(campaign, request.user, lambda state: state.spend(spend, pitfall, slip_bonus))


def _round(request, campaign):
    return actions.change_tension(campaign, request.user, lambda state: state.next_round())


def _end(request, campaign):
    return actions.end_tension(campaign, request.user)


STEPS = {
    "start": _start,
    "pitfall": _pitfall,
    "move": _move,
    "bonus": _bonus,
    "edge": _edge,
    "worse": _worse,
    "spin": _spin,
    "spend": _spend,
    "round": _round,
    "end": _end,
}


@login_required
@require_POST
def tension(request, campaign_id: int):
    campaign = _campaign_for_gm(request, campaign_id)
    step = STEPS.get(request.POST.get("op", ""))
    if step is None:
        return _panel_response(request, campaign, error="Unknown tension step.")
    return _panel_step(request, campaign, lambda: step(request, campaign), "Tension mode updated.")
