"""What the web side needs to know about a dice system, in one registry entry, and the one
interface every system's rules answer for a roll: its dice, its exact odds, its resolution."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
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
            raise RulesError(self.refusal())
        return number

    def refusal(self) -> str:
        """The sentence for a value not on the list, naming each choice's stored number."""
        options = ", ".join(f"{label} ({number})" for number, label in self.choices)
        return f"{self.label} must be one of: {options}."


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


SUCCESS, FAILURE = "Success", "Failure"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one throw came to, as any caller can read it, whatever the system."""

    success: bool
    summary: str  # a sentence a player can read, e.g. "3x7: a set of height 5 or more"
    grade: str = ""  # the system's name for the result where it grades them ("Critical success", "Match")

    def __post_init__(self) -> None:
        if not self.grade:
            object.__setattr__(self, "grade", SUCCESS if self.success else FAILURE)


class RollRules[Request](ABC):
    """A system's check, asked the same way of every system: which dice one throw
    rolls, the exact chance it succeeds, and what given faces come to.

    `Request` is the system's own frozen dataclass of the throw's inputs (a d100 test's chance
    and flip, a Zener `Check`…). Where the rules take several steps (Centaurus Gate's re-rolls
    bought with Venture, ORE's wiggle dice set after the throw), the request is the one throw
    and the implementation says how it takes the later steps.

    An abstract base rather than a Protocol: every implementation is one of the rules
    packages' own classes, so a system missing a method fails when its package is imported,
    not when a page first asks; and the systems without grades share `outcomes`."""

    examples: tuple[Request, ...] = ()
    """Representative requests, small enough to throw every face of (tests/rules/test_interface.py)."""

    @abstractmethod
    def dice(self, request: Request) -> tuple[int, ...]:
        """The sides of each die the throw rolls, in the order `resolve` reads their faces."""

    @abstractmethod
    def odds(self, request: Request) -> Fraction:
        """The exact chance that `resolve` says success, over every face of `dice`."""

    @abstractmethod
    def resolve(self, request: Request, faces: tuple[int, ...]) -> Outcome:
        """What the throw came to, the dice showing `faces` (1..sides each)."""

    def outcomes(self, request: Request) -> dict[str, Fraction]:
        """The exact chance of each grade (`Outcome.grade`); without grades, success and failure."""
        chance = self.odds(request)
        return {FAILURE: 1 - chance, SUCCESS: chance}


@dataclass(frozen=True, slots=True)
class System:
    key: str
    name: str
    summary: str
    roll: RollRules  # the system's check, in the interface every system answers
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
            shown = dict(s.choices).get(value, "") if isinstance(s, ChoiceSetting) else ", ".join(value) or "none"
            described.append((s.label, shown))
        return described


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
