"""The table's talk in the log: messages out of character, in character and as emotes, whispers, and a roll
written inline (`/r 1d20+5`).

Who may read a message is decided here and nowhere else (`visible_messages`, `parties`): a message to the
table reaches every member; a whisper its writer and its recipients alone, and the GM too where the campaign
lets the GM read whispers (`Campaign.gm_reads_whispers`, which the table sees on its settings line; a
whisper keeps what the line said when it was sent, `Message.gm_reads`). Every
page, fragment, socket frame, catch-up, permalink and export reads messages through `visible_messages`.

A message's words are plain text: escaped wherever drawn, links made clickable by the template (`urlize`).
Its writer may edit or delete it for `EDIT_WINDOW`; the GM may hide any message. Deleted or hidden, its
words are gone from the database, and the line stays in the log saying who removed it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string

import rules
from campaigns.common import sources
from campaigns.common.inputs import text_problem
from campaigns.models import Campaign, Message, Roll
from campaigns.table import actions, live, state
from rules import notation as notation_dice

TEXT_MAX = 2000
EDIT_WINDOW = timedelta(minutes=5)
ROLL_LABEL_MAX = 100  # a roll's label, as the roll form's
TEMPLATE = "campaigns/_message.html"

# Roll20's commands, which players bring with them. `/r` may stand anywhere in the line ("I swing /r 1d20+5"):
# the notation is the word after it, the rest is what the roll is for.
_ROLL = re.compile(r"(?:^|\s)/(?:r|roll)\s+(\S+)", re.IGNORECASE)
_COMMAND = re.compile(r"^/(\w+)\b\s*", re.IGNORECASE)
COMMANDS = "/r (or /roll), /gmroll, /me and /w"


class ChatError(Exception):
    """What a writer is told when a message cannot be sent, edited or removed; nothing changed."""


@dataclass(frozen=True, slots=True)
class Said:
    """A message read from its box: its words, whether it is an emote, the notation it rolls (if any), and
    whom it whispers to by a command (`/w gm`, `/w name`, `/gmroll`), else None: the box's own choice."""

    text: str
    emote: bool = False
    notation: str | None = None
    whisper_to: tuple[str, ...] | None = None
    command: str = "/r"  # the roll's command as written, for its refusal


def read(line: str) -> Said:
    """The commands of one message. Refuses an unknown command or a roll without dice, with the way to
    write it (ChatError); the notation is checked by the rules when it is rolled."""
    text = line.strip()
    emote, whisper_to, rolled_by = False, None, "/r"
    command = _COMMAND.match(text)
    if command:
        name = command.group(1).lower()
        rest = text[command.end() :]
        if name == "me":
            emote, text = True, rest
        elif name == "w":
            who, text = ([*rest.split(maxsplit=1), "", ""])[:2]  # the name, then the words (after a space or a line)
            if not who:
                raise ChatError("Whisper to whom? Write /w gm, or /w and a player's name, then the message.")
            whisper_to = tuple(name for name in who.split(",") if name)
        elif name == "gmroll":
            whisper_to, text, rolled_by = ("gm",), "/r " + rest, "/gmroll"
        elif name not in ("r", "roll"):
            raise ChatError(f"There is no command /{command.group(1)}: use {COMMANDS}.")
    notation = None
    rolled = _ROLL.search(text)
    if rolled:
        notation = rolled.group(1)
        text = (text[: rolled.start()].rstrip() + " " + text[rolled.end() :].lstrip()).strip()
    elif re.match(r"^/(?:r|roll)\s*$", text, re.IGNORECASE):
        raise ChatError(f"Roll what? Write the dice after {rolled_by}, as in {rolled_by} 1d20+5.")
    if not text and notation is None:
        raise ChatError("Write a message first.")
    if len(text) > TEXT_MAX:
        raise ChatError(f"A message is at most {TEXT_MAX:,} characters; this one has {len(text):,}.")
    return Said(text=text, emote=emote, notation=notation, whisper_to=whisper_to, command=rolled_by)


@dataclass(frozen=True, slots=True)
class MessageView:
    """A message as the log draws it; the same for everyone who may read it (`campaigns/_message.html`)."""

    id: int
    campaign_id: int
    author: str
    style: str
    speaker: str
    text: str
    whisper: bool
    to: tuple[str, ...]  # a whisper's recipients, by name ("the GM" for the GM)
    rolled: dict | None  # a whispered roll: its notation, faces and total
    created_at: datetime
    edited: bool
    removed: str
    handout_id: int | None = None  # "The GM shared …": the line links to the handout (campaigns.table.handouts)
    is_message = True  # the log's template tells messages from rolls, marks and events by this

    @property
    def at(self) -> datetime:
        return self.created_at


def view(message: Message, recipients=None) -> MessageView:
    """`recipients`: the whisper's recipients, already read (the log prefetches them)."""
    campaign = message.campaign
    recipients = list(message.recipients.all()) if recipients is None and message.whisper else (recipients or [])
    names = tuple(
        "the GM" if user.pk == campaign.gm_id else user.get_username()
        for user in sorted(recipients, key=lambda user: (user.pk != campaign.gm_id, user.get_username()))
    )
    rolled = None
    if message.roll_id and not message.removed:
        roll = message.roll
        rolled = {"notation": roll.request["notation"], "faces": roll.outcome["faces"], "total": roll.outcome["total"]}
    return MessageView(
        id=message.pk,
        campaign_id=message.campaign_id,
        author=message.author.get_username(),
        style=message.style,
        speaker=message.speaker,
        text=message.text,
        whisper=message.whisper,
        to=names,
        rolled=rolled,
        created_at=message.created_at,
        edited=message.edited_at is not None,
        removed=message.removed,
        handout_id=message.handout_id,
    )


def visible_messages(campaign: Campaign, user):
    """The campaign's messages `user` may read, newest first: all to the table, and the whispers they wrote
    or were sent (every whisper for the GM where the campaign lets the GM read them)."""
    messages = campaign.messages.select_related("author", "campaign", "roll")
    readable = Q(whisper=False) | Q(author=user) | Q(recipients=user)
    if campaign.is_gm(user):
        readable |= Q(gm_reads=True)
    return messages.filter(readable).distinct()


def views(messages) -> list[MessageView]:
    """Views of a page of messages: the whispers' recipients read in one query."""
    messages = list(messages)
    whispers = [message.pk for message in messages if message.whisper]
    to: dict[int, list] = {pk: [] for pk in whispers}
    if whispers:
        through = Message.recipients.through.objects.filter(message_id__in=whispers).select_related("user")
        for row in through:
            to[row.message_id].append(row.user)
    return [view(message, to.get(message.pk, [])) for message in messages]


CHANGED_LATELY = 50


def changed_lately(campaign: Campaign, user) -> list[MessageView]:
    """The newest lines `user` may read that were edited or removed, as they are now: a table that was away
    when they changed puts them in place of its old lines (a line it does not show is dropped by the page)."""
    changed = visible_messages(campaign, user).filter(Q(edited_at__isnull=False) | ~Q(removed=""))
    return views(changed[:CHANGED_LATELY])


def may_read(message: Message, user) -> bool:
    return visible_messages(message.campaign, user).filter(pk=message.pk).exists()


def line_html(message: Message, *, oob: bool = False) -> str:
    """The message's line: put on top of the log (`oob`, a new one), or in place of its old line."""
    return render_to_string(f"{TEMPLATE}#{'message_oob' if oob else 'message_changed'}", {"m": view(message)})


def _groups(message: Message, recipients: list) -> list[str]:
    """The sockets a message goes to: the table's and the GM's, or a whisper's parties' own."""
    campaign = message.campaign
    if not message.whisper:
        return [live.gm_group(campaign.pk), live.table_group(campaign.pk)]
    parties = {message.author_id, *(user.pk for user in recipients)}
    groups = [live.player_group(campaign.pk, uid) for uid in sorted(parties) if uid != campaign.gm_id]
    if campaign.gm_id in parties or message.gm_reads:
        groups.insert(0, live.gm_group(campaign.pk))
    return groups


def fresh(message: Message) -> Message:
    """The message as stored now, with what its line shows read in the same query."""
    return Message.objects.select_related("author", "campaign", "roll").get(pk=message.pk)


def _send(message: Message, *, new: bool = False) -> None:
    message = fresh(message)
    recipients = list(message.recipients.all()) if message.whisper else []
    html = render_to_string(
        f"{TEMPLATE}#{'message_oob' if new else 'message_changed'}", {"m": view(message, recipients)}
    )
    live.send_to(_groups(message, recipients), html)


def recipients_for(campaign: Campaign, author, names: tuple[str, ...]) -> list:
    """The users a `/w` names ("gm" for the GM), refused unless the writer may whisper to each."""
    members = {campaign.gm.get_username().lower(): campaign.gm} | {
        membership.user.get_username().lower(): membership.user
        for membership in campaign.memberships.select_related("user")
    }
    found = []
    for name in names:
        user = campaign.gm if name.lower() in ("gm", "the gm") else members.get(name.lower())
        if user is None:
            raise ChatError(f"No one at this table is called {name!r}: whisper to gm, or to a player's name.")
        found.append(user)
    return found


def check_whisper(campaign: Campaign, author, recipients: list, *, rolls: bool = False) -> None:
    """Refused unless the writer may whisper to each recipient (`rolls`: the whisper rolls dice)."""
    if not recipients:
        return
    if rolls and campaign.is_gm(author) and [user.pk for user in recipients] == [author.pk]:
        return  # the GM's own secret roll (`/gmroll`)
    if any(user.pk == author.pk for user in recipients):
        raise ChatError("A whisper goes to someone else: choose who is to read it.")
    if campaign.is_gm(author) or campaign.whispers_between_players:
        return
    if any(user.pk != campaign.gm_id for user in recipients):
        raise ChatError("At this table a player whispers to the GM alone (the GM's campaign setting).")


def post(
    campaign: Campaign, author, said: Said, *, speaker: str = "", character=None, recipients: list | None = None
) -> Message | Roll:
    """Write one message, or roll its `/r` at the table: a roll to everyone is a roll in the log (its words
    the roll's label); a roll whispered to the GM alone is the GM's secret row and a whisper that shows its
    writer what they rolled; the GM's own (`/gmroll`, `/w gm /r`) is the GM's secret roll, as the roll
    form's. `character`: the writer's character spoken as, whose roll it is."""
    recipients = recipients or []
    check_whisper(campaign, author, recipients, rolls=said.notation is not None)
    own_secret = campaign.is_gm(author) and [user.pk for user in recipients] == [author.pk]
    recipients = [] if own_secret else recipients
    if said.notation is not None:
        try:
            notation = str(notation_dice.parse(said.notation))
        except rules.RulesError as error:
            raise ChatError(f"{said.command} {said.notation}: {error}") from error
        if not recipients:
            label = said.text if len(said.text) <= ROLL_LABEL_MAX else said.text[: ROLL_LABEL_MAX - 1] + "…"
            return actions.roll_notation(
                campaign, author, notation=notation, character=character, label=label, secret=own_secret
            )
        if any(user.pk != campaign.gm_id for user in recipients):
            raise ChatError("A roll in a whisper goes to the GM alone. To roll for everyone, leave out the whisper.")
    style = Message.Style.EMOTE if said.emote else Message.Style.IC if speaker else Message.Style.OOC
    with transaction.atomic():
        roll = None
        if said.notation is not None:
            # The words stay the message's alone (the roll has no label), so that removing the message takes them
            # from the database: a roll is never changed.
            roll = actions.roll_notation(
                campaign, author, notation=notation, character=character, secret=True, whispered=True
            )
        message = Message.objects.create(
            campaign=campaign,
            author=author,
            style=style,
            speaker=speaker,
            text=said.text,
            whisper=bool(recipients),
            gm_reads=bool(recipients) and campaign.gm_reads_whispers,
            roll=roll,
        )
        if recipients:
            message.recipients.set(recipients)
        transaction.on_commit(lambda: _send(message, new=True))
    return message


def announce(campaign: Campaign, author, text: str, *, recipients=(), handout=None) -> Message:
    """A line the app writes in its writer's name (the GM sharing a handout): to the table, or whispered to
    `recipients` alone; sent to their open tables after the commit."""
    message = Message.objects.create(
        campaign=campaign, author=author, text=text, whisper=bool(recipients), handout=handout
    )
    if recipients:
        message.recipients.set(recipients)
    transaction.on_commit(lambda: _send(message, new=True))
    return message


def _own_and_recent(message: Message, user) -> None:
    if message.author_id != user.pk:
        raise ChatError("Only its writer can change a message.")
    if message.removed:
        raise ChatError("This message was removed.")
    if sources.now() - message.created_at > EDIT_WINDOW:
        minutes = EDIT_WINDOW // timedelta(minutes=1)
        raise ChatError(f"A message can be changed for {minutes} minutes after it is sent; this one is older.")


def editable(message: Message, user) -> bool:
    try:
        _own_and_recent(message, user)
    except ChatError:
        return False
    return True


def edit(message: Message, user, text: str) -> None:
    _own_and_recent(message, user)
    text = text.strip()
    if not text:
        raise ChatError("A message needs words; to take it back, delete it.")
    problem = text_problem(text, multiline=True)
    if problem:
        raise ChatError(problem)
    if len(text) > TEXT_MAX:
        raise ChatError(f"A message is at most {TEXT_MAX:,} characters; this one has {len(text):,}.")
    if not Message.objects.filter(pk=message.pk, removed="").update(text=text, edited_at=sources.now()):
        raise ChatError("This message was removed.")  # by the GM, while the change was on its way
    state.changed(message.campaign_id)
    transaction.on_commit(lambda: _send(message))


def delete(message: Message, user) -> None:
    _own_and_recent(message, user)
    _remove(message, Message.Removed.BY_AUTHOR)


def hide(message: Message, gm) -> None:
    if not message.campaign.is_gm(gm):
        raise ChatError("Only the GM can remove someone's message.")
    if message.removed:
        raise ChatError("This message was removed already.")
    _remove(message, Message.Removed.BY_GM)


def _remove(message: Message, how: str) -> None:
    """The words gone from the database, the line kept: the log says who removed it."""
    if not Message.objects.filter(pk=message.pk, removed="").update(text="", speaker="", removed=how):
        raise ChatError("This message was removed already.")
    state.changed(message.campaign_id)
    transaction.on_commit(lambda: _send(message))
