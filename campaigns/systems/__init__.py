"""The web side of each rules system: its table panel, if it has one.

The generic table asks `panel_for(campaign, audience)`; a system registers a
builder here instead of the table branching on system keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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


def panel_for(campaign, audience, user=None) -> Panel | None:
    """The system's panel for an audience; `user` adds what is that player's own (their forms)."""
    builder = PANELS.get(campaign.system)
    return None if builder is None else builder(campaign, audience, user)


def sheet_saved(character, *, actor) -> None:
    """Let the system follow a sheet change (Centaurus Gate: the clock follows the roles)."""
    hook = SHEET_SAVED.get(character.campaign.system)
    if hook is not None:
        hook(character, actor)
