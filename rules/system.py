"""What the web side needs to know about a dice system, in one registry entry."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RulesError

MAX_NOTES = 10_000


@dataclass(frozen=True, slots=True)
class ChoiceSetting:
    """A campaign setting chosen from a fixed list, e.g. Tribute Alpha's die size."""

    name: str
    label: str
    choices: tuple[tuple[int, str], ...]
    default: int
    help_text: str = ""

    def validate(self, value: Any) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = None
        if number not in dict(self.choices):
            options = ", ".join(label for _, label in self.choices)
            raise RulesError(f"{self.label} must be one of: {options}.")
        return number


@dataclass(frozen=True, slots=True)
class TextListSetting:
    """A campaign setting that is a list of names the GM can edit, e.g. Tribute Alpha's attributes."""

    name: str
    label: str
    default: tuple[str, ...]
    help_text: str = ""
    max_items: int = 20
    max_length: int = 40

    def validate(self, value: Any) -> list[str]:
        if isinstance(value, str):
            value = value.splitlines()
        if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
            raise RulesError(f"{self.label}: a list of names.")
        names = [item.strip() for item in value if item.strip()]
        if not 1 <= len(names) <= self.max_items:
            raise RulesError(f"{self.label}: 1 to {self.max_items} names.")
        if any(len(name) > self.max_length for name in names):
            raise RulesError(f"{self.label}: each name is at most {self.max_length} characters.")
        if len({name.casefold() for name in names}) != len(names):
            raise RulesError(f"{self.label}: each name once.")
        return names


def notes_only_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The sheet of a system whose own sheet has not been built yet: free notes."""
    notes = raw.get("notes", "")
    if not isinstance(notes, str):
        raise RulesError("Notes must be text.")
    if len(notes) > MAX_NOTES:
        raise RulesError(f"Notes are at most {MAX_NOTES:,} characters.")
    return {"notes": notes}


@dataclass(frozen=True, slots=True)
class System:
    key: str
    name: str
    summary: str
    settings: tuple[ChoiceSetting | TextListSetting, ...] = ()
    sheet_validator: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]] = field(default=notes_only_sheet)

    def default_settings(self) -> dict[str, Any]:
        return {setting.name: _plain(setting.default) for setting in self.settings}

    def validate_settings(self, raw: Mapping[str, Any], *, complete: bool = False) -> dict[str, Any]:
        """The campaign's settings, a setting left out taking its default; with `complete`, every
        setting must be given (changing a campaign: leaving one out would reset it silently)."""
        if not isinstance(raw, Mapping):
            raise RulesError(f"{self.name}'s settings are an object of names and values, e.g. {self._example()}.")
        unknown = set(raw) - {setting.name for setting in self.settings}
        if unknown:
            raise RulesError(f"{self.name} has no setting called {', '.join(sorted(unknown))}.")
        given = {s.name: s.validate(raw[s.name]) for s in self.settings if s.name in raw}
        missing = [s.name for s in self.settings if s.name not in raw]
        if complete and missing:
            raise RulesError(
                f"Give every setting of {self.name} ({', '.join(missing)} left out), e.g. {self._example()}."
            )
        return {s.name: given[s.name] if s.name in given else s.validate(s.default) for s in self.settings}

    def _example(self) -> str:
        return json.dumps(self.default_settings()) if self.settings else "{}"

    def validate_sheet(self, raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A clean sheet; `settings` are the campaign's (e.g. its attribute list)."""
        return self.sheet_validator(raw, {**self.default_settings(), **(settings or {})})

    def describe_settings(self, values: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(label, chosen value) pairs for showing a campaign's settings."""
        described = []
        for s in self.settings:
            value = values.get(s.name, s.default)
            shown = dict(s.choices).get(value, "") if isinstance(s, ChoiceSetting) else ", ".join(value)
            described.append((s.label, shown))
        return described


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
