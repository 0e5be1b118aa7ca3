"""Every write that changes the table goes through one named action here.

Views validate input with forms and call these; each runs in one transaction
and announces its event to the live table only after the commit.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction

from campaigns.common import sources
from campaigns.common.audience import SessionMark
from campaigns.models import Campaign, Commitment, GameSession, Membership, Roll, RollCall, new_invite_token
from campaigns.plugins.notation_kind import CALL_REVEAL_DEFAULT, REVEAL_ALL
from campaigns.table import commitment_actions, events, live, state
from rules import notation as notation_dice
from rules.dice import Comparison


class ActionError(Exception):
    """The action cannot happen in the table's current state; the message says why."""


def create_campaign(gm, *, name: str, system: str, settings: dict) -> Campaign:
    with transaction.atomic():
        campaign = Campaign(gm=gm, name=name, system=system, settings=settings)
        campaign.full_clean()
        campaign.save()
        if not gm.is_staff:  # GMs run their campaigns in the admin
            gm.is_staff = True
            gm.save(update_fields=["is_staff"])
    return campaign


def regenerate_invite(campaign: Campaign, lifetime: timedelta | None = None) -> None:
    """A new token: the old link stops working at once. With a lifetime, the new one
    stops working by itself after it; without, only when the GM makes another."""
    campaign.invite_token = new_invite_token()
    campaign.invite_expires_at = None if lifetime is None else sources.now() + lifetime
    campaign.save(update_fields=["invite_token", "invite_expires_at"])


def join_campaign(user, campaign: Campaign) -> Membership:
    if campaign.invite_has_expired(sources.now()):
        raise ActionError("This invite link has expired. Ask your GM for a new one.")
    if campaign.is_gm(user):
        raise ActionError("You run this campaign; players join it through this link.")
    if campaign.archived_at is not None:  # read-only (campaigns.life.lifecycle), seats included
        raise ActionError(f"{campaign.name} is archived: nobody can join it until the GM brings it back.")
    try:
        with transaction.atomic():
            membership = Membership.objects.create(campaign=campaign, user=user)
            events.record(campaign, "joined", f"{user.get_username()} joined the table")
            transaction.on_commit(lambda: live.send_session_controls(campaign))
            return membership
    except IntegrityError:
        raise ActionError(f"You have already joined {campaign.name}.") from None


def remove_player(membership: Membership) -> None:
    """The GM removes a player, or the player leaves. Their characters stay in
    the campaign's records; their open table is told and closed, and the calls
    waiting for them are cancelled (campaigns.table.signals, which hears of a seat deleted
    in the admin too, so both ways do the same: close_calls_of_removed_player)."""
    membership.delete()


# A removed player's calls: one not rolled yet, or rolled and waiting on their choices
# (Wrench uses, Profit and Waste, wiggle dice), nobody can finish now, so it is cancelled; one
# waiting on the GM alone (the Exec's Hammer) is the GM's to finish, and goes to the log as rolled.
# Published on /rules/#calls-of-a-removed-player.
WAITING_ON_THE_PLAYER = (RollCall.Status.PENDING, RollCall.Status.PLAYER_TURN)


def close_calls_of_removed_player(campaign_id: int, user_id: int) -> list[RollCall]:
    """Cancel the open calls of `user_id`'s characters in the campaign that wait on them,
    and take them off every table after the commit. Called as their seat is deleted."""
    with transaction.atomic():
        waiting = list(
            RollCall.objects.select_for_update().filter(
                campaign_id=campaign_id, character__owner_id=user_id, status__in=WAITING_ON_THE_PLAYER
            )
        )
        RollCall.objects.filter(pk__in=[call.pk for call in waiting]).update(status=RollCall.Status.CANCELLED)
        state.changed(campaign_id)
        for call in waiting:
            transaction.on_commit(lambda call=call: live.send_call_closed(call))
    return waiting


def _roll(notation_text: str) -> dict:
    parsed = notation_dice.parse(notation_text)
    result = notation_dice.roll(parsed, sources.dice())
    rolled = {
        "notation": str(parsed),
        "faces": [[die.value for die in pool] for pool in result.dice],
        "total": result.total,
    }
    if parsed.plain is None:  # plain rolls keep their old shape: faces and total say it all
        rolled["dice"] = [
            [{"rolls": list(d.rolls), "rerolled": list(d.rerolled), "dropped": d.dropped} for d in pool]
            for pool in result.dice
        ]
        rolled["counts_successes"] = parsed.counts_successes
    return rolled


def _outcome(rolled: dict) -> dict:
    return {key: value for key, value in rolled.items() if key != "notation"}


def roll_after(original: Roll, author, changes: dict, outcome: dict, **fields) -> Roll:
    """A row that changes `original`'s result (a re-roll, a +5, a reveal, the GM's ruling): a roll is never
    changed (campaigns.models.Roll), so the change is a row of its own, for the same campaign, character
    and kind, its request the original's with `changes`; `fields`: the row's others (its visibility).
    One INSERT; the caller sends it to the table."""
    return Roll.objects.create(
        campaign=original.campaign,
        author=author,
        character=original.character,
        kind=original.kind,
        request={**original.request, **changes},
        outcome=outcome,
        **fields,
    )


def roll_notation(
    campaign: Campaign,
    author,
    *,
    notation: str,
    target: int | None = None,
    comparison: Comparison = Comparison.AT_LEAST,
    character=None,
    label: str = "",
    secret: bool = False,
    whispered: bool = False,
) -> Roll:
    """Roll plain notation at the table; a secret roll (GM only) reaches only the GM. `whispered`: a player's
    roll whispered to the GM (campaigns.table.chat), secret from the table; the whisper shows it its roller."""
    if secret and not campaign.is_gm(author) and not whispered:
        raise ActionError("Only the GM can roll secretly.")
    rolled = _roll(notation)
    success = None if target is None else comparison.holds(rolled["total"], target)
    # One INSERT commits by itself (no BEGIN and COMMIT round trips); on_commit then sends at
    # once, or after the caller's transaction if there is one.
    roll = Roll.objects.create(
        campaign=campaign,
        author=author,
        character=character,
        request={"notation": rolled["notation"], "target": target, "comparison": comparison, "label": label},
        outcome={**_outcome(rolled), "success": success},
        visibility=Roll.Visibility.GM if secret else Roll.Visibility.TABLE,
        reveal=REVEAL_ALL,
    )
    transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def announce_call(call: RollCall, what: str, *, by: str = "The GM") -> None:
    """A call just made, in the caller's transaction: its card reaches the table after the commit, then
    the log's line says who is asked to roll `what` (`events.called`)."""
    transaction.on_commit(lambda: live.send_call_opened(call))  # the card first, then the log's line
    events.called(call.campaign, call.character, what, by=by)


def call_for_roll(
    campaign: Campaign,
    *,
    character,
    notation: str,
    target: int,
    comparison: Comparison = Comparison.AT_LEAST,
    label: str = "",
    reveal: dict | None = None,
) -> RollCall:
    """The GM asks a character's player for a roll; the target stays with the GM."""
    parsed = notation_dice.parse(notation)
    with transaction.atomic():
        call = RollCall.objects.create(
            campaign=campaign,
            character=character,
            label=label,
            request={"notation": str(parsed), "target": target, "comparison": comparison},
            reveal={**CALL_REVEAL_DEFAULT, **(reveal or {})},
        )
        announce_call(call, label or (str(parsed) if call.reveal.get("dice") else "the dice"))
        # Revealed with the result when the GM shows the table the target; otherwise kept.
        shown = Commitment.Reveal.RESULT if call.reveal.get("target") else Commitment.Reveal.NEVER
        commitment_actions.commit(
            campaign,
            kind="target",
            value=f"{Comparison(comparison).label} {target}",
            about=f"the target of {character.name}'s roll",
            reveal=shown,
            call=call,
        )
    return call


def answerable_call(call_id: int, player) -> RollCall:
    """The call, row-locked (on SQLite the immediate write lock) so that two clicks answer it once, if it
    waits on `player`'s character; otherwise ActionError saying why not. Within the caller's transaction."""
    call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id)
    if call.character.owner_id != player.pk:
        raise ActionError("This call is for another player's character.")
    if call.status == RollCall.Status.CANCELLED:
        raise ActionError("The GM cancelled this call.")
    if call.status != RollCall.Status.PENDING:
        raise ActionError("This call has already been answered.")
    return call


def answer_call(call_id: int, player) -> Roll:
    """The player rolls what the GM called for, once (`answerable_call`)."""
    with transaction.atomic():
        call = answerable_call(call_id, player)
        rolled = _roll(call.request["notation"])
        comparison = Comparison(call.request["comparison"])
        roll = Roll.objects.create(
            campaign_id=call.campaign_id,
            author=player,
            character=call.character,
            call=call,
            request={**call.request, "label": call.label},
            outcome={
                **_outcome(rolled),
                "success": comparison.holds(rolled["total"], call.request["target"]),
            },
            reveal=call.reveal,
        )
        call.status = RollCall.Status.ANSWERED
        call.save(update_fields=["status"])
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_call_closed(call)))
    return roll


def cancel_call(call: RollCall) -> None:
    with transaction.atomic():
        updated = RollCall.objects.filter(pk=call.pk, status=RollCall.Status.PENDING).update(
            status=RollCall.Status.CANCELLED
        )
        if not updated:
            raise ActionError("This call was already answered or cancelled.")
        state.changed(call.campaign_id)
        transaction.on_commit(lambda: live.send_call_closed(call))


def self_test(call: RollCall, number: str, roll: Callable[[RollCall], object]) -> RollCall:
    """A player's own test, `call` (not saved yet): while its `number` (a difficulty, an opposition) is the
    GM's to set in secret, it waits on the GM's table as an open call; with the number known, `roll` rolls it
    at once."""
    with transaction.atomic():
        if call.request[number] is None:
            call.save()
            transaction.on_commit(lambda: live.send_call_opened(call))
        else:
            roll(call)
    return call


def refuse_secret_number(call: RollCall, gm, number: str, test: str) -> None:
    """ActionError unless `gm` runs the campaign and `call`'s `number` is still the GM's secret to set."""
    if not call.campaign.is_gm(gm):
        raise ActionError(f"Only the GM sets the {number}.")
    if not call.request.get("secret"):
        raise ActionError(f"This {test}'s {number} is already known.")


def refuse_contest_side(call: RollCall, player, number: str, test: str) -> None:
    """ActionError unless `call` is a contest the GM called (it names an `opponent`) for `player`'s character:
    a player's own test waits on the GM's secret `number` instead."""
    if call.character.owner_id != player.pk:
        raise ActionError(f"This {test} is for another player's character.")
    if "opponent" not in call.request:
        raise ActionError(f"The GM sets this {test}'s {number}.")


def set_secret_number(call: RollCall, number: str, value, *, test: str, reveal: str) -> None:
    """The GM's secret `number` for a player's own test: written into the call's request and committed
    to (shown at `reveal`, `Commitment.Reveal`), in the caller's transaction, before the dice fall."""
    call.request = {**call.request, number: value}
    about = f"the {number} of {call.character.name}'s {test}"
    commitment_actions.commit(call.campaign, kind=number, value=value, call=call, about=about, reveal=reveal)


def start_session(campaign: Campaign, gm, **system_inputs) -> GameSession:
    """The GM starts the next session: a session still going ends now, and the system
    refills and resets what its rules refill at a session start (d100: the Fortune pool),
    from `system_inputs` (its adapter's `session_form`)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM starts a session.")
    with transaction.atomic():
        Campaign.objects.select_for_update().filter(pk=campaign.pk).exists()  # one start at a time
        marks = []
        going = campaign.game_sessions.filter(ended_at=None).first()
        if going is not None:
            marks.append(_end(going))
        last_number = going.number if going else campaign.game_sessions.values_list("number", flat=True).first()
        session = GameSession.objects.create(campaign=campaign, number=(last_number or 0) + 1)
        # After the new session's row: what the system refills is the new session's story, a line
        # in the log after its start mark (campaigns.table.events).
        campaign.adapter.session_started(campaign, gm, **system_inputs)
        marks.append(SessionMark(session.number, True, session.started_at))
        transaction.on_commit(lambda: live.send_session_marks(campaign, session, marks))
    return session


def end_session(campaign: Campaign, gm) -> GameSession:
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM ends a session.")
    with transaction.atomic():
        session = campaign.game_sessions.select_for_update().filter(ended_at=None).first()
        if session is None:
            raise ActionError("No session is going; start one first.")
        mark = _end(session)
        transaction.on_commit(lambda: live.send_session_marks(campaign, None, [mark]))
    return session


def _end(session: GameSession) -> SessionMark:
    commitment_actions.reveal_at_session_end(session.campaign_id)  # before the mark: the lines are this session's
    session.ended_at = sources.now()
    session.save(update_fields=["ended_at"])
    return SessionMark(session.number, False, session.ended_at)
