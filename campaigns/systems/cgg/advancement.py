"""Centaurus Gate's advancement at the table (seed: "Advancements, Endeavors and Die Codes";
"when a milestone is reached ... the Exec may give out an Advancement"): the Exec awards an
explorer's next advancement, its pips go on the sheet's budget (rules.cgg.advancement_budget),
and the sheet refuses codes that spend more than was earned."""

from __future__ import annotations

from django.db import transaction

from campaigns import live
from campaigns.actions import ActionError
from campaigns.systems.cgg.clock import crisis_clock
from characters.models import Character
from rules.cgg.advancement_budget import Advancement
from rules.errors import RulesError


def advancement_of(sheet: dict) -> Advancement:
    """The explorer's advancement record (none yet: no advancement, no budget)."""
    return Advancement.from_dict(sheet.get("advancement") or {})


def award_advancement(character, gm) -> Advancement:
    """The Exec gives the explorer their next advancement: its pips plus 3 per critical count of
    their Crisis Clock, and an endeavor at the 2nd, 4th and 6th."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec gives out advancements.")
    with transaction.atomic():
        explorer = Character.objects.select_for_update().get(pk=character.pk)
        record = advancement_of(explorer.sheet).award(
            crisis_clock(explorer).critical_count, explorer.sheet["attributes"]
        )
        explorer.sheet = explorer.sheet | {"advancement": record.as_dict()}
        explorer.save(update_fields=["sheet"])
        transaction.on_commit(lambda: live.send_panel(explorer.campaign))
    return record


def budget_line(sheet: dict) -> str:
    """'2 advancements: 50 pips earned, 6 spent, 44 left; 1 endeavor', or '' before the first."""
    try:
        record = advancement_of(sheet)
        if not record.count:
            return ""
        spent = record.check(sheet["attributes"])
    except RulesError as error:  # a sheet saved before the budget (the admin's JSON): say so, never crash
        return f"Advancement: {error}"
    plural = "s" if record.count != 1 else ""
    line = (
        f"{record.count} advancement{plural}: {record.earned} pips earned, {spent} spent, {record.earned - spent} left"
    )
    if record.endeavors:
        line += f"; {record.endeavors} endeavor{'s' if record.endeavors != 1 else ''}"
    return line
