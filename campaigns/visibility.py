"""What each audience may see of a roll, decided once, on the server.

Templates, fragments and websocket messages are rendered from a `RollView`,
which already lacks what its audience must not see: a view for the table has
no target or success unless the roll reveals them, and a GM-only roll has no
table view at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from campaigns.models import Roll
from rules.dice import Comparison

REVEAL_ALL = {"dice": True, "target": True, "success": True}
# What the table sees of an answered call unless the GM chooses otherwise.
CALL_REVEAL_DEFAULT = {"dice": True, "target": False, "success": False}


class Audience(StrEnum):
    GM = "gm"
    TABLE = "table"


def audience_for(campaign, user) -> Audience:
    return Audience.GM if campaign.is_gm(user) else Audience.TABLE


@dataclass(frozen=True, slots=True)
class RollView:
    id: int
    author: str
    character: str
    label: str
    notation: str
    faces: list[list[int]] | None
    total: int | None
    target: int | None
    comparison: str
    success: bool | None
    secret: bool
    called: bool
    created_at: datetime

    @property
    def sentence(self) -> str:
        """One sentence for screen readers and the log's plain-text reading."""
        who = self.character or self.author
        text = f"{who} rolled {self.notation}" + (f" for {self.label}" if self.label else "")
        if self.total is not None:
            text += f": {self.total}"
        if self.success is not None:
            text += ", success" if self.success else ", failure"
        return text + "."


def roll_view(roll: Roll, audience: Audience) -> RollView | None:
    """The roll as `audience` may see it, or None when it may not see it at all."""
    if audience is Audience.TABLE and roll.visibility != Roll.Visibility.TABLE:
        return None
    shown = REVEAL_ALL if audience is Audience.GM else {**REVEAL_ALL, **roll.reveal}
    request, outcome = roll.request, roll.outcome
    target = request.get("target")
    return RollView(
        id=roll.pk,
        author=roll.author.get_username(),
        character=roll.character.name if roll.character else "",
        label=request.get("label", ""),
        notation=request["notation"],
        faces=outcome["faces"] if shown["dice"] else None,
        total=outcome["total"] if shown["dice"] else None,
        target=target if shown["target"] else None,
        comparison=Comparison(request.get("comparison", Comparison.AT_LEAST)).symbol,
        success=outcome.get("success") if shown["success"] and target is not None else None,
        secret=roll.visibility == Roll.Visibility.GM,
        called=roll.call_id is not None,
        created_at=roll.created_at,
    )


def visible_rolls(campaign, audience: Audience):
    rolls = campaign.rolls.select_related("author", "character")
    return rolls if audience is Audience.GM else rolls.visible_to_table()
