"""A campaign's record for its GM: sheets, every roll with its audience, every ledger change,
every table event (campaigns.table.events) with its audience, the table's talk the GM may read
(campaigns.table.chat.visible_messages: no whisper between players unless the campaign lets the GM read
whispers), and every commitment to a GM's secret
(campaigns.secrets.commitments) with its value and salt, revealed or not, and every handout with who has
it: only the GM exports
(campaigns.pages.views.export), and the secrets are the GM's own."""

from __future__ import annotations

import csv
import io
import json

from django.core.serializers.json import DjangoJSONEncoder

from campaigns.models import LedgerEntry
from campaigns.secrets.commitments import canonical
from campaigns.table import chat, handouts


def _session_of(sessions, moment) -> int | None:
    """The number of the session whose span holds the moment (campaigns.models.GameSession)."""
    return next((session.number for session in sessions if session.holds(moment)), None)


def campaign_record(campaign) -> dict:
    rolls = campaign.rolls.select_related("author", "character").order_by("id")
    sessions = list(campaign.game_sessions.order_by("number"))
    entries = LedgerEntry.objects.filter(balance__campaign=campaign).select_related("balance__character", "actor")
    return {
        "campaign": {
            "id": campaign.pk,
            "name": campaign.name,
            "system": campaign.system,
            "settings": campaign.settings,
        },
        "characters": [
            {"id": c.pk, "name": c.name, "owner": c.owner.get_username(), "sheet": c.sheet}
            for c in campaign.characters.select_related("owner")
        ],
        "sessions": [{"number": s.number, "started_at": s.started_at, "ended_at": s.ended_at} for s in sessions],
        "rolls": [
            {
                "id": r.pk,
                "at": r.created_at,
                "session": _session_of(sessions, r.created_at),
                "author": r.author.get_username(),
                "character": r.character.name if r.character else "",
                "kind": r.kind,
                "audience": r.visibility,
                "call": r.call_id,
                "request": r.request,
                "outcome": r.outcome,
            }
            for r in rolls
        ],
        "ledger": [
            {
                "at": e.created_at,
                "balance": e.balance.kind,
                "character": e.balance.character.name if e.balance.character else "",
                "delta": e.delta,
                "value_after": e.value_after,
                "reason": e.reason,
                "actor": e.actor.get_username(),
                "roll": e.roll_id,
            }
            for e in entries.order_by("id")
        ],
        "events": [
            {
                "id": e.pk,
                "at": e.created_at,
                "session": _session_of(sessions, e.created_at),
                "kind": e.kind,
                "audience": e.audience,
                "text": e.text,
                "commitment": e.commitment_id,
            }
            for e in campaign.events.order_by("id")
        ],
        "messages": [
            {
                "id": m.id,
                "at": m.created_at,
                "session": _session_of(sessions, m.created_at),
                "author": m.author,
                "style": m.style,
                "speaker": m.speaker,
                "text": m.text,
                "whisper_to": list(m.to),
                "rolled": m.rolled,
                "edited": m.edited,
                "removed": m.removed,
            }
            for m in chat.views(chat.visible_messages(campaign, campaign.gm).order_by("id"))
        ],
        "handouts": [
            {
                "id": h.pk,
                "at": h.created_at,
                "title": h.title,
                "text": h.text,
                "everyone": h.everyone,
                "readers": [user.get_username() for user in h.readers_list],
                "image": h.image.name,
            }
            for h in handouts.for_gm(campaign, list(campaign.handouts.order_by("id")))
        ],
        "commitments": [
            {
                "id": c.pk,
                "at": c.created_at,
                "call": c.call_id,
                "kind": c.kind,
                "about": c.about,
                "digest": c.digest,
                "value": c.value,
                "salt": c.salt,
                "reveal": c.reveal,
                "revealed_at": c.revealed_at,
                "canonical": canonical(c.campaign_id, c.kind, c.value, c.salt),
            }
            for c in campaign.commitments.order_by("id")
        ],
    }


def as_json(record: dict) -> str:
    return json.dumps(record, cls=DjangoJSONEncoder, indent=2)


def _cell(value) -> str:
    """A CSV cell; text a spreadsheet would run as a formula is quoted with an apostrophe."""
    text = json.dumps(value, cls=DjangoJSONEncoder) if isinstance(value, dict | list) else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not text.lstrip("-").isdigit() else text


def as_csv(rows: list[dict]) -> str:
    """One table (rolls or ledger) as CSV; nested values as JSON text."""
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow({key: _cell(value) for key, value in row.items()})
    return out.getvalue()
