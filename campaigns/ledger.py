"""Meta-currency ledgers. Each balance changes only through its ledger's one
service function here, inside a transaction that locks the balance rows and
writes a LedgerEntry for every change.

Crisis Clock (Centaurus Gate): hours in a Balance of kind "crisis_clock", the
critical count in one of kind "critical_count"; "in crisis" is "no hours left"
(the clock leaves 0 only when the Exec resolves the crisis).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from campaigns import live
from campaigns.models import Balance, LedgerEntry
from rules.cgg.clock import CrisisClock, clock_maximum, critical_maximum

CRISIS_CLOCK, CRITICAL_COUNT = "crisis_clock", "critical_count"


def _roles(character) -> int:
    return len(character.sheet.get("roles", ["Explorer"])) or 1


def _clock_rows(character, lock: bool) -> tuple[Balance, Balance]:
    _make_clocks([character])
    queryset = Balance.objects.filter(character=character, kind__in=(CRISIS_CLOCK, CRITICAL_COUNT)).order_by("id")
    if lock:
        queryset = queryset.select_for_update()
    by_kind = {row.kind: row for row in queryset}
    return by_kind[CRISIS_CLOCK], by_kind[CRITICAL_COUNT]


def _make_clocks(characters, have=frozenset()) -> bool:
    """Give each explorer a full clock if they have none yet (`have`: the (character id,
    kind) pairs known to exist). Made when first seen, so that a later change of roles is
    a ledger entry against the full clock the table saw. True if any row was missing."""
    missing = []
    for character in characters:
        roles = _roles(character)
        for kind, maximum, initial in ((CRISIS_CLOCK, clock_maximum(roles), clock_maximum(roles)),
                                       (CRITICAL_COUNT, critical_maximum(roles), 0)):  # fmt: skip
            if (character.pk, kind) not in have:
                missing.append(Balance(campaign_id=character.campaign_id, character=character, kind=kind,
                                       value=initial, maximum=maximum))  # fmt: skip
    Balance.objects.bulk_create(missing, ignore_conflicts=True)
    return bool(missing)


def crisis_clock(character) -> CrisisClock:
    """The explorer's clock as it stands (made full on first use)."""
    return crisis_clocks([character])[character.pk]


def crisis_clocks(characters) -> dict[int, CrisisClock]:
    """Every explorer's clock as it stands, by character id: one query once the clocks exist."""

    def read() -> dict:
        rows = Balance.objects.filter(character__in=characters, kind__in=(CRISIS_CLOCK, CRITICAL_COUNT))
        return {(row.character_id, row.kind): row.value for row in rows}

    values = read()
    if len(values) < 2 * len(characters) and _make_clocks(characters, have=values.keys()):
        values = read()
    return {
        character.pk: _clock_of(_roles(character), values[character.pk, CRISIS_CLOCK],
                                values[character.pk, CRITICAL_COUNT])
        for character in characters
    }  # fmt: skip


def _as_clock(character, hours: Balance, critical: Balance) -> CrisisClock:
    return _clock_of(_roles(character), hours.value, critical.value)


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
    with transaction.atomic():
        hours, critical = _clock_rows(character, lock=True)
        before = _as_clock(character, hours, critical)
        clock = before
        if change.pay:
            clock = clock.pay(change.pay)
        if change.gain:
            clock = clock.gain(change.gain)
        if change.resolve_die is not None:
            clock = clock.resolve_crisis(change.resolve_die, critical=change.critical)
        for row, value in ((hours, clock.hours), (critical, clock.critical_count)):
            _record(row, value, actor=actor, reason=reason, roll=roll, call=call)
        # Every member's table shows the clocks: they see the change after the commit.
        transaction.on_commit(lambda: live.send_panel(character.campaign))
    return clock


def sync_clock_to_roles(character, *, actor) -> CrisisClock:
    """After the roles change: the clock's maximum follows (12 or 9 hours), and
    hours above the new maximum are lost, with a ledger entry."""
    with transaction.atomic():
        hours, critical = _clock_rows(character, lock=True)
        roles = _roles(character)
        for row, maximum in ((hours, clock_maximum(roles)), (critical, critical_maximum(roles))):
            if row.maximum != maximum:
                _record(row, min(row.value, maximum), actor=actor, reason="Roles changed", maximum=maximum)
        transaction.on_commit(lambda: live.send_panel(character.campaign))
        return _as_clock(character, hours, critical)


def _record(row: Balance, value: int, *, actor, reason: str, roll=None, call=None, maximum=None) -> None:
    delta = value - row.value
    if maximum is not None:
        row.maximum = maximum
    if delta == 0 and maximum is None:
        return
    row.value = value
    row.save(update_fields=["value", "maximum"])
    if delta:
        LedgerEntry.objects.create(
            balance=row, actor=actor, reason=reason, delta=delta, value_after=value, roll=roll, call=call
        )
