"""What the web side needs to know about a dice system, in one registry entry."""

from __future__ import annotations

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


def notes_only_sheet(raw: Mapping[str, Any]) -> dict[str, Any]:
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
    settings: tuple[ChoiceSetting, ...] = ()
    sheet_validator: Callable[[Mapping[str, Any]], dict[str, Any]] = field(default=notes_only_sheet)

    def default_settings(self) -> dict[str, Any]:
        return {setting.name: setting.default for setting in self.settings}

    def validate_settings(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {setting.name for setting in self.settings}
        if unknown:
            raise RulesError(f"{self.name} has no setting called {', '.join(sorted(unknown))}.")
        return {s.name: s.validate(raw.get(s.name, s.default)) for s in self.settings}

    def validate_sheet(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return self.sheet_validator(raw)

    def describe_settings(self, values: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(label, chosen label) pairs for showing a campaign's settings."""
        return [(s.label, dict(s.choices).get(values.get(s.name, s.default), "")) for s in self.settings]
