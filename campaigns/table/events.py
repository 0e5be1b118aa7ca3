"""Table events: the short lines between the rolls that tell the story of the evening.
A player joined, the GM called for a roll, a pool changed, tension mode went on or off.

`record` is the one way a line is written: it goes in the same transaction as what it tells of,
and to the open tables after the commit (campaigns.table.live.send_event). A GM-only line (a Misfortune
change, the cost of a secret roll) reaches the GM's page and sockets alone: players see nothing of
it, not even a redacted line, so its very time tells them nothing. The session's starts and ends
stay the log's session marks (campaigns.common.audience.SessionMark), read from the sessions themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Subquery

from campaigns.common.audience import Audience
from campaigns.models import GameSession, TableEvent
from campaigns.secrets.commitments import CommitmentView
from campaigns.secrets.commitments import view as commitment_view
from campaigns.table import live

TEXT_MAX = TableEvent._meta.get_field("text").max_length


@dataclass(frozen=True, slots=True)
class EventView:
    """A table event as the log shows it (campaigns/table.html#table_event)."""

    id: int
    kind: str
    text: str
    at: datetime
    gm_only: bool
    commitment: CommitmentView | None = None  # a GM's commitment or its reveal (campaigns.secrets.commitments)
    is_event = True  # the log's template tells events from rolls and marks by this


def view(event: TableEvent) -> EventView:
    # `commitment_id` first: a line without one costs no query, and the log's read joins it (visible_events).
    commitment = commitment_view(event.commitment) if event.commitment_id else None
    return EventView(
        event.pk, event.kind, event.text, event.created_at, event.audience == TableEvent.Audience.GM, commitment
    )


def record(campaign, kind: str, text: str, *, gm_only: bool = False, send: bool = True, commitment=None) -> TableEvent:
    """Write one event line and send it to the tables that may see it, after the commit.
    `send=False`: the caller sends it with others (campaigns.table.ledger.changes, by `send_committed`)."""
    text = " ".join(text.split())
    if len(text) > TEXT_MAX:
        text = text[: TEXT_MAX - 1] + "…"
    # The open session, read by the INSERT itself: one round trip, not two.
    session = GameSession.objects.filter(campaign_id=campaign.pk, ended_at=None).order_by("-number").values("pk")
    event = TableEvent.objects.create(
        campaign_id=campaign.pk,
        session_id=Subquery(session[:1]),
        kind=kind,
        text=text,
        audience=TableEvent.Audience.GM if gm_only else TableEvent.Audience.TABLE,
        commitment=commitment,
    )
    if send:  # after the caller's transaction, if there is one; at once otherwise (the INSERT committed itself)
        transaction.on_commit(lambda: live.send_events(campaign.pk, [view(event)]))
    return event


def send_committed(campaign, events: list[TableEvent]) -> None:
    """Send the lines still there after the commit: one written in a savepoint that was rolled back
    is gone (one query, only when there are lines)."""
    if not events:
        return
    kept = set(TableEvent.objects.filter(pk__in=[event.pk for event in events]).values_list("pk", flat=True))
    live.send_events(campaign.pk, [view(event) for event in events if event.pk in kept])


def called(campaign, character, what: str, *, by: str = "The GM") -> TableEvent:
    """The GM's published call, as the table may read it: who is asked to roll what, never the
    difficulty or target the GM keeps (campaigns/secrets/visibility.py)."""
    return record(campaign, "call", f"{by} asks {character.name} to roll {what}")


def visible_events(campaign, audience: Audience):
    """The campaign's events `audience` may see, newest first."""
    events = TableEvent.objects.filter(campaign=campaign).select_related("commitment")
    if audience is not Audience.GM:
        events = events.filter(audience=TableEvent.Audience.TABLE)
    return events.order_by("-created_at", "-id")
