"""A campaign's whole life: archived and brought back, deleted with everything it
recorded; a character deleted, or retired when the log already tells of it.

The record of play (rolls, ledger entries, table events) is written once and never changed
(campaigns.models.ImmutableEvent), and a roll or an entry protects the call it answered: the
campaign's own delete goes through them in order, in one transaction, so that the campaign
and all it recorded go together or not at all."""

from __future__ import annotations

from django.db import transaction
from django.db.models import ProtectedError, Q

from campaigns.calls import call_section
from campaigns.common import sources
from campaigns.models import Campaign, LedgerEntry, Message, Roll, RollCall
from campaigns.table import events, live, state
from campaigns.table.actions import WAITING_ON_THE_PLAYER


class CampaignArchived(Exception):
    """A write to an archived campaign: its table is read-only (campaigns.pages.middleware says so, 409)."""

    def __init__(self, campaign: Campaign):
        super().__init__(f"{campaign.name} is archived.")
        self.campaign = campaign


def refuse_if_archived(request, campaign: Campaign) -> Campaign:
    """An archived campaign is read-only: no roll, call, session, sheet or setting is written.
    Reading (the table, the log, the export) goes on."""
    if campaign.archived_at is not None and request.method not in ("GET", "HEAD"):
        raise CampaignArchived(campaign)
    return campaign


def archive(campaign: Campaign, *, actor) -> None:
    """The GM puts the campaign away: read-only, listed apart. Its open calls stay as they are,
    to go on with once it is back."""
    if campaign.archived_at is None:
        campaign.archived_at = sources.now()
        campaign.save(update_fields=["archived_at"])
        events.record(campaign, "archived", f"{actor} archived the campaign: the table is read-only.")
        transaction.on_commit(lambda: live.send_archived(campaign))


def unarchive(campaign: Campaign, *, actor) -> None:
    if campaign.archived_at is not None:
        campaign.archived_at = None
        campaign.save(update_fields=["archived_at"])
        events.record(campaign, "unarchived", f"{actor} brought the campaign back from the archive.")
        transaction.on_commit(lambda: live.send_archived(campaign))


def delete_campaign(campaign: Campaign) -> None:
    """Delete the campaign and everything in it, the record of play included. The rows that
    protect others go first: ledger entries (they hold rolls and calls) and the talk (a whispered roll's
    message holds its roll), then rolls (they hold calls); the rest cascades from the campaign. Its open
    tables are told after the commit (campaigns.table.signals.campaign_deleted)."""
    with transaction.atomic():
        LedgerEntry.objects.filter(balance__campaign=campaign).delete()
        LedgerEntry.objects.filter(call__campaign=campaign).delete()
        Message.objects.filter(campaign=campaign).delete()
        Roll.objects.filter(campaign=campaign).delete()
        campaign.delete()


def has_played(character) -> bool:
    """Whether the log tells of the character: a roll or a call names it, or its pool paid towards a
    roll or a call (an assist). The entries a sheet makes as it is written (a Crisis Clock set to its
    roles, Karma trades of creation) are the sheet's own, and go with it."""
    return (
        Roll.objects.filter(character=character).exists()
        or RollCall.objects.filter(character=character).exists()
        or LedgerEntry.objects.filter(balance__character=character)
        .filter(Q(roll__isnull=False) | Q(call__isnull=False))
        .exists()
    )


def delete_character(character, *, actor) -> str:
    """Delete a character that never played; retire one that did, so that the log keeps the name it
    had (Roll.character would otherwise go blank). Returns "deleted" or "retired"."""
    campaign, name, gone = character.campaign, character.name, (character.pk, character.owner_id)
    with transaction.atomic():
        outcome = "retired" if has_played(character) else "deleted"
        if outcome == "deleted":
            try:
                with transaction.atomic():
                    character.delete()
            except ProtectedError:  # something recorded holds it after all: keep the row
                outcome = "retired"
        if outcome == "retired":
            _close_calls(character)
            character.retired_at = sources.now()
            character.save(update_fields=["retired_at"])
        events.record(campaign, "character", f"{actor} {outcome} {name}.")
        transaction.on_commit(lambda: (live.send_character_gone(campaign, *gone), call_section.send(campaign)))
    return outcome


def _close_calls(character) -> None:
    """A retired character's calls that wait on its player are cancelled, as a removed player's are
    (campaigns.table.actions.WAITING_ON_THE_PLAYER); one waiting on the GM alone stays the GM's to finish."""
    waiting = list(RollCall.objects.select_for_update().filter(character=character, status__in=WAITING_ON_THE_PLAYER))
    RollCall.objects.filter(pk__in=[call.pk for call in waiting]).update(status=RollCall.Status.CANCELLED)
    state.changed(character.campaign_id)
    for call in waiting:
        transaction.on_commit(lambda call=call: live.send_call_closed(call))


def restore_character(character, *, actor) -> None:
    """The GM brings a retired character back to the table."""
    if character.retired_at is not None:
        character.retired_at = None
        character.save(update_fields=["retired_at"])
        events.record(character.campaign, "character", f"{actor} brought {character.name} back to the table.")
        # Back on the GM's open screens at once: the Characters tab, the panel's and the call section's lists.
        transaction.on_commit(lambda: (live.send_character_new(character), call_section.send(character.campaign)))
