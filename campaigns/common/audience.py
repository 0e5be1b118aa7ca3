"""Who is looking, and the views of rolls and calls built for them.

A view holds only what its audience may see; templates, fragments and
websocket messages are rendered from views, never from the rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class Audience(StrEnum):
    GM = "gm"
    TABLE = "table"  # the players; the called player sees the table's view of a roll
    CALLED_PLAYER = "called_player"  # the player a call is for, while it is open


@dataclass(frozen=True, slots=True)
class RollView:
    id: int
    campaign_id: int
    author: str
    character: str
    label: str
    secret: bool
    called: bool
    created_at: datetime
    template: str
    sentence: str
    data: dict[str, Any] = field(default_factory=dict)
    chartable: bool = False  # its kind draws where it landed on its odds chart (campaigns.common.charts)


@dataclass(frozen=True, slots=True)
class CallView:
    id: int
    campaign_id: int
    character: str
    label: str
    status: str
    template: str
    data: dict[str, Any] = field(default_factory=dict)
    self_test: bool = False  # the player's own test waiting on a step, not a call from the GM


@dataclass(frozen=True, slots=True)
class SessionMark:
    """A session's start or end, shown in the log between the rolls of its time."""

    number: int
    started: bool  # False: the session ended here
    at: datetime
    is_mark = True  # the log's template tells marks from rolls by this


def session_marks(sessions) -> list[SessionMark]:
    """The starts and ends of `sessions` (campaigns.models.GameSession), newest first."""
    marks = [SessionMark(s.number, True, s.started_at) for s in sessions]
    marks += [SessionMark(s.number, False, s.ended_at) for s in sessions if s.ended_at is not None]
    return sorted(marks, key=lambda mark: mark.at, reverse=True)
