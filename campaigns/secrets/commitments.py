"""Committed secrets: "did the GM really set that difficulty before I rolled?"

When the GM sets a secret a player rolls against, `campaigns.table.commitment_actions.commit` stores it with
a random salt and tells the table at once, in a log line, the SHA-256 of one canonical string:

    fivefold-commit:v1|<campaign id>|<kind>|<value>|<salt>

`<campaign id>` is the campaign's number (its address, /campaigns/<id>/), `<kind>` a lowercase word
(difficulty, target, opposition, misfortune), `<value>` the secret as text (no line break), `<salt>` 32 hex
digits, lowercase (`secrets.token_hex(16)`). The fields are split at the first three bars and the last one, so a
value may even hold a bar and the string still reads one way. The digest is 64 lowercase hex digits. Anyone
can check a revealed secret by hand (docs/user-guide.md#checking-the-gms-secrets):

    printf '%s' 'fivefold-commit:v1|12|difficulty|7|<salt>' | sha256sum

When the rules' moment comes (`Commitment.reveal`: the result is published, campaigns.table.signals; or the
session ends, campaigns.table.actions), the value and the salt are shown beside the digest, and
static/fivefold/verify.js recomputes the digest in the browser. A secret the rules keep for good
(`Reveal.NEVER`: d100's secret tests) stays committed and unrevealed, and the page says so.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from campaigns.models import Commitment

PREFIX = "fivefold-commit:v1"


def canonical(campaign_id: int, kind: str, value: str, salt: str) -> str:
    """The one string whose SHA-256 is the commitment (the module's docstring says how it reads)."""
    return f"{PREFIX}|{campaign_id}|{kind}|{value}|{salt}"


def digest_of(campaign_id: int, kind: str, value: str, salt: str) -> str:
    return hashlib.sha256(canonical(campaign_id, kind, value, salt).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class CommitmentView:
    """A commitment as the table may see it: the value and the salt only once revealed."""

    id: int
    campaign_id: int
    kind: str
    about: str
    digest: str
    kept_secret: bool  # never revealed (Commitment.Reveal.NEVER)
    reveal_words: str  # when it will be
    value: str | None
    salt: str | None

    @property
    def revealed(self) -> bool:
        return self.value is not None

    @property
    def canonical(self) -> str | None:
        return canonical(self.campaign_id, self.kind, self.value, self.salt) if self.revealed else None


def reveal_words(commitment: Commitment) -> str:
    """When the value will be shown. A secret with no roll (d100's Misfortune pool, set as a session starts)
    waits for that session's end alone, not for "the roll" to be over. A roll's secret is shown at the end of
    the first session that ends after its roll is over: a call made between sessions, or whose player rolls
    after the session, waits for a later one, so the words name no session ("the session" promised a
    reveal when the running one ended, and a call made between sessions has none)."""
    if commitment.reveal == Commitment.Reveal.SESSION_END:
        if commitment.call_id is None:
            return "When the session ends"
        return "When a session ends after the roll is over"
    return commitment.get_reveal_display()


def view(commitment: Commitment | None) -> CommitmentView | None:
    if commitment is None:
        return None
    revealed = commitment.revealed_at is not None
    return CommitmentView(
        id=commitment.pk,
        campaign_id=commitment.campaign_id,
        kind=commitment.kind,
        about=commitment.about,
        digest=commitment.digest,
        kept_secret=commitment.reveal == Commitment.Reveal.NEVER,
        reveal_words=reveal_words(commitment),
        value=commitment.value if revealed else None,
        salt=commitment.salt if revealed else None,
    )
