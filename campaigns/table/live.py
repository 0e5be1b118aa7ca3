"""Live table updates: render each event once per audience and send it to
that audience's Channels group. Consumers only forward what they receive.

Groups: `campaign-<id>-table` (players), `campaign-<id>-gm` (the GM's sockets,
which do not join the table group, so no event shows twice) and
`campaign-<id>-user-<uid>` (one player's own calls). The player group is per
campaign, not per user, so a player's other campaigns never receive it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.template.loader import render_to_string
from django.utils.html import format_html

from campaigns.common.audience import Audience
from campaigns.models import RollCall
from campaigns.plugins.registry import live_panel_for, panel_for
from campaigns.secrets.visibility import call_view
from campaigns.table import last_roll, rows

TABLE = "campaigns/table.html"
ROLL_OOB = '<div hx-swap-oob="afterbegin:#log">{}</div>'  # a new row, on top of the log
SEND_TIMEOUT = 3  # seconds: a send takes milliseconds; a Redis that hangs must not hold up the answer
CHECK_TIMEOUT = 1  # seconds: the health check's round trip takes milliseconds; a load balancer waits a few
logger = logging.getLogger(__name__)


def table_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}-table"


def gm_group(campaign_id: int) -> str:
    return f"campaign-{campaign_id}-gm"


def player_group(campaign_id: int, user_id: int) -> str:
    return f"campaign-{campaign_id}-user-{user_id}"


def groups_for(campaign, user) -> list[str]:
    """The groups a member's socket joins; none for anyone else."""
    if campaign.is_gm(user):
        return [gm_group(campaign.pk)]
    if campaign.memberships.filter(user=user).exists():
        return [table_group(campaign.pk), player_group(campaign.pk, user.pk)]
    return []


class _LayerLoop:
    """One event loop per process, on its own thread, for a cross-process layer (Redis).

    `async_to_sync` from a plain WSGI thread makes a new event loop for every call, and
    channels_redis keeps its connections per loop: every event paid a new Redis connection
    (bench/: 4 ms a send; channels_redis#100, #125). On a loop that lives as long as the
    process, the connections are reused. Started on first use, so after gunicorn forks.

    The request does not wait for its sends (a roll's worker sat idle for the trip to Redis):
    they are queued, and the loop sends them one after another, in the order they were made.

    A kept connection outlives Redis: after a restart, the first command on it fails ("Connection
    closed by server") and the pool opens a new one for the next. So a message that fails is sent
    again, at once and then after longer and longer pauses, for up to RETRY_FOR, the events behind
    it waiting their turn: an open table must not miss a roll that the next one covers up (its
    catch-up asks for what came after its newest roll). Redis still away after that: the message is
    given up, and its groups are owed a catch-up; each owed group's tables are told to catch up
    (CATCH_UP, static/fivefold/table.js) before anything else is sent to it, as soon as Redis
    answers, and the events sent meanwhile try once each, not holding up the queue again. A Redis
    that hangs fills the queue, whose newest events are then dropped, and their groups owed."""

    QUEUED = 1000
    RETRY_FOR = 30.0  # seconds: a restart takes a second or two; a Redis away longer is down
    PAUSES = (0, 0.05, 0.1, 0.2, 0.5, 1.0)  # between tries, the last one repeated

    def __init__(self):
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue | None = None
        self._lock = threading.Lock()
        self._owed: dict[str, None] = {}  # groups whose tables missed a message, in the order they did

    def _start(self) -> None:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                self._queue = asyncio.Queue(self.QUEUED)
                threading.Thread(target=loop.run_forever, name="channel-layer", daemon=True).start()
                asyncio.run_coroutine_threadsafe(self._send_queued(), loop)
                self._loop = loop

    def submit(self, messages: list[tuple[str, dict]], layer) -> None:
        """Queue the (group, message) pairs for `layer`'s group_send, without waiting for them."""
        if self._loop is None:
            self._start()
        self._loop.call_soon_threadsafe(self._put, messages, layer)

    def run(self, coroutine, timeout: float):
        """Run `coroutine` on the process's loop, with the connections the sends use, and wait at most
        `timeout` seconds for its result (a loop held up by a hanging Redis must not hold the caller)."""
        if self._loop is None:
            self._start()
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise

    def _put(self, messages, layer) -> None:
        try:
            self._queue.put_nowait((messages, layer))
        except asyncio.QueueFull:
            for group, _message in messages:
                self._owed[group] = None
            logger.error("A live update was dropped (%d waiting); its tables are told to catch up", self.QUEUED)

    async def _send_queued(self) -> None:
        while True:
            try:
                # Owing a catch-up, the loop does not wait for the next event to tell the tables.
                messages, layer = await asyncio.wait_for(self._queue.get(), self.PAUSES[-1] if self._owed else None)
            except TimeoutError:
                messages, layer = [], self._last_layer
            self._last_layer = layer
            owed, self._owed = self._owed, {}
            pending = [(group, CATCH_UP_MESSAGE) for group in owed] + list(messages)
            await self._send(pending, layer, patient=not owed)

    _last_layer = None

    async def _send(self, pending: list[tuple[str, dict]], layer, *, patient: bool) -> None:
        """Send each message once, in order; a failed one again while `patient` and within RETRY_FOR."""
        deadline = time.monotonic() + self.RETRY_FOR
        tries = 0
        while pending:
            group, message = pending[0]
            try:
                await asyncio.wait_for(layer.group_send(group, message), SEND_TIMEOUT)
            except Exception:
                pause = self.PAUSES[min(tries, len(self.PAUSES) - 1)]
                tries += 1
                if patient and time.monotonic() + pause < deadline:
                    if tries == 1:
                        logger.warning("A live update could not be sent; trying again", exc_info=True)
                    await asyncio.sleep(pause)
                    continue
                for group, _message in pending:
                    self._owed[group] = None
                if patient:  # once, not on every try while Redis stays away
                    logger.exception("A live update could not be sent; its tables are told to catch up when it answers")
                return
            pending.pop(0)
            tries = 0


_layer_loop = _LayerLoop()
# Tells an open table to fetch what it missed (static/fivefold/table.js), as after a dropped socket.
CATCH_UP = '<template data-live="catch-up"></template>'
CATCH_UP_MESSAGE = {"type": "table.event", "html": CATCH_UP}
# Tells an open table that what waits on its viewer may have changed: its "Needs you" strip fetches itself
# again (static/fivefold/needs.js). Only the messages that change a call carry it, as the strip lists calls
# alone (campaigns.table.needs): fetched after every message, each roll made every open table fetch its
# strip, and that fan-in held the machine to a quarter of the tables it serves (bench/, the capacity row).
NEEDS_CHANGED = '<template data-live="needs"></template>'


def _deliver(messages: list[tuple[str, dict]]) -> None:
    """Send the (group, message) pairs to the channel layer from sync code. The in-memory layer
    (the embedded default) lives in the ASGI server's own loop: asgiref hops onto it. A
    cross-process layer's sends go to the process's own loop, and the request goes on.

    A failed send never fails the request: the event is already committed, and its author must
    get their answer, not a server error that makes them roll again. The process's loop tries
    again, then tells the tables to catch up (_LayerLoop)."""

    async def send(layer) -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        layer = get_channel_layer()
        if isinstance(layer, InMemoryChannelLayer):
            async_to_sync(send)(layer)
        else:
            _layer_loop.submit(messages, layer)
    except Exception:
        logger.exception("A live update could not be sent; the tables catch up when they reconnect")


def check_layer(timeout: float = CHECK_TIMEOUT) -> None:
    """The health check's (config/health.py) question to the channel layer: a message sent to a channel
    of its own and received back within `timeout` seconds, or an exception. A cross-process layer's
    round trip runs on the process's own loop, as its sends do: a probe every few seconds from WSGI
    would otherwise open a Redis connection each time (_LayerLoop). The channel is new every time, so
    no consumer reads it and no other check's message lands on it; a message left behind by a check
    that gave up expires with the layer's own expiry."""
    layer = get_channel_layer()
    channel = f"healthz.{secrets.token_hex(8)}"

    async def round_trip() -> None:
        await layer.send(channel, {"type": "healthz"})
        received = await layer.receive(channel)
        if received.get("type") != "healthz":
            raise RuntimeError(f"The channel layer gave back another message: {received!r}")

    async def within() -> None:
        await asyncio.wait_for(round_trip(), timeout)

    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(within)()  # the layer lives in the server's own loop (see _deliver)
    else:
        _layer_loop.run(within(), timeout + 1)


def _send_all(messages: list[tuple[str, str]]) -> None:
    """One event's messages in one trip to the channel layer."""
    if messages:
        _deliver([(group, {"type": "table.event", "html": html}) for group, html in messages])


def send_to(groups: list[str], html: str) -> None:
    """One piece of HTML to each of `groups` (a message of the table's talk, to those who may read it)."""
    _send_all([(group, html) for group in groups])


def send_gm(campaign_id: int, html: str) -> None:
    """A part of the GM's screen drawn again (out of band) for the GM's open tables alone."""
    _send_all([(gm_group(campaign_id), html)])


def send_session_controls(campaign) -> None:
    """A seat taken or given up: the GM's session form again, for a form whose defaults count the players (d100's
    Fortune refill is players + 1). A Session tab opened before a player joined would otherwise start the session
    with the count of before. What the GM had typed stays (static/fivefold/table.js)."""
    form = campaign.adapter.session_form(campaign)
    if not form.fields:
        return
    session = campaign.game_sessions.filter(ended_at=None).first()
    context = {"campaign": campaign, "session": session, "session_form": form, "oob": True}
    send_gm(campaign.pk, render_to_string("campaigns/table.html#session_controls", context))


def send_check_changed(roll, changed_id: int) -> None:
    """A check changed by someone other than its roller (Zener Gate's +5 from another player's character): the
    roller's open tables draw the new standing result on the card, with what it still allows, where the card's
    last roll still shows the row it changed. A newer roll there stays: a live message's swap that finds no
    target is dropped (static/fivefold/table.js)."""
    character = roll.character
    if character is None or character.owner_id is None or character.retired_at is not None:
        return
    target = f"outerHTML:#card-{character.pk}-last[data-last=roll-{changed_id}]"
    area = last_roll.html(roll.campaign, character, character.owner, oob=target, roll=roll)
    _send_all([(player_group(roll.campaign_id, character.owner_id), area)])


def roll_html(roll, audience: Audience) -> str | None:
    """The roll's row as `audience` gets it live (out of band, on top of #log), or None if it may
    not see the roll. Rendered once per roll and audience and kept on the roll: the roller's own
    answer (campaigns.pages.views.roll) is the very message their socket gets, not a third rendering
    of the row, whichever of the two comes first (on_commit may wait for the caller's
    transaction)."""
    rendered = roll.__dict__.get("_live_html")
    if rendered is None:
        rendered = roll.__dict__["_live_html"] = {
            shown: None if row is None else format_html(ROLL_OOB, rows.fill_tokens(row))
            for shown, row in rows.new_rows(roll).items()  # and kept for the next page loads
        }
    return rendered[Audience.GM if audience is Audience.GM else Audience.TABLE]


def send_roll(roll) -> None:
    messages = []
    for audience, group in ((Audience.GM, gm_group), (Audience.TABLE, table_group)):
        html = roll_html(roll, audience)
        if html is not None:
            messages.append((group(roll.campaign_id), html))
    _send_all(messages)


def send_card(character) -> None:
    """A sheet saved: its card again, out of band, to its owner's open tables only (a play-test found
    the card left with the old skills until a reload). None for a character not seated."""
    campaign = character.campaign
    card = campaign.adapter.card(character)
    if card is None or not campaign.characters.seated().filter(pk=character.pk).exists():
        return
    context = {"campaign": campaign, "character": character, "card": card, "oob": True}
    html = render_to_string("campaigns/card.html#card", context)
    _send_all([(player_group(campaign.pk, character.owner_id), html)])


def send_sheet(character, **said) -> None:
    """A sheet the GM changed in play (the Characters tab's quick edits): the owner's card,
    and the sheet at a glance on the GM's open screens (the GM's own too, maybe after the answer to
    the post: it says the same); `said`: what the quick edit says beside it."""
    send_card(character)
    campaign = character.campaign
    context = {
        **said,
        "campaign": campaign,
        "character": character,
        "card": campaign.adapter.card(character),
        "oob": True,
    }
    _send_all([(gm_group(campaign.pk), render_to_string("campaigns/gm_characters.html#sheet", context))])


def _send_call(call, *, opened: bool) -> None:
    """The GM's card to the GM, the called player's card to that player only."""
    partial = "{}_call_oob" if opened else "{}_call"  # appended to the list, or replacing the card by id
    messages = []
    for audience, who, group in (
        (Audience.GM, "gm", gm_group(call.campaign_id)),
        (Audience.CALLED_PLAYER, "player", player_group(call.campaign_id, call.character.owner_id)),
    ):
        html = render_to_string(
            f"{TABLE}#{partial.format(who)}", {"call": call_view(call, audience), "oob": not opened}
        )
        messages.append((group, html + NEEDS_CHANGED))
    _send_all(messages)


def send_call_opened(call) -> None:
    _send_call(call, opened=True)


def send_call_updated(call) -> None:
    """A call with several turns moved on: both cards are replaced, with the call as it stands once committed. A
    step the same transaction went past (Centaurus Gate with no Venture: the roll, then the Wrench skipped and the
    call closed) is not drawn: its card would reach the player before the close and offer a "Done" for a call
    already in the log."""
    now = RollCall.objects.select_related("character").filter(pk=call.pk, status__in=RollCall.OPEN).first()
    if now is not None:
        _send_call(now, opened=False)


def send_call_closed(call) -> None:
    """The call's cards go; its roll, once answered, goes on the called character's card (its last roll, which
    may have held the call's card: Centaurus Gate's Hammer, the GM's last step, ends it there)."""
    closed = render_to_string(f"{TABLE}#call_closed_oob", {"call": call}) + NEEDS_CHANGED
    character, to_player = call.character, closed
    answered = call.status == RollCall.Status.ANSWERED and character.retired_at is None
    roll = call.answered_by() if answered else None
    if roll is not None:
        to_player += last_roll.html(call.campaign, character, character.owner, oob=True, roll=roll)
    _send_all([(gm_group(call.campaign_id), closed), (player_group(call.campaign_id, character.owner_id), to_player)])


def send_character_new(character) -> None:
    """A character made (found in a play-test): its sheet joins the GM's open Characters tab, and the
    system's panel, whose forms list the characters, is drawn again; the GM need not reload to call it."""
    campaign = character.campaign
    context = {"campaign": campaign, "character": character, "card": campaign.adapter.card(character)}
    sheet = render_to_string("campaigns/gm_characters.html#sheet", context)
    _send_all([(gm_group(campaign.pk), f'<div hx-swap-oob="beforeend:#gm-sheets">{sheet}</div>')])
    send_panel(campaign, characters_changed=True)


def send_character_gone(campaign, character_id: int, owner_id: int) -> None:
    """A character deleted or retired (found in a play-test): its card leaves its owner's open tables
    and its sheet the GM's Characters tab at once, so that no stale button answers "no longer here";
    the system's panel, which may list it, is drawn again."""
    gone = '<div id="{}-{}" hx-swap-oob="delete"></div>' + NEEDS_CHANGED  # a deleted character's calls go with it
    _send_all(
        [
            (player_group(campaign.pk, owner_id), gone.format("card", character_id)),
            (gm_group(campaign.pk), gone.format("sheet", character_id)),
        ]
    )
    send_panel(campaign, characters_changed=True)


def send_panel(campaign, *, characters_changed: bool = False) -> None:
    """The system's table panel (e.g. Crisis Clocks) changed: re-render it per audience. A character
    come or gone (`characters_changed`) changes the lists of the GM's forms, which a system's live panel
    may leave out (d100 sends its pools alone): the GM's open screens get the whole panel, drawn as the
    page draws it (its root's id is the part it replaces; table.js keeps what the GM was typing)."""
    messages = []
    for audience, group in ((Audience.GM, gm_group), (Audience.TABLE, table_group)):
        whole = characters_changed and audience is Audience.GM
        panel = panel_for(campaign, audience) if whole else live_panel_for(campaign, audience)
        if panel is not None:
            html = render_to_string(panel.template, {**panel.context, "campaign": campaign, "oob": not whole})
            messages.append((group(campaign.pk), html))
    _send_all(messages)


def send_settings(campaign) -> None:
    """The GM changed the campaign's settings: everyone's header line, then the panel, which reads them."""
    context = {
        "system": campaign.rules_system,
        "oob": True,
        "settings_described": campaign.rules_system.describe_settings(campaign.settings) + campaign.talk_described(),
    }
    html = render_to_string(f"{TABLE}#settings_line", context)
    _send_all([(gm_group(campaign.pk), html), (table_group(campaign.pk), html)])
    send_panel(campaign)


def send_session_marks(campaign, session, marks) -> None:
    """A session started or ended: everyone's header, and the marks in everyone's log
    (oldest first, each going on top). Nothing in them is secret."""
    html = render_to_string(f"{TABLE}#session_oob", {"campaign": campaign, "session": session, "marks": marks})
    _send_all([(gm_group(campaign.pk), html), (table_group(campaign.pk), html)])


def send_archived(campaign) -> None:
    """The campaign archived or brought back: every open table's notice, from which its script makes
    the posting forms read-only or open again (play-test: they stayed as they were)."""
    html = {
        is_gm: render_to_string(f"{TABLE}#archived_notice", {"campaign": campaign, "is_gm": is_gm, "oob": True})
        for is_gm in (True, False)
    }
    _send_all([(gm_group(campaign.pk), html[True]), (table_group(campaign.pk), html[False])])


def send_events(campaign_id: int, events: list) -> None:
    """Table events' lines (campaigns.table.events.EventView, oldest first) on top of the log, in one trip:
    the GM's always, the players' unless GM-only. A line holds nothing else, so one rendering of it
    serves both audiences."""
    messages = []
    for event in events:
        html = render_to_string(f"{TABLE}#event_oob", {"entry": event})
        messages.append((gm_group(campaign_id), html))
        if not event.gm_only:
            messages.append((table_group(campaign_id), html))
    _send_all(messages)


def _ended_html(notice: str) -> str:
    return render_to_string(f"{TABLE}#table_ended", {"notice": notice})


def not_open_html() -> str:
    """For a socket that may not join (never or no longer at the table, or the campaign is gone)."""
    return _ended_html("This table is not open to you: you do not play here (any more), or it was deleted.")


def _close_tables(groups: list[str], notice: str) -> None:
    """The groups' open tables show the notice and close for good: they stop reconnecting
    (campaigns.table.consumers.ENDED) instead of saying "reconnecting…" forever."""
    html = _ended_html(notice)
    _deliver([(group, {"type": "table.close", "html": html}) for group in groups])


def disconnect_player(campaign_id: int, user_id: int, campaign_name: str) -> None:
    """A removed player's open tables are told and stop receiving the campaign at once."""
    _close_tables([player_group(campaign_id, user_id)], f"You no longer play in {campaign_name}.")


def close_campaign(campaign_id: int, campaign_name: str) -> None:
    """A deleted campaign: every open table of it is told and closed."""
    _close_tables([gm_group(campaign_id), table_group(campaign_id)], f"{campaign_name} was deleted.")
