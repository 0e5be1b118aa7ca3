"""The GM's commitments written and revealed; the canonical string and what the table may
see of a commitment are campaigns.secrets.commitments'. When each system reveals, and why, is on its rules page."""

from __future__ import annotations

import secrets

from django.db.models import Q

from campaigns.common import sources
from campaigns.models import Commitment, RollCall
from campaigns.secrets.commitments import digest_of
from campaigns.table import events, state

Reveal = Commitment.Reveal


def commit(campaign, *, kind: str, value, about: str, reveal: str, call=None, gm_only: bool = False) -> Commitment:
    """Commit to the GM's secret `value` (within the caller's transaction, before the dice fall) and tell
    the table its digest in a log line. `reveal`: when the value is shown (`Commitment.Reveal`; RESULT is
    for a call whose roll shows the table its target, `reveal_for_roll`).
    `gm_only`: the table may not even know the secret exists yet (d100's GM's own secret test)."""
    text = " ".join(str(value).split())
    salt = secrets.token_hex(16)
    commitment = Commitment.objects.create(
        campaign_id=campaign.pk,
        call=call,
        kind=kind,
        about=about,
        value=text,
        salt=salt,
        digest=digest_of(campaign.pk, kind, text, salt),
        reveal=reveal,
    )
    kept = ", which stays secret for good" if reveal == Reveal.NEVER else ""
    events.record(campaign, "commitment", f"The GM committed to {about}{kept}.", gm_only=gm_only, commitment=commitment)
    return commitment


def reveal(commitment: Commitment) -> bool:
    """Show the value and the salt beside the digest, once, with a log line; False if already shown or
    never to be."""
    if commitment.reveal == Reveal.NEVER:
        return False
    now = sources.now()
    if not Commitment.objects.filter(pk=commitment.pk, revealed_at=None).update(revealed_at=now):
        return False
    state.changed(commitment.campaign_id)
    commitment.revealed_at = now
    events.record(commitment.campaign, "reveal", f"The GM revealed {commitment.about}.", commitment=commitment)
    return True


def reveal_for_roll(roll) -> None:
    """A called roll is published with its target shown to the table (`Roll.reveal`, the GM's choice on a
    call): the call's secrets revealed with the result are shown (one query). Any other roll costs no
    query (tests/perf/test_roll_queries.py): the systems' secrets wait for the session's end, or for ever."""
    if roll.call_id is None or not roll.reveal.get("target"):
        return
    waiting = Commitment.objects.filter(call_id=roll.call_id, revealed_at=None, reveal=Reveal.RESULT)
    for commitment in waiting.select_related("campaign"):
        reveal(commitment)


def reveal_at_session_end(campaign_id: int) -> None:
    """The session ends: the secrets kept until then are shown, each once its roll is over (a call still
    waiting keeps its secret until a later session's end)."""
    over = Q(call=None) | Q(call__status__in=(RollCall.Status.ANSWERED, RollCall.Status.CANCELLED))
    waiting = Commitment.objects.filter(over, campaign_id=campaign_id, revealed_at=None, reveal=Reveal.SESSION_END)
    for commitment in waiting.select_related("campaign").order_by("id"):
        reveal(commitment)


def announce_kept(commitment_id: int, campaign, about: str) -> None:
    """A secret the table learns of only later (d100's GM's own secret test, when the GM reveals the
    test): its commitment, made before the dice fell, is shown now, still kept."""
    commitment = Commitment.objects.filter(pk=commitment_id, campaign_id=campaign.pk).first()
    if commitment is not None:
        events.record(
            campaign,
            "commitment",
            f"Before rolling, the GM committed to {about}, which stays secret for good.",
            commitment=commitment,
        )
