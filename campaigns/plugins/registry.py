"""The registry of dice systems: what the generic code asks instead of naming a system.

Each system is a Django app (`campaigns/systems/<key>/`) whose config (a `SystemConfig`)
registers one adapter (`campaigns.plugins.base.SystemAdapter`) here. This module imports
nothing from the systems, so the generic code that asks it (visibility, live updates, the
table, the character pages, the urls, the demo command) never depends on one. Installing
a system is its line in `INSTALLED_APPS`; without that line its campaigns say "not
installed" (`SystemNotInstalled`, answered by `campaigns.pages.middleware`) instead of crashing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.urls import include, path
from django.utils.module_loading import import_string

from campaigns.plugins.base import Panel, SystemAdapter, SystemNotInstalled
from campaigns.plugins.card_kind import CARD
from campaigns.plugins.notation_kind import NOTATION

if TYPE_CHECKING:
    from collections.abc import Iterator

_ADAPTERS: dict[str, SystemAdapter] = {}


def register(adapter: SystemAdapter) -> None:
    """Called once per system from its app's `ready()`; a second system with the same key is a mistake."""
    key = adapter.key
    if key in _ADAPTERS and _ADAPTERS[key] is not adapter:
        raise ValueError(f"Two systems registered the key {key!r}.")
    _ADAPTERS[key] = adapter


class SystemConfig(AppConfig):
    """A dice system's app: once the models are loaded, it registers the system's adapter."""

    adapter: str  # the dotted path of the adapter instance, e.g. "campaigns.systems.cgg.adapter.ADAPTER"

    def ready(self) -> None:
        register(import_string(self.adapter))


def unregister(key: str) -> None:
    """For the tests that install a system of their own and take it away again."""
    _ADAPTERS.pop(key, None)


def installed() -> Iterator[SystemAdapter]:
    """Every installed system, in the order of INSTALLED_APPS."""
    return iter(list(_ADAPTERS.values()))


def get(key: str) -> SystemAdapter:
    """The installed system of this key; `SystemNotInstalled` for a campaign of one that is not."""
    try:
        return _ADAPTERS[key]
    except KeyError:
        raise SystemNotInstalled(key) from None


def is_installed(key: str) -> bool:
    return key in _ADAPTERS


def choices() -> list[tuple[str, str]]:
    """(key, name) of every installed system: the new-campaign form's and the admin's list."""
    return [(adapter.key, adapter.name) for adapter in _ADAPTERS.values()]


def name_of(key: str) -> str:
    """The system's name, or the key with a note when it is not installed (lists of campaigns)."""
    adapter = _ADAPTERS.get(key)
    return adapter.name if adapter else f"{key} (not installed)"


def kind(key: str):
    """The kind of roll or call stored as `key` on a row: plain notation or an installed system's;
    `SystemNotInstalled` for a row of a system taken away."""
    if key == NOTATION.key:
        return NOTATION
    if key == CARD.key:
        return CARD
    for adapter in _ADAPTERS.values():
        for candidate in adapter.kinds:
            if candidate.key == key:
                return candidate
    raise SystemNotInstalled(key.split("_")[0])


def kinds_for(system_key: str) -> list:
    """The kinds of roll a campaign of the system can hold: plain notation and the system's own."""
    adapter = _ADAPTERS.get(system_key)
    return [NOTATION, *(adapter.kinds if adapter else ())]


def url_patterns() -> list:
    """Each installed system's own steps, under its campaigns' address: `campaigns/<id>/<key>/`."""
    return [path(f"<int:campaign_id>/{adapter.key}/", include(adapter.urls)) for adapter in installed() if adapter.urls]


def live_panel_for(campaign, audience) -> Panel | None:
    """What a change of the shared state sends an audience's open tables (`SystemAdapter.live_panel`)."""
    return get(campaign.system).live_panel(campaign, audience)


def panel_for(campaign, audience, user=None) -> Panel | None:
    """The system's panel for an audience; `user` adds what is that player's own (their forms)."""
    return get(campaign.system).panel(campaign, audience, user=user)


__all__ = [
    "Panel",
    "SystemAdapter",
    "SystemConfig",
    "SystemNotInstalled",
    "choices",
    "get",
    "installed",
    "is_installed",
    "kind",
    "kinds_for",
    "live_panel_for",
    "name_of",
    "panel_for",
    "register",
    "unregister",
    "url_patterns",
]
