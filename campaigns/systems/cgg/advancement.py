"""Centaurus Gate's advancement at the table (seed: "Advancements, Endeavors and Die Codes";
"when a milestone is reached ... the Exec may give out an Advancement"): the Exec awards an
explorer's next advancement, its pips go on the sheet's budget (rules.cgg.advancement_budget),
and the sheet refuses codes that spend more than was earned."""

from __future__ import annotations

from django.db import transaction

from campaigns.common import reads
from campaigns.models import GameSession
from campaigns.systems.cgg.clock import crisis_clock
from campaigns.table import events, live
from campaigns.table.actions import ActionError
from characters.models import Character
from rules.cgg.advancement_budget import Advancement
from rules.errors import RulesError


def advancement_of(sheet: dict) -> Advancement:
    """The explorer's advancement record (none yet: no advancement, no budget)."""
    return Advancement.from_dict(sheet.get("advancement") or {})


def session_going(campaign_id: int) -> int | None:
    """The open session's id (None between sessions): an advancement is taken back in the one it was
    given in (rules.cgg.advancement_budget). Read once per page."""
    read = GameSession.objects.filter(campaign_id=campaign_id, ended_at=None).values_list("pk", flat=True).first
    return reads.remembered(("session_going", campaign_id), read)


def award_advancement(character, gm) -> Advancement:
    """The Exec gives the explorer their next advancement: its pips plus 3 per critical count of
    their Crisis Clock, and an endeavor at the 2nd, 4th and 6th."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec gives out advancements.")
    with transaction.atomic():
        explorer = Character.objects.select_for_update().get(pk=character.pk)
        record = advancement_of(explorer.sheet).award(
            crisis_clock(explorer).critical_count, explorer.sheet["attributes"], session_going(explorer.campaign_id)
        )
        explorer.sheet = explorer.sheet | {"advancement": record.as_dict()}
        explorer.save(update_fields=["sheet"])
        given = f"The Exec gives {explorer.name} advancement {record.count} ({record.last_pips} pips)"
        events.record(explorer.campaign, "advancement", given)
        transaction.on_commit(lambda: live.send_panel(explorer.campaign))
    return record


def take_back_advancement(character, gm) -> Advancement:
    """The Exec takes back the explorer's last advancement, given by mistake in this session: the
    record is as it was before it (refused once its pips are spent or its endeavor written)."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the Exec takes back an advancement.")
    with transaction.atomic():
        explorer = Character.objects.select_for_update().get(pk=character.pk)
        record = advancement_of(explorer.sheet)
        before = record.take_back(
            explorer.sheet["attributes"], explorer.sheet.get("endeavors", []), session_going(explorer.campaign_id)
        )
        sheet = {key: value for key, value in explorer.sheet.items() if key != "advancement"}
        explorer.sheet = sheet | ({"advancement": before.as_dict()} if before.count else {})
        explorer.save(update_fields=["sheet"])
        taken = f"The Exec takes back {explorer.name}'s advancement {record.count} ({record.last_pips} pips)"
        events.record(explorer.campaign, "advancement", taken)
        transaction.on_commit(lambda: live.send_panel(explorer.campaign))
    return before


def can_take_back(character) -> bool:
    """Whether the Exec's panel offers to take back the explorer's last advancement (the session is
    read only for an explorer whose last advancement can be)."""
    try:
        record = advancement_of(character.sheet)
    except RulesError:
        return False
    return bool(record.last_pips) and record.can_take_back(session_going(character.campaign_id))


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
