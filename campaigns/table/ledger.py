"""The ledger: the one way a meta-currency balance changes. It knows no system.

A pool is one Balance row, named by whose it is (a campaign's own, like d100's Fortune, or
one character's, like Karma) and its kind, a string the system keeping it chooses. A pool
nobody has written yet reads as it starts, and no read makes its row: its first write does.

Every write opens a transaction, locks the row, refuses with a RulesError (changing nothing)
what the pool cannot pay or hold, writes one LedgerEntry per row it changes, and tells the
campaign's table after the commit, once per transaction however many rows changed. Each
change is a line in the log too (campaigns.table.events): "The Fortune pool 3 → 2 (reason)",
for the GM alone when the pool is secret (`Pool.secret`) or the roll it pays for is.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial, reduce
from operator import or_
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Q

from campaigns.common import reads
from campaigns.models import Balance, Campaign, LedgerEntry, Roll
from campaigns.table import events, live, state
from rules.errors import RulesError

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from characters.models import Character


@dataclass(frozen=True, slots=True)
class Pool:
    """A balance as its system describes it. `start` and `maximum` make its row on the first
    write; after that the row's own maximum counts. `name` and `unit` make the refusals a
    player reads: "The Fortune pool has 0; that needs 1.", "Kai has 0 Karma; that needs 1."."""

    owner: Campaign | Character
    kind: str
    start: int = 0
    maximum: int | None = None
    clamp: bool = False  # a grant past the maximum stops there (True) or is refused
    name: str = "The pool"
    unit: str = ""
    secret: bool = False  # its changes are the GM's alone (d100's Misfortune, unless shown to the table)
    title: str = ""  # what the log's line calls it, after the character's name: "Crisis Clock" (default from name)
    event_kind: str = "pool"  # the log line's kind (campaigns.models.TableEvent.kind)

    @property
    def campaign(self) -> Campaign:
        return self.owner if isinstance(self.owner, Campaign) else self.owner.campaign

    @property
    def key(self) -> tuple[int, int | None, str]:
        if isinstance(self.owner, Campaign):
            return self.owner.pk, None, self.kind
        return self.owner.campaign_id, self.owner.pk, self.kind

    def rows(self):
        campaign_id, character_id, kind = self.key
        return Balance.objects.filter(campaign_id=campaign_id, character_id=character_id, kind=kind)

    def new_row(self) -> Balance:
        campaign_id, character_id, kind = self.key
        return Balance(
            campaign_id=campaign_id, character_id=character_id, kind=kind, value=self.start, maximum=self.maximum
        )

    def amount(self, value: int) -> str:
        return f"{value} {self.unit}" if self.unit else str(value)

    def line(self, before: int, after: int, reason: str) -> str:
        """The log's line for a change: "The Fortune pool 3 → 2 (Ana re-rolled Stealth)",
        "Kai's Karma 3 → 2 (…)", "Vex's Crisis Clock 30 → 28 hours (Stunt)"."""
        if isinstance(self.owner, Campaign):
            title = self.title or self.name
        else:
            own = self.title or (self.unit if self.name == self.owner.name else self.name.removeprefix("The "))
            title = f"{self.owner.name}'s {own}"
        unit = f" {self.unit}" if self.unit and self.unit.lower() not in title.lower() else ""
        return f"{title} {before} → {after}{unit}" + (f" ({reason})" if reason else "")


def balances(pools: Iterable[Pool]) -> dict[Pool, Balance]:
    """Each pool as it stands, in one query. A pool never written is an unsaved Balance at its start."""
    pools = list(pools)
    if not pools:
        return {}
    if reads.active():  # the table page: every balance of the campaign in one read
        rows = {}
        for campaign_id in {pool.key[0] for pool in pools}:
            read = Balance.objects.filter(campaign_id=campaign_id)
            rows |= reads.remembered(("balances", campaign_id), lambda read=read: _rows(read))
    else:
        match = reduce(or_, (Q(campaign_id=c, character_id=ch, kind=k) for c, ch, k in (pool.key for pool in pools)))
        rows = _rows(Balance.objects.filter(match))
    return {pool: rows.get(pool.key) or pool.new_row() for pool in pools}


def _rows(balances) -> dict:
    return {(row.campaign_id, row.character_id, row.kind): row for row in balances}


def balance(pool: Pool) -> Balance:
    return balances([pool])[pool]


def locked(pool: Pool) -> Balance:
    """The pool's row, made if it was never written, locked until the transaction ends: what a
    write path reads here (can the pool pay?) is still so when it writes."""
    rows = pool.rows().select_for_update()
    row = rows.first()
    if row is None:
        _make(pool)
        row = rows.get()
    return row


def keep(pools: Iterable[Pool]) -> None:
    """Make the rows of pools never written, at their start: before what they start with changes
    (a sheet edit), so that a balance the table has shown does not move unwritten."""
    with transaction.atomic():
        for pool in pools:
            _make(pool)


def _make(pool: Pool) -> None:
    if pool.key[1] is not None:
        Balance.objects.bulk_create([pool.new_row()], ignore_conflicts=True)  # the unique constraint keeps one
        state.changed(pool.key[0])
        return
    # A campaign's own pool has no character, and NULLs never clash in the unique constraint: the
    # campaign row's lock queues two first writes, and the second finds the first one's row.
    Campaign.objects.select_for_update().filter(pk=pool.key[0]).exists()
    if not pool.rows().exists():
        pool.new_row().save()


def spend(pool: Pool, amount: int, *, actor, reason: str, roll=None, call=None) -> int:
    """Take `amount` from the pool; refused if it has less. Returns what is left."""
    _check(amount)
    with changes():
        row = locked(pool)
        if amount > row.value:
            raise RulesError(f"{pool.name} has {pool.amount(row.value)}; that needs {amount}.")
        return _write(pool, row, row.value - amount, actor=actor, reason=reason, roll=roll, call=call)


def grant(pool: Pool, amount: int, *, actor, reason: str, roll=None, call=None) -> int:
    """Add `amount` to the pool; past its maximum it stops there or is refused (`Pool.clamp`)."""
    _check(amount)
    with changes():
        row = locked(pool)
        value = row.value + amount
        if row.maximum is not None and value > row.maximum:
            if not pool.clamp:
                raise RulesError(f"{pool.name} holds at most {pool.amount(row.maximum)}.")
            value = row.maximum
        return _write(pool, row, value, actor=actor, reason=reason, roll=roll, call=call)


def change(pool: Pool, delta: int, **entry) -> int:
    """Spend or grant by the sign of `delta`: for the systems that name a change by its delta."""
    return spend(pool, -delta, **entry) if delta < 0 else grant(pool, delta, **entry)


def refill(pool: Pool, value: int, *, actor, reason: str, roll=None, call=None) -> int:
    """Set the pool to `value` (a session's refill), within 0 and its maximum."""
    _check(value)
    with changes():
        row = locked(pool)
        if row.maximum is not None and value > row.maximum:
            raise RulesError(f"{pool.name} holds at most {pool.amount(row.maximum)}.")
        return _write(pool, row, value, actor=actor, reason=reason, roll=roll, call=call)


def set_maximum(pool: Pool, maximum: int, *, actor, reason: str) -> int:
    """A new maximum for the pool: what is above it is lost, with an entry. Returns the value."""
    _check(maximum)
    with changes():
        row = locked(pool)
        return _write(pool, row, min(row.value, maximum), actor=actor, reason=reason, maximum=maximum)


def _check(amount: int) -> None:
    if amount < 0:
        raise ValueError(f"A ledger amount is 0 or more, not {amount}.")  # a caller's mistake, not a player's


def _write(pool: Pool, row: Balance, value: int, *, actor, reason: str, roll=None, call=None, maximum=None) -> int:
    delta = value - row.value
    new_maximum = maximum is not None and maximum != row.maximum
    if not delta and not new_maximum:
        return value
    row.value = value
    if new_maximum:
        row.maximum = maximum
    row.save(update_fields=["value", "maximum"])
    if delta:
        LedgerEntry.objects.create(
            balance=row, actor=actor, reason=reason, delta=delta, value_after=value, roll=roll, call=call
        )
        secret_roll = roll is not None and roll.visibility != Roll.Visibility.TABLE
        event = events.record(
            pool.campaign,
            pool.event_kind,
            pool.line(value - delta, value, reason),
            gm_only=pool.secret or secret_roll,
            send=False,
        )
        _batch.events.append(event)
    _batch.campaigns.add(pool.campaign)
    return value


_batch = threading.local()


@contextmanager
def changes(*campaigns: Campaign) -> Iterator[None]:
    """One transaction for several ledger writes. Every campaign whose balances changed in it, and
        `campaigns` (told anyway: the panel also shows a sheet just saved), hears of it once, after the
        commit: a Fortune point that becomes Misfortune is one message, not two. A nested
        `changes()` joins the outer one (a write rolled back inside it at most re-sends a panel: its log
    line, rolled back too, is not sent)."""
    if getattr(_batch, "campaigns", None) is not None:
        _batch.campaigns.update(campaigns)
        with transaction.atomic():
            yield
        return
    _batch.campaigns, _batch.events = set(campaigns), []
    try:
        with transaction.atomic():
            yield
            for campaign in _batch.campaigns:
                lines = [event for event in _batch.events if event.campaign_id == campaign.pk]
                transaction.on_commit(partial(_tell, campaign, lines))
    finally:
        _batch.campaigns = _batch.events = None


def _tell(campaign: Campaign, lines: list) -> None:
    """After the commit: the campaign's panel, then its new log lines (campaigns.table.events), in one go."""
    live.send_panel(campaign)
    events.send_committed(campaign, lines)
