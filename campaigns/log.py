"""The table's roll log: pages of rolls as an audience may see them, newest first,
with the sessions' starts and ends between them, filtered by character, session
and kind. Every page costs the same queries however long the log is."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django import forms

from campaigns import systems
from campaigns.audience import Audience, SessionMark, session_marks
from campaigns.forms import TableForm
from campaigns.visibility import roll_view, visible_rolls

LOG_PAGE = 30


class LogFilterForm(TableForm):
    """Which rolls to show. Bad values get a message and the whole log."""

    character = forms.ModelChoiceField(queryset=None, required=False, empty_label="Every character")
    session = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    kind = forms.ChoiceField(required=False, label="Roll")

    def __init__(self, data, *, campaign, sessions):
        super().__init__(data)
        self.sessions = {session.number: session for session in sessions}
        self.fields["character"].queryset = campaign.characters.order_by("name")
        self.fields["session"].choices = [("", "Every session")] + [
            (s.number, f"Session {s.number}, {s.started_at:%d %b %Y}") for s in sessions
        ]
        kinds = systems.kinds_for(campaign.system)
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
        return {key: value for key, value in (query | {"kind": data["kind"]}).items() if value}

    def apply(self, rolls):
        if not self.active:
            return rolls
        data = self.cleaned_data
        if data["character"] is not None:
            rolls = rolls.filter(character=data["character"])
        if data["kind"]:
            rolls = rolls.filter(kind=data["kind"])
        session = self.chosen_session
        if session is not None:
            rolls = rolls.filter(created_at__gte=session.started_at)
            if session.ended_at is not None:
                rolls = rolls.filter(created_at__lt=session.ended_at)
        return rolls

    @property
    def chosen_session(self):
        return self.sessions.get(self.cleaned_data["session"]) if self.active else None


@dataclass(frozen=True, slots=True)
class LogPage:
    entries: list  # RollView and SessionMark, newest first
    older: str | None  # the query string of the next older page, if there is one
    missed_more: bool = False  # a catch-up page: more rolls came since `after` than a page holds

    @property
    def has_rolls(self) -> bool:
        return any(not isinstance(entry, SessionMark) for entry in self.entries)


def log_page(campaign, audience: Audience, sessions, filters: LogFilterForm, *, before=None, after=None) -> LogPage:
    """One page of the log. A catch-up page (`after`: the newest roll a table has) holds what
    came since: the rolls, and the sessions' starts and ends, which a table away missed too."""
    visible = filters.apply(visible_rolls(campaign, audience))
    rolls = visible
    if after is not None:
        rolls = rolls.filter(id__gt=after)
    if before is not None:
        rolls = rolls.filter(id__lt=before)
    page = list(rolls[: LOG_PAGE + 1])
    views = [roll_view(roll, audience) for roll in page[:LOG_PAGE]]
    more = len(page) > LOG_PAGE and after is None
    older = urlencode({"before": views[-1].id} | filters.query()) if more else None
    chosen = filters.chosen_session
    marks = session_marks([chosen] if chosen else sessions)
    if after is not None:
        if len(page) > LOG_PAGE:
            return LogPage(views, older, missed_more=True)  # the view sends the newest page, marks and all
        # The marks since the table's newest roll (every mark, if it had none: static/fivefold/table.js
        # drops the ones it already shows, as it does rolls).
        seen = visible.filter(id=after).values_list("created_at", flat=True).first()
        return LogPage(_merge(views, [m for m in marks if seen is None or m.at > seen]), None)
    # A mark goes on the page of the roll just after it: older than this page's first roll
    # (on every page but the first) and newer than the next page's first roll.
    newest = page[0].created_at if before is not None and page else None
    oldest = page[LOG_PAGE].created_at if more else None
    marks = [m for m in marks if (newest is None or m.at < newest) and (oldest is None or m.at > oldest)]
    return LogPage(_merge(views, marks), older)


def _merge(views, marks: list[SessionMark]) -> list:
    """Rolls and marks in one list, newest first."""
    entries, pending = [], list(marks)
    for view in views:
        while pending and pending[0].at > view.created_at:
            entries.append(pending.pop(0))
        entries.append(view)
    return entries + pending
