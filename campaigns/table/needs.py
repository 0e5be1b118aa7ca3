"""The "Needs you" strip: what waits on this viewer at this table, now.

The generic part is the calls: for the GM, a call the player has answered whose last step is the
GM's (`GM_TURN`); for a player, the GM's calls for their own characters and any step left to them
on a roll of their own (`PLAYER_TURN`). Each system adds what only it knows through its adapter's
`needs()` hook (`campaigns.plugins.base.SystemAdapter.needs`): a secret test waiting for the GM's
difficulty, a one-click decision on the item. An item a system gives with the same `key` as a
generic one takes its place.

Query-bounded: the open calls are read once (with their characters) and handed to the hook, which
reads nothing per item.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string

from campaigns.common.audience import Audience
from campaigns.models import RollCall


@dataclass(frozen=True, slots=True)
class Need:
    """One thing waiting on the viewer: what, in words; where to go (`href`, an anchor on the table);
    and, if it can be decided in place, a small template with its buttons (`template`, `context`)."""

    key: str
    text: str
    href: str = ""
    template: str = ""
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks at the strip: the campaign's GM, or a player (`user`)."""

    user: Any
    is_gm: bool

    @property
    def audience(self) -> Audience:
        return Audience.GM if self.is_gm else Audience.CALLED_PLAYER


def call_href(call) -> str:
    """The call's card on the table (its `id`, `templates/campaigns/table.html`)."""
    return f"#call-{call.pk}"


def what(call) -> str:
    """A call's name in an item: "Ada's Stealth" or "Ada's roll"."""
    return f"{call.character.name}'s {call.label or 'roll'}"


def waits_on(call, viewer: Viewer) -> bool:
    """Whether an open call waits on this viewer, as the generic call steps say: the GM's turn
    waits on the GM; a call's roll or the player's turn waits on the character's owner. A
    player's own test still PENDING (`self_test`) waits on the GM's secret difficulty, which
    only the system knows how to name (its `needs()` hook)."""
    if viewer.is_gm:
        return call.status == RollCall.Status.GM_TURN
    if call.character.owner_id != viewer.user.pk:
        return False
    if call.status == RollCall.Status.PLAYER_TURN:
        return True
    return call.status == RollCall.Status.PENDING and not call.request.get("self_test")


def call_need(call, viewer: Viewer) -> Need:
    """The generic item for a call waiting on the viewer: a sentence and a link to its card."""
    if viewer.is_gm:
        text = f"{what(call)}: the player has answered; your step decides it."
    elif call.status == RollCall.Status.PLAYER_TURN:
        text = f"{what(call)}: a choice is left to you on the roll."
    else:
        text = f"The GM asks {call.character.name}: roll {call.label or 'a roll'}."
    return Need(key=f"call-{call.pk}", text=text, href=call_href(call))


def secret_tests(calls, viewer: Viewer, kind: str, *, asks: str, step: str) -> list[Need]:
    """For the GM: each player's own test of `kind` waiting for its secret difficulty (d100, ORE,
    Tribute: a `self_test` call still PENDING with `secret` set), named as the system names it."""
    if not viewer.is_gm:
        return []
    return [
        Need(f"call-{call.pk}", f"{call.character.name} asks for {asks}{_for(call)}: {step}.", call_href(call))
        for call in calls
        if call.kind == kind
        and call.status == RollCall.Status.PENDING
        and call.request.get("self_test")
        and call.request.get("secret")
    ]


def own_steps(calls, viewer: Viewer, kind: str, *, step: str) -> list[Need]:
    """For a player: each roll of `kind` of their own characters waiting on their choice (PLAYER_TURN),
    with the system's name for that choice (ORE's wiggle dice, Tribute's Profit and Waste)."""
    if viewer.is_gm:
        return []
    return [
        Need(key=f"call-{call.pk}", text=f"{what(call)}: {step}.", href=call_href(call))
        for call in calls
        if call.kind == kind and call.status == RollCall.Status.PLAYER_TURN and owns(viewer, call)
    ]


def own_tests(calls, viewer: Viewer, kind: str, *, number: str, choice: str) -> list[Need]:
    """A system whose players roll their own tests against the GM's secret `number` and then make a `choice`
    on the dice (ORE's difficulty and wiggle dice, Tribute's opposition and Profit and Waste): the GM's step
    on each test waiting for its number, and a player's on each of their rolls waiting for their choice."""
    gm = secret_tests(calls, viewer, kind, asks=f"a secret {number}", step=f"set the {number}")
    return gm + own_steps(calls, viewer, kind, step=choice)


def owns(viewer: Viewer, call) -> bool:
    return call.character.owner_id == viewer.user.pk


def _for(call) -> str:
    return f" ({call.label})" if call.label else ""


def open_calls(campaign, viewer: Viewer) -> list:
    """The campaign's open calls the viewer may know of (one query): all for the GM, a player's own."""
    calls = campaign.calls.filter(status__in=RollCall.OPEN).select_related("character").order_by("created_at", "pk")
    if not viewer.is_gm:
        calls = calls.filter(character__owner=viewer.user)
    return list(calls)


def needs_for(campaign, viewer: Viewer) -> list[Need]:
    """Everything waiting on the viewer now: the generic calls, then the system's own, in order."""
    calls = open_calls(campaign, viewer)
    items = {need.key: need for need in (call_need(call, viewer) for call in calls if waits_on(call, viewer))}
    for need in campaign.adapter.needs(campaign, viewer, calls):
        items[need.key] = need
    return list(items.values())


def rendered(need: Need, request) -> str:
    """An item's buttons, rendered for this request (its forms' tokens): "" when it has none."""
    return render_to_string(need.template, need.context, request=request) if need.template else ""


def strip_context(request, campaign, *, is_gm: bool) -> dict:
    """The strip's context (`templates/campaigns/needs.html`): each item with its buttons, and the count.
    A player's items are their call cards under "Now", beside the character: several are
    counted there (`needs_below`), not listed a second time above them, which pushed the newest card off
    a phone's first screen."""
    needs = needs_for(campaign, Viewer(request.user, is_gm))
    items = [(need, rendered(need, request)) for need in needs]
    return {
        "needs": items,
        "needs_count": len(items),
        "needs_below": not is_gm and len(items) > 1,
        "needs_shown": shown(needs),
    }


def strip_part(request, campaign, *, is_gm: bool) -> tuple[str, Callable[[], tuple[str, int, str]]]:
    """The strip as a part of the table page kept until the campaign changes (campaigns.table.parts): the
    viewer it is drawn for, and how to draw it (its HTML, its count for the page title, what it shows)."""

    def draw() -> tuple[str, int, str]:
        context = {"campaign": campaign, **strip_context(request, campaign, is_gm=is_gm)}
        html = render_to_string("campaigns/needs.html", context, request=request)
        return html, context["needs_count"], context["needs_shown"]

    return ("gm" if is_gm else f"player-{request.user.pk}"), draw


def shown(needs: list[Need]) -> str:
    """What the strip shows, in a few characters: the strip sends it back when it fetches itself again, and
    is answered 204 (nothing to swap) while it is unchanged. Each live message fetched it, and replacing it
    unchanged swapped its buttons under the pointer: a click as the swap came was lost (CI, under load)."""
    words = "\n".join(f"{need.key}|{need.text}|{need.template}" for need in needs)
    return hashlib.blake2s(words.encode(), digest_size=8).hexdigest()
