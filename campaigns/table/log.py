"""The table's roll log: pages of rolls as an audience may see them, newest first,
with the sessions' starts and ends and the table events (campaigns.table.events) between
them, filtered by character, session, kind and what to show. Every page costs the
same queries however long the log is."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django import forms

from campaigns.common.audience import Audience, SessionMark, session_marks
from campaigns.models import Message, Roll
from campaigns.plugins import registry
from campaigns.secrets.visibility import visible_rolls
from campaigns.table import chat
from campaigns.table.events import view as event_view
from campaigns.table.events import visible_events
from campaigns.table.forms import TableForm
from campaigns.table.rows import page_rows

LOG_PAGE = 30
EVENTS_BETWEEN = 200  # at most this many events between two rolls of a page (or on a page with no rolls)
EVERYTHING, ROLLS, EVENTS, TALK = "", "rolls", "events", "talk"


def _during(rows, session):
    """The rows (rolls or table events) made while `session` went on, or all of them without one; a session
    still going runs to now."""
    if session is None:
        return rows
    rows = rows.filter(created_at__gte=session.started_at)
    return rows if session.ended_at is None else rows.filter(created_at__lt=session.ended_at)


class LogFilterForm(TableForm):
    """Which rolls to show. Bad values get a message and the whole log."""

    character = forms.ModelChoiceField(queryset=None, required=False, empty_label="Every character")
    session = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    kind = forms.ChoiceField(required=False, label="Roll")
    show = forms.ChoiceField(
        required=False,
        label="Show",
        choices=[(EVERYTHING, "Everything"), (ROLLS, "Rolls only"), (TALK, "Talk only"), (EVENTS, "Table events only")],
    )

    def __init__(self, data, *, campaign, sessions):
        super().__init__(data)
        self.sessions = {session.number: session for session in sessions}
        self.fields["character"].queryset = campaign.characters.order_by("name")
        self.fields["session"].choices = [("", "Every session")] + [
            (s.number, f"Session {s.number}, {s.started_at:%d %b %Y}") for s in sessions
        ]
        kinds = registry.kinds_for(campaign.system)
        self.fields["kind"].choices = [("", "Every kind")] + [(kind.key, kind.name) for kind in kinds]

    @property
    def active(self) -> bool:
        return self.is_bound and self.is_valid() and any(v is not None and v != "" for v in self.cleaned_data.values())

    def query(self) -> dict[str, str | int]:
        """The filters as query parameters, for the next page's link."""
        if not self.active:
            return {}
        data = self.cleaned_data
        query = {"character": data["character"].pk if data["character"] else "", "session": data["session"] or ""}
        return {key: value for key, value in (query | {"kind": data["kind"], "show": data["show"]}).items() if value}

    @property
    def showing(self) -> str:
        return self.cleaned_data["show"] if self.active else EVERYTHING

    @property
    def shows_rolls(self) -> bool:
        return self.showing not in (EVENTS, TALK)

    @property
    def shows_events(self) -> bool:
        """Table events. A character or a roll kind picks rolls: events have neither, so with one
        of them picked the log shows rolls (and the session marks), unless it is asked for events.
        "Rolls only" drops the session marks too."""
        if self.showing == EVENTS:
            return True
        picked = self.active and (self.cleaned_data["character"] or self.cleaned_data["kind"])
        return self.showing == EVERYTHING and not picked

    @property
    def shows_talk(self) -> bool:
        """The table's talk (campaigns.table.chat): with everything, as the events are, or alone."""
        return self.showing == TALK or (self.shows_events and self.showing == EVERYTHING)

    @property
    def events_ignore_picks(self) -> bool:
        """Table events or the talk only, with a character or a roll kind picked: those pick rolls, so the
        page says the events or the talk are the whole table's."""
        return self.showing in (EVENTS, TALK) and bool(self.cleaned_data["character"] or self.cleaned_data["kind"])

    def apply_to_events(self, events):
        return _during(events, self.chosen_session)

    def apply(self, rolls):
        if not self.active:
            return rolls
        data = self.cleaned_data
        if data["character"] is not None:
            rolls = rolls.filter(character=data["character"])
        if data["kind"]:
            rolls = rolls.filter(kind=data["kind"])
        return _during(rolls, self.chosen_session)

    @property
    def chosen_session(self):
        return self.sessions.get(self.cleaned_data["session"]) if self.active else None


@dataclass(frozen=True, slots=True)
class LogPage:
    entries: list  # LogRow (campaigns.table.rows), SessionMark and EventView, newest first
    older: str | None  # the query string of the next older page, if there is one
    missed_more: bool = False  # a catch-up page: more rolls came since `after` than a page holds
    # The newest roll and message the page read, shown or not: where a catch-up starts (static/fivefold/table.js),
    # since a first page of talk alone shows no roll, and one of rolls alone no message.
    newest_roll: int = 0
    newest_message: int = 0

    @property
    def has_rolls(self) -> bool:
        """Anything the filter found: a roll or an event (the session marks show anyway)."""
        return any(not isinstance(entry, SessionMark) for entry in self.entries)


def log_page(
    campaign,
    audience: Audience,
    sessions,
    filters: LogFilterForm,
    *,
    viewer=None,
    before=None,
    before_message=None,
    after=None,
    after_message=None,
    size=LOG_PAGE,
) -> LogPage:
    """One page of the log, of `size` rolls and messages (the table page's first is shorter), newest first.
    The messages are the table's talk that `viewer` may read (campaigns.table.chat); they count towards the
    page as rolls do, so a talkative evening's log is no heavier a page. A page further down goes by the
    oldest roll and message the page before showed (`before`, `before_message`). A catch-up page (`after`:
    the newest roll a table has; `after_message`: its newest message) holds what came since: the rolls and
    messages, and the sessions' starts and ends and the table events, which a table away missed too. A page
    of table events only goes by the events' ids instead."""
    if filters.showing == TALK:
        talk = filters.apply_to_events(chat.visible_messages(campaign, viewer))
        cursor = {"before": before_message, "after": after, "size": size}
        return _one_kind_page(talk, chat.views, "before_message", sessions, filters, **cursor)
    if not filters.shows_rolls:
        events = filters.apply_to_events(visible_events(campaign, audience)).order_by("-id")
        cursor = {"before": before, "after": after, "size": size}
        return _one_kind_page(events, _event_views, "before", sessions, filters, **cursor)
    visible = filters.apply(visible_rolls(campaign, audience))
    rolls = visible
    said = None
    if viewer is not None and filters.shows_talk:
        said = filters.apply_to_events(chat.visible_messages(campaign, viewer))
    if after is not None:
        rolls = rolls.filter(id__gt=after)
    if before is not None:
        rolls = rolls.filter(id__lt=before)
    if said is not None and before_message is not None:
        said = said.filter(id__lt=before_message)
    page = list(rolls[: size + 1])
    chosen = filters.chosen_session
    marks = session_marks([chosen] if chosen else sessions) if filters.showing != ROLLS else []
    events = filters.apply_to_events(visible_events(campaign, audience)) if filters.shows_events else None
    if after is not None:
        views = page_rows(page[:size], audience)
        if len(page) > size:
            return LogPage(views, None, missed_more=True)  # the view sends the newest page, marks and all
        # The marks, events and messages since the table's newest roll (every one, if it had none:
        # static/fivefold/table.js drops the ones it already shows, as it does rolls).
        seen = visible.filter(id=after).values_list("created_at", flat=True).first()
        since = _events(events, newer_than=seen)
        if said is not None:
            newer = said.filter(id__gt=after_message) if after_message is not None else said
            newer = newer if seen is None or after_message is not None else newer.filter(created_at__gt=seen)
            since += chat.views(newer[:EVENTS_BETWEEN])
        return LogPage(_merge(views, [m for m in marks if seen is None or m.at > seen], since), None)
    messages = list(said[: size + 1]) if said is not None else []
    entries = sorted(page + messages, key=_newest_first, reverse=True)
    more = len(entries) > size
    shown = entries[:size]
    paged = before is not None or before_message is not None
    if paged and not shown:
        return LogPage([], None)  # past the oldest entry: what was older went on the last page
    drawn = {row.id: row for row in page_rows([entry for entry in shown if isinstance(entry, Roll)], audience)}
    talk = {view.id: view for view in chat.views([entry for entry in shown if isinstance(entry, Message)])}
    views = [(drawn if isinstance(entry, Roll) else talk).get(entry.pk) for entry in shown]
    views = [view for view in views if view is not None]  # a row a kind draws nothing of for this audience
    older = None
    if more:
        cursor = {"before": _next_cursor(shown, page, Roll)}
        if said is not None:
            cursor["before_message"] = _next_cursor(shown, messages, Message)
        older = urlencode(cursor | filters.query())
    # A mark or an event goes on the page of the entry just after it: no newer than this page's first
    # entry (on every page but the first) and newer than the next page's first entry.
    newest = shown[0].created_at if paged else None
    oldest = entries[size].created_at if more else None
    marks = [m for m in marks if (newest is None or m.at <= newest) and (oldest is None or m.at > oldest)]
    newest_read = {"newest_roll": page[0].pk if page else 0, "newest_message": messages[0].pk if messages else 0}
    return LogPage(_merge(views, marks, _events(events, newer_than=oldest, until=newest)), older, **newest_read)


def _newest_first(entry) -> tuple:
    """At the same moment a roll stands above a message (as above a mark or an event, `_merge`)."""
    return (entry.created_at, isinstance(entry, Roll), entry.pk)


def _next_cursor(shown: list, read: list, model) -> int:
    """Where the next page starts for one kind of entry: below the oldest this page showed, or, where it
    showed none, below none of them (the newest read, and everything older, is still to come)."""
    own = [entry.pk for entry in shown if isinstance(entry, model)]
    if own:
        return min(own)
    return read[0].pk + 1 if read else 0


def _events(events, *, newer_than=None, until=None) -> list:
    """The events of a span, as views, newest first: one query."""
    if events is None:
        return []
    if newer_than is not None:
        events = events.filter(created_at__gt=newer_than)
    if until is not None:
        events = events.filter(created_at__lte=until)
    return [event_view(event) for event in events[:EVENTS_BETWEEN]]


def _event_views(events) -> list:
    return [event_view(event) for event in events]


def _one_kind_page(rows, draw, cursor: str, sessions, filters: LogFilterForm, *, before, after, size) -> LogPage:
    """One kind of line alone (the table events, or the talk), newest first, with the session marks, a page at
    a time by its ids (`cursor`: the query parameter that carries the oldest shown). `draw`: the page's rows as
    views. A filtered log takes no live lines, so its catch-up (`after`) brings nothing."""
    if after is not None:
        return LogPage([], None)
    if before is not None:
        rows = rows.filter(id__lt=before)
    page = list(rows[: size + 1])
    views = draw(page[:size])
    more = len(page) > size
    older = urlencode({cursor: views[-1].id} | filters.query()) if more else None
    chosen = filters.chosen_session
    newest = page[0].created_at if before is not None and page else None
    oldest = page[size].created_at if more else None
    marks = session_marks([chosen] if chosen else sessions)
    marks = [m for m in marks if (newest is None or m.at <= newest) and (oldest is None or m.at > oldest)]
    if before is not None and not page:
        marks = []
    return LogPage(_merge([], marks, views), older)


def _merge(views, marks: list[SessionMark], events: list) -> list:
    """Rolls (in their own order), marks and events in one list, newest first; at the same
    moment a roll goes first, then a mark, then an event."""
    entries, pending = [], sorted([*marks, *events], key=lambda entry: entry.at, reverse=True)  # stable
    pending.reverse()  # popped from the end: the newest last
    for view in views:
        while pending and pending[-1].at > view.created_at:
            entries.append(pending.pop())
        entries.append(view)
    return entries + pending[::-1]
