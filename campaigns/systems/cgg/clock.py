"""Centaurus Gate's Crisis Clock at the table: each explorer's hours in a Balance of kind
"crisis_clock" and their critical count in one of kind "critical_count", both changed
through the ledger service (campaigns/table/ledger.py). "In crisis" is "no hours left" (the
clock leaves 0 only when the Exec resolves the crisis).

A clock nobody has written is full, for the explorer's roles; its rows are made by its
first change, never by a page that shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models.signals import pre_save
from django.dispatch import receiver

from campaigns.table import ledger
from rules.cgg import SYSTEM
from rules.cgg.clock import CrisisClock, clock_maximum, critical_maximum

CRISIS_CLOCK, CRITICAL_COUNT = "crisis_clock", "critical_count"


def _roles(sheet: dict) -> int:
    return len(sheet.get("roles", ["Explorer"])) or 1


def _pools(character, roles: int | None = None) -> tuple[ledger.Pool, ledger.Pool]:
    """The clock's hours (a new clock is full; gains stop at the maximum) and its critical count."""
    roles = roles or _roles(character.sheet)
    hours = ledger.Pool(
        character,
        CRISIS_CLOCK,
        start=clock_maximum(roles),
        maximum=clock_maximum(roles),
        clamp=True,
        name="The clock",
        unit="hours",
        title="Crisis Clock",
        event_kind="clock",
    )
    critical = ledger.Pool(character, CRITICAL_COUNT, maximum=critical_maximum(roles), name="The critical count")
    return hours, critical


def crisis_clock(character) -> CrisisClock:
    """The explorer's clock as it stands."""
    return crisis_clocks([character])[character.pk]


def crisis_clocks(characters) -> dict[int, CrisisClock]:
    """Every explorer's clock as it stands, by character id, in one query."""
    pools = {character.pk: _pools(character) for character in characters}
    rows = ledger.balances(pool for pair in pools.values() for pool in pair)
    clocks = {}
    for character in characters:
        hours, critical = pools[character.pk]
        clocks[character.pk] = _clock_of(_roles(character.sheet), rows[hours].value, rows[critical].value)
    return clocks


def _clock_of(roles: int, hours: int, critical: int) -> CrisisClock:
    return CrisisClock(
        hours=min(hours, clock_maximum(roles)),
        roles=roles,
        in_crisis=hours == 0,
        critical_count=min(critical, critical_maximum(roles)),
    )


@dataclass(frozen=True, slots=True)
class ClockChange:
    pay: int = 0
    gain: int = 0
    resolve_die: int | None = None
    critical: bool = False


def change_clock(character, change: ClockChange, *, actor, reason: str, roll=None, call=None) -> CrisisClock:
    """The one way a Crisis Clock changes. Raises RulesError (and changes
    nothing) when the rules refuse: paying hours the clock does not have,
    paying during a crisis, resolving a crisis that is not there."""
    hours_pool, critical_pool = _pools(character)
    with ledger.changes():
        hours, critical = ledger.locked(hours_pool), ledger.locked(critical_pool)
        clock = _clock_of(_roles(character.sheet), hours.value, critical.value)
        if change.pay:
            clock = clock.pay(change.pay)
        if change.gain:
            clock = clock.gain(change.gain)
        if change.resolve_die is not None:
            clock = clock.resolve_crisis(change.resolve_die, critical=change.critical)
        entry = {"actor": actor, "reason": reason, "roll": roll, "call": call}
        ledger.change(hours_pool, clock.hours - hours.value, **entry)
        ledger.change(critical_pool, clock.critical_count - critical.value, **entry)
    return clock


def sync_clock_to_roles(character, *, actor) -> CrisisClock:
    """After the sheet is saved: the clock's maximum follows the roles (12 or 9 hours), and
    hours above the new maximum are lost, with a ledger entry. The panel shows the sheet too
    (a new explorer, a new name), so the table is told even when the clock stays."""
    roles = _roles(character.sheet)
    hours_pool, critical_pool = _pools(character, roles)
    with ledger.changes(character.campaign):
        hours = ledger.set_maximum(hours_pool, clock_maximum(roles), actor=actor, reason="Roles changed")
        critical = ledger.set_maximum(critical_pool, critical_maximum(roles), actor=actor, reason="Roles changed")
    return _clock_of(roles, hours, critical)


@receiver(pre_save, sender="characters.Character", dispatch_uid="cgg-keep-the-clock-the-table-saw")
def keep_the_clock_the_table_saw(sender, instance, **kwargs) -> None:
    """A clock nobody has written follows the roles. Before the roles change under it, its rows
    are made as the table saw it (full, for the roles before), so that `sync_clock_to_roles`
    records the hours lost against that clock."""
    if instance._state.adding:
        return
    stored = sender.objects.filter(pk=instance.pk, campaign__system=SYSTEM.key)
    before = stored.values_list("sheet", flat=True).first()
    if before is not None and _roles(before) != _roles(instance.sheet):
        ledger.keep(_pools(instance, _roles(before)))
