import secrets
import uuid
from datetime import datetime

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Lower

import rules
from campaigns.common import sources
from campaigns.common.inputs import document_problem
from campaigns.plugins import registry


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class CampaignQuerySet(models.QuerySet):
    def for_member(self, user):
        """Campaigns the user runs or plays in."""
        if not user.is_authenticated:
            return self.none()
        # EXISTS, not a join: a join repeats a campaign per seat, and DISTINCT over its JSON settings
        # cost every request of a table a sort.
        seated = Membership.objects.filter(campaign=OuterRef("pk"), user=user)
        return self.filter(Q(gm=user) | Exists(seated))


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    # No `choices=`: the installed systems say which keys are valid (`clean`), so a new system
    # needs no migration, and a campaign of one taken away still loads.
    system = models.CharField(max_length=20, help_text="The key of the rules system (its app registers it).")
    settings = models.JSONField(default=dict, blank=True, help_text="The rules system's campaign settings.")
    gm = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaigns_run")
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token, editable=False)
    invite_expires_at = models.DateTimeField(
        null=True, blank=True, help_text="When the invite link stops working; empty: when the GM makes a new one."
    )
    created_at = models.DateTimeField(default=sources.now, editable=False)
    # Archived: the table is read-only, listed apart on the home page, until the GM unarchives it.
    archived_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The table's talk (campaigns.table.chat): who may whisper to whom, and whether the GM reads every whisper.
    # Both are shown to the whole table on its settings line.
    whispers_between_players = models.BooleanField(
        default=False, help_text="Players may whisper to each other, not only to the GM."
    )
    gm_reads_whispers = models.BooleanField(
        default=False, help_text="The GM reads every whisper sent while this is on, the players' to each other too."
    )

    objects = CampaignQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def adapter(self) -> registry.SystemAdapter:
        """The campaign's system's web side; `SystemNotInstalled` if its app is not installed."""
        return registry.get(self.system)

    @property
    def rules_system(self) -> rules.System:
        """The pure rules of the campaign's system."""
        return self.adapter.rules

    @property
    def system_name(self) -> str:
        """The system's name for lists and headers, which a system not installed does not break."""
        return registry.name_of(self.system)

    def invite_has_expired(self, now: datetime) -> bool:
        return self.invite_expires_at is not None and self.invite_expires_at <= now

    def talk_described(self) -> list[tuple[str, str]]:
        """Who may whisper to whom and what the GM reads, for the settings line every member sees."""
        return [
            ("Whispers", "between players too" if self.whispers_between_players else "to and from the GM"),
            (
                "The GM reads",
                "every whisper sent while this is on" if self.gm_reads_whispers else "the whispers to or from the GM",
            ),
        ]

    def is_gm(self, user) -> bool:
        return user.is_authenticated and user.pk == self.gm_id

    def clean(self) -> None:
        problem = document_problem(self.settings)
        if problem:
            raise ValidationError({"settings": problem})
        if not registry.is_installed(self.system):
            installed = ", ".join(key for key, _ in registry.choices())
            raise ValidationError(
                {"system": f"No rules system {self.system!r} is installed; choose one of {installed}."}
            )
        try:
            # A campaign that exists keeps its settings unless each is given: `{}` once reset a
            # Tribute reality level from d8 to d6 without a word.
            complete = self.pk is not None
            self.settings = self.rules_system.validate_settings(self.settings, complete=complete)
        except rules.RulesError as error:
            raise ValidationError({"settings": str(error)}) from error


class Membership(models.Model):
    """A player's seat at a campaign. The GM is the campaign's `gm`, not a member row."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    joined_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_seat_per_player")]
        ordering = ["joined_at"]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}"


class GameSession(models.Model):
    """A night of play, which the GM starts and ends. A roll belongs to the session
    whose span holds its time: the roll row has no session column, so a roll stays one
    INSERT, and the log, its filter and the export read the spans (one query)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="game_sessions")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField(default=sources.now, editable=False)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="session_number_once"),
            models.UniqueConstraint(fields=["campaign"], condition=Q(ended_at=None), name="one_open_session"),
        ]
        ordering = ["-number"]

    def __str__(self) -> str:
        return f"Session {self.number} of {self.campaign}"

    def holds(self, moment: datetime) -> bool:
        return self.started_at <= moment and (self.ended_at is None or moment < self.ended_at)


class ImmutableEvent(models.Model):
    """Rows that record what happened: written once, never updated by the app."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError(f"{type(self).__name__} rows are never changed; record a new event instead.")
        super().save(*args, **kwargs)


class RollCall(models.Model):
    """The GM asks a character's player for a roll against a target the player does not see.

    A call is answered once: the status moves from pending to answered under a
    row lock (campaigns.table.actions.answer_call)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the player"
        # Rolls with turns after the dice: Centaurus Gate's Wrench (player) and
        # Hammer (GM), Tribute Alpha's Profit and Waste (player).
        PLAYER_TURN = "player_turn", "Waiting for the player's choices"
        GM_TURN = "gm_turn", "Waiting for the GM's choices"
        ANSWERED = "answered", "Rolled"
        CANCELLED = "cancelled", "Cancelled"

    OPEN = (Status.PENDING, Status.PLAYER_TURN, Status.GM_TURN)

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="calls")
    kind = models.CharField(max_length=20, default="notation", help_text="Which roll: plain notation or a system's.")
    state = models.JSONField(default=dict, blank=True, help_text="Dice rolled so far, for rolls with several turns.")
    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="calls")
    label = models.CharField(max_length=100, blank=True, help_text="What the roll is for; the player sees it.")
    request = models.JSONField(help_text="What to roll, including the secret target.")
    reveal = models.JSONField(default=dict, help_text="Which parts of the result the table sees.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"Call for {self.character}: {self.label or self.request.get('notation', '')}"

    def answered_by(self):
        """The roll that answered this call, or None: the roll linked to it, else the one a call from the card
        was answered with (the system's own roll, linked to no call or to the system's own; its pk is kept in
        `state` by campaigns.calls.card_calls.answer), so that it too reaches the player's card as its last roll."""
        linked = Roll.objects.filter(call=self).select_related("campaign", "character", "author").first()
        if linked is not None or not self.state.get("roll"):
            return linked
        return (
            Roll.objects.filter(pk=self.state["roll"], campaign_id=self.campaign_id)
            .select_related("campaign", "character", "author")
            .first()
        )


class RollQuerySet(models.QuerySet):
    def visible_to_table(self):
        return self.filter(visibility=Roll.Visibility.TABLE)


class Roll(ImmutableEvent):
    """One roll at the table: who, which character, what was asked, what came up,
    and who may see it. What each audience sees is decided in campaigns.secrets.visibility."""

    class Visibility(models.TextChoices):
        TABLE = "table", "Everyone at the table"
        GM = "gm", "The GM only"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rolls")
    author = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="rolls")
    character = models.ForeignKey(
        "characters.Character", null=True, blank=True, on_delete=models.SET_NULL, related_name="rolls"
    )
    kind = models.CharField(max_length=20, default="notation")
    request = models.JSONField()
    outcome = models.JSONField()
    visibility = models.CharField(max_length=5, choices=Visibility.choices, default=Visibility.TABLE)
    reveal = models.JSONField(default=dict, help_text="Which parts of the outcome the table sees.")
    call = models.OneToOneField(RollCall, null=True, blank=True, on_delete=models.PROTECT, related_name="roll")
    created_at = models.DateTimeField(default=sources.now, editable=False)

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["campaign", "-id"], name="roll_log")]

    def __str__(self) -> str:
        return f"Roll {self.pk}: {self.request.get('notation', '')}"


class Balance(models.Model):
    """A meta-currency balance: a character's Crisis Clock hours, Karma, or a
    campaign's Fortune pool. Changed only by the ledger service (campaigns.table.ledger),
    which writes a LedgerEntry every time; the CHECK constraints are the last line
    of defence."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="balances")
    character = models.ForeignKey(
        "characters.Character", null=True, blank=True, on_delete=models.CASCADE, related_name="balances"
    )
    kind = models.CharField(max_length=20)
    value = models.IntegerField()
    maximum = models.IntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "character", "kind"], name="one_balance_per_kind"),
            models.CheckConstraint(condition=models.Q(value__gte=0), name="balance_not_negative"),
            models.CheckConstraint(
                condition=models.Q(maximum__isnull=True) | models.Q(value__lte=models.F("maximum")),
                name="balance_within_maximum",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.character or self.campaign}: {self.value}"


class LedgerEntry(ImmutableEvent):
    """One change of a balance: who, why, by how much, what it left, and the roll it belongs to."""

    balance = models.ForeignKey(Balance, on_delete=models.CASCADE, related_name="entries")
    actor = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=200)
    delta = models.IntegerField()
    value_after = models.IntegerField()
    roll = models.ForeignKey(Roll, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entries")
    call = models.ForeignKey(RollCall, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entries")
    created_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.delta:+d} {self.balance.kind}: {self.reason}"


class SubmitToken(models.Model):
    """A form post that has been received: each rendered form carries a one-time token
    (`{% form_tokens %}`), and campaigns.table.once records it here before the view runs, so a
    double click or a replayed post changes nothing the second time."""

    key = models.CharField(max_length=80, unique=True)  # "<user id or 0>:<token>": one user's token
    created_at = models.DateTimeField(default=sources.now, editable=False, db_index=True)
    # Where the first answer sent the browser, so that a repeated plain post lands there too.
    location = models.CharField(max_length=2000, blank=True)

    def __str__(self) -> str:
        return self.key


class Commitment(models.Model):
    """A GM's secret, committed before the dice fall (campaigns.secrets.commitments): the table sees
    `digest`, the SHA-256 of the canonical string of the value and a random salt, at once; the value and
    the salt only once `revealed_at` is set, at the moment `reveal` names. Everything but `revealed_at`
    is written once: `save()` refuses a change, and the reveal is one guarded UPDATE (None to a time,
    never back), so what was committed cannot be edited afterwards."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="commitments")
    call = models.ForeignKey(RollCall, null=True, blank=True, on_delete=models.CASCADE, related_name="commitments")
    kind = models.SlugField(max_length=20, help_text="What the secret is: difficulty, target, opposition.")
    about = models.CharField(max_length=200, help_text="Whose secret, in words the table may read.")
    digest = models.CharField(max_length=64, editable=False)
    value = models.CharField(max_length=200, editable=False)
    salt = models.CharField(max_length=32, editable=False)

    class Reveal(models.TextChoices):
        RESULT = "result", "When the result is published"
        SESSION_END = "session_end", "When the session ends, once the roll is over"
        NEVER = "never", "Never: the rules (or the GM's choice of what the table sees) keep it"

    reveal = models.CharField(max_length=12, choices=Reveal.choices, editable=False)
    created_at = models.DateTimeField(default=sources.now, editable=False)
    revealed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"Commitment to {self.about}: {self.digest[:12]}…"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("A commitment is never changed; campaigns.secrets.commitments.reveal sets its reveal.")
        super().save(*args, **kwargs)


class TableEvent(ImmutableEvent):
    """A short line in the log that is not a roll: a player joined, the GM called for a
    roll, a pool changed, tension mode went on... Written by campaigns.table.events.record, in words
    already; a GM-only line (a Misfortune change, a secret roll's cost) never reaches a player."""

    class Audience(models.TextChoices):
        TABLE = "table", "Everyone at the table"
        GM = "gm", "The GM only"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    session = models.ForeignKey(GameSession, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    kind = models.SlugField(max_length=20)
    text = models.CharField(max_length=300)
    audience = models.CharField(max_length=5, choices=Audience.choices, default=Audience.TABLE)
    created_at = models.DateTimeField(default=sources.now, editable=False)
    # A GM's commitment or its reveal: the line shows the commitment as it is now.
    commitment = models.ForeignKey(Commitment, null=True, blank=True, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["campaign", "-created_at"], name="event_log")]

    def __str__(self) -> str:
        return self.text


class SavedRoll(models.Model):
    """A roll a player keeps as a button on their character's card: the card's button
    `key` and the options posted with it (each field's posted values, so that the replay checks
    them again as the card's options form does), or `key` "notation" and the roll form's
    notation, target, comparison and label (campaigns.calls.saved)."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="saved_rolls")
    name = models.CharField(max_length=60)
    key = models.CharField(max_length=200)
    options = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), "character", name="saved_roll_name_once_per_character")]
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.character})"


class SavedCall(models.Model):
    """A call the GM makes often, kept as a button above the call form: the call form's
    values but the character, who is chosen when it is used. GM-only: it holds the secret target."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="saved_calls")
    name = models.CharField(max_length=60)
    request = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), "campaign", name="saved_call_name_once_per_campaign")]
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return self.name


class Message(models.Model):
    """A line of the table's talk in the log (campaigns.table.chat): out of character, in character (as one of
    the writer's characters, or any name for the GM), or an emote. A whisper reaches its author and its
    recipients alone (and the GM, where the campaign lets the GM read whispers). Not an immutable event: its
    writer may edit or delete it for a few minutes, and the GM may hide it; either way the words are gone."""

    class Style(models.TextChoices):
        OOC = "ooc", "Out of character"
        IC = "ic", "In character"
        EMOTE = "emote", "Emote"

    class Removed(models.TextChoices):
        KEPT = "", "Kept"
        BY_AUTHOR = "author", "Deleted by its writer"
        BY_GM = "gm", "Removed by the GM"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    style = models.CharField(max_length=5, choices=Style.choices, default=Style.OOC)
    speaker = models.CharField(max_length=60, blank=True, help_text="The name spoken as, in character.")
    text = models.TextField(max_length=2000, blank=True)
    whisper = models.BooleanField(default=False)
    recipients = models.ManyToManyField(django_settings.AUTH_USER_MODEL, blank=True, related_name="+")
    # A whisper the GM reads though not a party to it: sent while the campaign said so on its settings line
    # (Campaign.gm_reads_whispers). Turning the setting on later opens no whisper written before.
    gm_reads = models.BooleanField(default=False)
    # A secret roll whispered to the GM (`/r` in a whisper): its row is the GM's alone, and the whisper shows the
    # writer what they rolled.
    roll = models.OneToOneField(Roll, null=True, blank=True, on_delete=models.PROTECT, related_name="message")
    # "The GM shared …" (campaigns.table.handouts): the line links to the handout; it reaches its readers alone.
    handout = models.ForeignKey("Handout", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=sources.now, editable=False)
    edited_at = models.DateTimeField(null=True, blank=True, editable=False)
    removed = models.CharField(max_length=6, choices=Removed.choices, default=Removed.KEPT, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["campaign", "-id"], name="message_log")]

    def __str__(self) -> str:
        return self.text[:60] or self.get_removed_display()


def handout_image_name(handout, filename: str) -> str:
    """A stored image's name: random, never the uploaded one, so that its address cannot be guessed (it is
    served only through the handout's image view, to those who may see the handout)."""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else "bin"
    return f"handouts/{handout.campaign_id}/{uuid.uuid4().hex}.{extension}"


class Handout(models.Model):
    """What the GM writes for the players (campaigns.table.handouts): a title, some text, perhaps an image
    (checked and re-encoded, campaigns.common.images). It reaches no one but the GM until it is shared: with
    the whole table (`everyone`) or with chosen players (its readers)."""

    TITLE_MAX, TEXT_MAX = 100, 5000

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="handouts")
    title = models.CharField(max_length=TITLE_MAX)
    text = models.TextField(max_length=TEXT_MAX, blank=True)
    image = models.ImageField(upload_to=handout_image_name, blank=True)
    created_at = models.DateTimeField(default=sources.now, editable=False)
    everyone = models.BooleanField(default=False, help_text="Shared with the whole table, now and later.")
    readers = models.ManyToManyField(
        django_settings.AUTH_USER_MODEL, through="HandoutReader", blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return self.title


class HandoutReader(models.Model):
    """A player a handout was shared with, and when."""

    handout = models.ForeignKey(Handout, on_delete=models.CASCADE, related_name="shares")
    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    shared_at = models.DateTimeField(default=sources.now, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["handout", "user"], name="handout_reader_once")]

    def __str__(self) -> str:
        return f"{self.handout} for {self.user}"
