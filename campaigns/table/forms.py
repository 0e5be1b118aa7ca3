from datetime import timedelta

from django import forms

import rules
from campaigns.common import reads
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.plugins import registry
from campaigns.table import chat
from rules.dice import Comparison
from rules.notation import parse
from rules.system import TextListSetting

TARGET_LIMIT = 1_000_000
COMPARISON_CHOICES = [(Comparison.AT_LEAST, "at least (≥)"), (Comparison.AT_MOST, "at most (≤)")]


class TableForm(forms.Form):
    """A form on the table page, where several forms ask for the same things (`character`,
    `label`, `target`…): its ids are named after the form (`rollform-character`, not Django's
    `id_character`), so that each id is on the page once and each label finds its own field."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", f"{type(self).__name__.lower()}-%s")
        super().__init__(*args, **kwargs)


def setting_field(setting, value=None) -> forms.Field:
    """The form field for a system's campaign setting, showing `value` (else the default)."""
    if isinstance(setting, TextListSetting):
        return TextField(
            multiline=True,
            rows=4,
            label=setting.label,
            initial="\n".join(setting.default if value is None else value),
            help_text=setting.help_text,
            required=False,  # empty: the default (a new campaign) or refused (settings_from)
        )
    return forms.TypedChoiceField(
        label=setting.label,
        choices=setting.choices,
        coerce=int,
        initial=setting.default if value is None else value,
        help_text=setting.help_text,
        required=False,
        error_messages={"invalid_choice": setting.refusal()},
    )


def setting_fields(system, values=None, *, prefix: str = "") -> dict[str, forms.Field]:
    """One labelled field per setting of `system` (rules.System), named `prefix + setting name`,
    showing the campaign's `values` if given: the new-campaign form's, the settings page's and
    the admin's fields."""
    values = values or {}
    return {prefix + s.name: setting_field(s, values.get(s.name)) for s in system.settings}


def settings_from(form, system, *, prefix: str = "", complete: bool = False) -> dict | None:
    """The settings the form's fields give, checked by the system (`validate_settings`); each
    refused value's sentence goes beside its own field. None if any was refused. Without
    `complete` (a new campaign) an empty field is the default; with it, an empty list is refused."""
    cleaned = form.cleaned_data
    raw = {}
    for s in system.settings:
        name = prefix + s.name
        if name in form.errors:
            continue
        value = cleaned.get(name)
        if value in (None, "") and not complete:
            continue
        try:
            raw[s.name] = s.validate("" if value is None else value)
        except rules.RulesError as error:
            form.add_error(name, str(error))
    if any(prefix + s.name in form.errors for s in system.settings):
        return None
    try:
        return system.validate_settings(raw, complete=complete)
    except rules.RulesError as error:
        form.add_error(None, str(error))
        return None


def _setting_field_name(system_key: str, setting_name: str) -> str:
    return f"{system_key}__{setting_name}"


class CampaignForm(forms.Form):
    """Name, system, and the chosen system's settings only: the system comes from
    the posted data, else from `system` (the page's `?system=`), else the first installed."""

    name = TextField(max_length=100)
    system = forms.ChoiceField(choices=registry.choices)  # a callable: the systems installed

    def __init__(self, *args, system: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = self.data.get("system") if self.is_bound else system
        if not self.is_bound and not registry.is_installed(chosen or ""):
            chosen = next(registry.installed()).key
        self.chosen = registry.get(chosen).rules if registry.is_installed(chosen or "") else None
        self.fields["system"].initial = chosen
        if self.chosen is not None:
            prefix = _setting_field_name(self.chosen.key, "")
            self.fields.update(setting_fields(self.chosen, prefix=prefix))

    def settings_fields(self):
        """The bound fields of the chosen system's settings, for its fieldset."""
        return [self[name] for name in self.fields if name not in ("name", "system")]

    def clean(self):
        cleaned = super().clean()
        if "system" in cleaned:
            system = registry.get(cleaned["system"]).rules
            settings = settings_from(self, system, prefix=_setting_field_name(system.key, ""))
            if settings is not None:
                cleaned["settings"] = settings
        return cleaned


class NotationField(TextField):
    """Dice notation (plain, keep/drop, explode, re-roll, Fate, successes), parsed by
    rules.notation; errors are the rules' own sentences."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 200)
        kwargs.setdefault("widget", forms.TextInput(attrs={"placeholder": "3d6+2", "autocomplete": "off"}))
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        try:
            return str(parse(value))
        except rules.RulesError as error:
            raise forms.ValidationError(str(error)) from error


class TargetField(WholeNumberField):
    def __init__(self, **kwargs):
        super().__init__(min_value=-TARGET_LIMIT, max_value=TARGET_LIMIT, **kwargs)


class _ChoicesOncePerPage(forms.models.ModelChoiceIterator):
    """The characters to choose from, read once per page for each query (campaigns.common.reads): a
    table page draws many forms that choose among the same characters."""

    def __iter__(self):
        if not reads.active():
            yield from super().__iter__()
            return
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        queryset = self.queryset
        for obj in reads.remembered(("choices", *queryset.query.sql_with_params()), lambda: list(queryset)):
            yield self.choice(obj)


class CharacterChoiceField(forms.ModelChoiceField):
    iterator = _ChoicesOncePerPage

    def label_from_instance(self, obj):
        return obj.name


class RollForm(TableForm):
    notation = NotationField(label="Dice")
    target = TargetField(required=False, help_text="Optional: the total you need.")
    # Its initial is the select's first choice, so that the fold counts it as untouched.
    comparison = forms.TypedChoiceField(
        choices=COMPARISON_CHOICES,
        coerce=Comparison,
        required=False,
        empty_value=Comparison.AT_LEAST,
        initial=Comparison.AT_LEAST,
    )
    character = CharacterChoiceField(queryset=None, required=False, empty_label="(no character)")
    label = TextField(max_length=100, required=False, help_text="What the roll is for.")
    secret = forms.BooleanField(required=False, label="Roll secretly (only you see it)")
    # The dice, for whom, what for (and the GM's secret) in one row; a target, its comparison and the
    # card's new button fold under "More options (N set)" (templates/systems/_form_fields.html).
    common = ("notation", "character", "label", "secret")

    def __init__(self, *args, campaign, user, **kwargs):
        super().__init__(*args, **kwargs)
        if campaign.is_gm(user):
            characters = reads.seated_query(campaign)
        else:
            # A player's seated characters are their own not retired: they sit at the table (every step asks
            # that first, campaigns.life.access). Not the whole seated() query, whose building cost a roll
            # post a twentieth of its time (bench/, a profile of the capacity row).
            characters = campaign.characters.filter(owner=user, retired_at=None)
            del self.fields["secret"]  # only the GM rolls secretly
            # A player keeps a roll they make often as a button on the character's card.
            hint = "Optional: a name, to roll this again from the card in one click."
            self.fields["save_as"] = TextField(max_length=60, required=False, label="Save as a button", help_text=hint)
            if not self.is_bound and "character" not in self.initial:
                self.fields["character"].initial = characters.first()  # a player rolls for their own
        self.fields["character"].queryset = characters


class OddsForm(forms.Form):
    """The roll form's fields that the odds preview reads; the player's own inputs only."""

    notation = NotationField()
    target = TargetField(required=False)  # without one, the chart shows every total
    comparison = forms.TypedChoiceField(choices=COMPARISON_CHOICES, coerce=Comparison, required=False)


class SeatedCharacterForm(TableForm):
    """A GM's form about one character at the table: `character` chooses among the campaign's seated ones."""

    character = CharacterChoiceField(queryset=None, empty_label=None)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)


class CallForm(SeatedCharacterForm):
    label = TextField(max_length=100, required=False, help_text="What the roll is for; the player sees it.")
    notation = NotationField(label="Dice")
    target = TargetField(help_text="Secret: only you see it.")
    comparison = forms.TypedChoiceField(
        choices=COMPARISON_CHOICES, coerce=Comparison, required=False, empty_value=Comparison.AT_LEAST
    )
    reveal_dice = forms.BooleanField(required=False, initial=True, label="Show the table the dice and total")
    reveal_target = forms.BooleanField(required=False, label="Show the table the target")
    reveal_success = forms.BooleanField(required=False, label="Show the table success or failure")
    save_as = TextField(
        max_length=60,
        required=False,
        label="Save this call as",
        help_text="Optional: a name, to make this call again in one click.",
    )

    def reveal(self) -> dict:
        return {part: self.cleaned_data[f"reveal_{part}"] for part in ("dice", "target", "success")}


def form_errors(form) -> str:
    """A form's messages as one sentence, for an error line or message."""
    return " ".join(error for errors in form.errors.values() for error in errors)


class InviteForm(TableForm):
    """How long a new invite link works."""

    # Left out (""), the link works until the GM makes another one.
    LIFETIMES = {"": None, "never": None, "1": timedelta(days=1), "7": timedelta(days=7), "30": timedelta(days=30)}
    lifetime = forms.ChoiceField(
        label="The new link works",
        choices=[("never", "until I make another"), ("1", "for 1 day"), ("7", "for 7 days"), ("30", "for 30 days")],
        initial="never",
        required=False,
        error_messages={"invalid_choice": "Choose how long the link works: until you make another, 1, 7 or 30 days."},
    )

    def lifetime_delta(self) -> timedelta | None:
        return self.LIFETIMES[self.cleaned_data["lifetime"]]


class ChatForm(TableForm):
    """A line for the table's talk (campaigns.table.chat): its words, whom it is spoken as, whom it goes to.
    A player speaks as one of their seated characters or out of character; the GM as any name. A whisper
    goes to the GM or, from the GM, to a player; between players where the campaign allows it. A `/w` or
    `/gmroll` in the words chooses whom instead of the box."""

    text = TextField(
        multiline=True,
        rows=2,
        max_length=2100,  # the words (chat.TEXT_MAX) and a command before them
        label="Message",
        error_messages={"required": "Write a message first."},
        help_text="Enter sends · /r 1d20+5 rolls · /me acts · /w gm whispers",
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "Say something to the table"}),
    )
    speaker = forms.ChoiceField(required=False, label="As")
    to = forms.ChoiceField(required=False, label="To")

    def __init__(self, data=None, *, campaign, user, **kwargs):
        super().__init__(data, **kwargs)
        self.campaign, self.user = campaign, user
        self.is_gm = campaign.is_gm(user)
        if self.is_gm:
            self.fields["speaker"] = TextField(
                max_length=60, required=False, label="As", help_text="A name to speak in character; blank: yourself."
            )
            self.characters = {}
        else:
            own = sorted((c for c in reads.seated(campaign) if c.owner_id == user.pk), key=lambda c: (c.name, c.pk))
            self.characters = {str(c.pk): c for c in own}
            self.fields["speaker"].choices = [("", "You (OOC)")] + [
                (pk, character.name) for pk, character in self.characters.items()
            ]
        members = campaign.memberships.select_related("user").order_by("user__username")
        self.people = {
            str(m.user_id): m.user for m in reads.remembered(("members", campaign.pk), lambda: list(members))
        }
        choices = [("", "Everyone")]
        if not self.is_gm:
            choices.append(("gm", "Whisper to the GM"))
        if self.is_gm or campaign.whispers_between_players:
            choices += [
                (pk, f"Whisper to {user.get_username()}") for pk, user in self.people.items() if user.pk != self.user.pk
            ]
        self.fields["to"].choices = choices

    def clean(self):
        cleaned = super().clean()
        if "text" not in cleaned:
            return cleaned
        try:
            said = chat.read(cleaned["text"])
        except chat.ChatError as error:
            self.add_error("text", str(error))
            return cleaned
        cleaned["said"] = said
        speaker = cleaned.get("speaker", "")
        cleaned["character"] = self.characters.get(speaker)
        cleaned["speaker"] = cleaned["character"].name if cleaned["character"] else speaker
        try:
            if said.whisper_to is not None:
                recipients = chat.recipients_for(self.campaign, self.user, said.whisper_to)
            else:
                to = cleaned.get("to", "")
                recipients = [self.campaign.gm] if to == "gm" else [self.people[to]] if to else []
            chat.check_whisper(self.campaign, self.user, recipients, rolls=said.notation is not None)
        except chat.ChatError as error:
            self.add_error("text" if said.whisper_to is not None else "to", str(error))
            return cleaned
        cleaned["recipients"] = recipients
        return cleaned


class HandoutForm(TableForm):
    """The GM's new handout (campaigns.table.handouts): its title, its words, perhaps an image (checked and
    re-encoded there: a plain file field here, so that Pillow reads the upload once, in one place)."""

    title = TextField(max_length=100, label="Title")
    text = TextField(
        multiline=True, rows=5, max_length=5000, required=False, label="Text", help_text="Links become clickable."
    )
    image = forms.FileField(
        required=False,
        label="Image (optional)",
        help_text="PNG, JPEG or WebP, at most 5 MB.",
        widget=forms.FileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}),
    )


class ShareForm(forms.Form):
    """Whom the GM shares a handout with: chosen players, or everyone at the table (now and later)."""

    readers = forms.MultipleChoiceField(required=False, label="Players", widget=forms.CheckboxSelectMultiple)
    everyone = forms.BooleanField(required=False, label="Everyone at the table")

    def __init__(self, data=None, *, handout, players, **kwargs):
        kwargs.setdefault("auto_id", f"share-{handout.pk}-%s")
        super().__init__(data, **kwargs)
        self.people = {str(user.pk): user for user in players}
        self.fields["readers"].choices = [(pk, user.get_username()) for pk, user in self.people.items()]

    def chosen(self) -> list:
        return [self.people[pk] for pk in self.cleaned_data["readers"]]
