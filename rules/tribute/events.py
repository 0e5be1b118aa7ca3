"""Die-size events (seed tribute-alpha.txt, "Dice and Reality Level": "special events such as
'knockback' can be keyed to different die sizes"). The seed says no more.

Fivefold's reading (published on /rules/#tribute): the GM keys a named event to a die size; it
comes up on every test rolled with dice of that size. Every FOCUS and BURDEN die of a test is the
campaign's reality level (same section), so an event keyed to d8 is in play on every test of a
Pulpy campaign and on none at another level. The test's card names it; what it does is the GM's
call, as the seed gives no effect, trigger or cost.

Kept as a campaign setting of lines "d8 Knockback", so the new-campaign form can take them too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.errors import RulesError
from rules.system import TextListSetting
from rules.tribute.roll import DIE_SIZES

MAX_EVENTS = 20
MAX_NAME = 40
_LINE = re.compile(r"d(\d+)\s+(\S.*)")


def _parse(line: str) -> tuple[int, str]:
    found = _LINE.fullmatch(line.strip())
    if not found:
        raise RulesError(f'Die-size events: one a line, the die then the event, e.g. "d8 Knockback" (not "{line}").')
    return _checked(int(found.group(1)), found.group(2))


def _checked(size: int, name: str) -> tuple[int, str]:
    name = " ".join(name.split())
    if size not in DIE_SIZES:
        raise RulesError("Key an event to a d4, d6, d8, d10 or d12.")
    if not name:
        raise RulesError("Name the event, e.g. Knockback.")
    if len(name) > MAX_NAME:
        raise RulesError(f"An event's name is at most {MAX_NAME} characters.")
    return size, name


def _line(size: int, name: str) -> str:
    return f"d{size} {name}"


def _lines(pairs: list[tuple[int, str]]) -> list[str]:
    seen = set()
    for size, name in pairs:
        if (size, name.casefold()) in seen:
            raise RulesError(f"{name} is already keyed to d{size}.")
        seen.add((size, name.casefold()))
    if len(pairs) > MAX_EVENTS:
        raise RulesError(f"A campaign keys at most {MAX_EVENTS} events.")
    return [_line(size, name) for size, name in pairs]


@dataclass(frozen=True, slots=True)
class DieEventsSetting(TextListSetting):
    """The campaign's die-size events, as lines "d8 Knockback"; none is fine."""

    def validate(self, value: Any) -> list[str]:
        if isinstance(value, str):
            value = value.splitlines()
        if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
            raise RulesError(f"{self.label}: a list of lines such as d8 Knockback.")
        return _lines([_parse(line) for line in value if line.strip()])


DIE_EVENTS = DieEventsSetting(
    name="die_events",
    label="Die-size events",
    default=(),
    help_text='One a line, the die then the event, e.g. "d8 Knockback": it comes up on each test rolled with that die.',
)


def events_for(keyed: list[str], die_size: int) -> list[str]:
    """The events that come up on a test rolled with dice of `die_size`, in the order keyed."""
    return [name for size, name in map(_parse, keyed) if size == die_size]


def key_event(keyed: list[str], die_size: int, name: str) -> list[str]:
    """The GM keys one more event to a die size; the same name twice at one size is refused."""
    return _lines([*map(_parse, keyed), _checked(die_size, name)])


def unkey_event(keyed: list[str], line: str) -> list[str]:
    """The GM takes one keyed event off."""
    if line not in keyed:
        raise RulesError(f"{line} is not keyed in this campaign.")
    return [kept for kept in keyed if kept != line]
