"""What every system's multi-step call shares: lock it in the expected status,
and publish it as one roll event when it is done."""

from __future__ import annotations

from django.db import transaction

from campaigns import live
from campaigns.actions import ActionError
from campaigns.models import Roll, RollCall


def locked_call(call_id: int, kind: str, status: str, waiting: dict[str, str]) -> RollCall:
    """The call, row-locked, if it is in `status`; otherwise ActionError with the
    system's sentence for the status it is in (`waiting`), or "over"."""
    call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id, kind=kind)
    if call.status != status:
        raise ActionError(waiting.get(call.status, "This roll is over."))
    return call


def publish_call(call: RollCall, *, author, shown: bool = True) -> Roll:
    """The call's final state becomes one immutable roll in the log; a `shown`
    call also leaves the GM's and the player's cards."""
    roll = Roll.objects.create(
        campaign=call.campaign,
        author=author,
        character=call.character,
        kind=call.kind,
        call=call,
        request={**call.request, "label": call.label},
        outcome=call.state,
    )
    call.status = RollCall.Status.ANSWERED
    call.save(update_fields=["request", "state", "status"])
    transaction.on_commit(lambda: (live.send_roll(roll), shown and live.send_call_closed(call)))
    return roll
