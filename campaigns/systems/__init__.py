"""The web side of each rules system: its table panel, if it has one.

The generic table asks `panel_for(campaign, audience)`; a system registers a
builder here instead of the table branching on system keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms


@dataclass(frozen=True, slots=True)
class Panel:
    template: str
    context: dict[str, Any]


def _cgg_panel(campaign, audience, user=None) -> Panel:
    from campaigns.systems.cgg.panel import panel

    return panel(campaign, audience)


def _tribute_panel(campaign, audience, user=None) -> Panel:
    from campaigns.systems.tribute.panel import panel

    return panel(campaign, audience, user=user)


def _d100_session_form(campaign, data=None):
    from campaigns.systems.d100.forms import session_form

    return session_form(campaign, data)


def _d100_session_started(campaign, gm, **inputs) -> None:
    from campaigns.systems.d100.actions import refill_fortune

    refill_fortune(campaign, gm, **inputs)


def _cgg_sheet_saved(character, actor) -> None:
    from campaigns import ledger

    ledger.sync_clock_to_roles(character, actor=actor)


def _ore_panel(campaign, audience, user=None) -> Panel:
    from campaigns.systems.ore.panel import panel

    return panel(campaign, audience, user=user)


def _zener_panel(campaign, audience, user=None) -> Panel:
    from campaigns.systems.zener.panel import panel

    return panel(campaign, audience, user=user)


def _d100_panel(campaign, audience, user=None) -> Panel:
    from campaigns.systems.d100.panel import panel

    return panel(campaign, audience, user=user)


PANELS: dict[str, Callable[..., Panel]] = {
    "d100": _d100_panel,
    "cgg": _cgg_panel,
    "tribute": _tribute_panel,
    "ore": _ore_panel,
    "zener": _zener_panel,
}
SHEET_SAVED: dict[str, Callable[..., None]] = {"cgg": _cgg_sheet_saved}
# What a system refills or resets when the GM starts a session, and the form for its inputs.
# Only d100 refills anything: Centaurus Gate's Crisis Clock persists between sessions and
# refills at story breaks (its text, "Crisis Clock"); Karma, Profit and Waste, and ORE's
# dice have no session rule (the rules-interpretations page says so).
SESSION_START: dict[str, tuple[Callable[..., forms.Form], Callable[..., None]]] = {
    "d100": (_d100_session_form, _d100_session_started),
}


def panel_for(campaign, audience, user=None) -> Panel | None:
    """The system's panel for an audience; `user` adds what is that player's own (their forms)."""
    builder = PANELS.get(campaign.system)
    return None if builder is None else builder(campaign, audience, user)


def session_form(campaign, data=None) -> forms.Form:
    """The inputs the system asks for when the GM starts a session; an empty form for most."""
    start = SESSION_START.get(campaign.system)
    return forms.Form(data) if start is None else start[0](campaign, data)


def session_started(campaign, gm, **inputs) -> None:
    start = SESSION_START.get(campaign.system)
    if start is not None:
        start[1](campaign, gm, **inputs)


def sheet_saved(character, *, actor) -> None:
    """Let the system follow a sheet change (Centaurus Gate: the clock follows the roles)."""
    hook = SHEET_SAVED.get(character.campaign.system)
    if hook is not None:
        hook(character, actor)
