"""What every system's multi-step call shares: lock it in the expected status,
and publish it as one roll event when it is done."""

from __future__ import annotations

from django.db import transaction

from campaigns.models import Roll, RollCall
from campaigns.table import live
from campaigns.table.actions import ActionError


def locked_call(call_id: int, kind: str, status: str, waiting: dict[str, str]) -> RollCall:
    """The call, row-locked, if it is in `status`; otherwise ActionError with the
    system's sentence for the status it is in (`waiting`), or "over"."""
    call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id, kind=kind)
    if call.status != status:
        raise ActionError(waiting.get(call.status, "This roll is over."))
    return call


def save_call(call: RollCall) -> None:
    """The call's request, state and status as they are now: one UPDATE, or for a call rolled as it is
    made (a test against an opposition the player knows) its one INSERT, not an INSERT and an UPDATE of
    the row just written."""
    if call.pk is None:
        call.save()
    else:
        call.save(update_fields=["request", "state", "status"])


def publish_call(call: RollCall, *, author, shown: bool = True) -> Roll:
    """The call's final state becomes one immutable roll in the log; a `shown`
    call also leaves the GM's and the player's cards."""
    call.status = RollCall.Status.ANSWERED
    save_call(call)  # before the roll, which names it
    roll = Roll.objects.create(
        campaign=call.campaign,
        author=author,
        character=call.character,
        kind=call.kind,
        call=call,
        request={**call.request, "label": call.label},
        outcome=call.state,
    )
    transaction.on_commit(lambda: (live.send_roll(roll), shown and live.send_call_closed(call)))
    return roll
