from datetime import timedelta

from django import forms

from campaigns.common import reads, sources
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.plugins.forms import SECRET, index_choice
from campaigns.table.forms import CharacterChoiceField, TableForm
from campaigns.toolkit.skills import OwnStatNamed, name_own_stat, stat_field
from rules.d100.test import DIFFICULTIES, Flip

TIME_REFUSED = "The time taken is hasty, normal or triple time."

DIFFICULTY_CHOICES = [
    ("", SECRET),
    *((key, f"{key.title()} ({v:+d})") for key, v in DIFFICULTIES.items()),
]


def time_field() -> forms.ChoiceField:
    """Time taken moves the difficulty a step (rules.d100.test.difficulty_for_time); blank is normal."""
    choices = [("normal", "Normal"), ("triple", "Triple time (a step easier)"), ("hasty", "Hasty (a step harder)")]
    return forms.ChoiceField(
        choices=choices,
        initial="normal",
        required=False,
        label="Time taken",
        error_messages={"invalid_choice": TIME_REFUSED},
    )


def synergy_field() -> forms.BooleanField:
    """Seed ("Skill synergy"): "The GM might arbitrate (upon player request)". Reading (published on
    /rules/#d100): the box is ticked on the GM's word; the card says so, for the GM to see every claim."""
    return forms.BooleanField(required=False, label="Skill synergy granted by the GM (+10)")


class D100TestForm(OwnStatNamed, TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None)
    skill = TextField(required=False, max_length=60)
    attribute = stat_field(())
    difficulty = forms.ChoiceField(choices=DIFFICULTY_CHOICES, initial="standard", required=False)
    time = time_field()
    flip = forms.ChoiceField(
        choices=[("", "No flip"), (Flip.SUCCEED, "Flip to succeed"), (Flip.FAIL, "Flip to fail")], required=False
    )
    assistant = CharacterChoiceField(queryset=None, required=False, empty_label="(no assist)")
    synergy = synergy_field()
    label = TextField(max_length=100, required=False)

    # The usual test (a skill or an attribute, at a difficulty) in one row; time, a flip, an assistant, synergy
    # and the label fold under "More modifiers (N set)" (templates/systems/_form_fields.html).
    common = ("character", "skill", "attribute", "difficulty")

    def __init__(self, *args, campaign, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.filter(owner=user)
        self.fields["assistant"].queryset = reads.seated_query(campaign).exclude(owner=user)
        self.fields["attribute"].choices = [
            *self.fields["attribute"].choices[:1],
            *((a, a) for a in campaign.settings.get("attributes", [])),
        ]
        name_own_stat(self, "attribute", "attribute")


class SpecialDieForm(TableForm):
    YOURS = "Roll for one of your characters."
    character = CharacterChoiceField(
        queryset=None, empty_label=None, error_messages={"invalid_choice": YOURS, "required": YOURS}
    )
    die = forms.ChoiceField(
        choices=[("fury", "Fury die"), ("chaos", "Chaos die")],
        error_messages={
            "invalid_choice": "Roll a Fury die or a Chaos die.",
            "required": "Roll a Fury die or a Chaos die.",
        },
    )

    def __init__(self, *args, campaign, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.filter(owner=user)


SHORT_SESSION = timedelta(hours=4)  # "If the last session lasts less than 4 hours" (Fortune)


class SessionForm(forms.Form):
    refill = WholeNumberField(min_value=0, max_value=50, label="Fortune for this session")
    short = forms.BooleanField(required=False, label="The last session lasted under four hours")


def session_form(campaign, data=None) -> SessionForm:
    """Refill with players + 1; the short-session box is ticked when the last session
    (the one going, if it ends now) lasted under four hours. The GM may change both."""
    last = campaign.game_sessions.first()
    short = last is not None and (last.ended_at or sources.now()) - last.started_at < SHORT_SESSION
    return SessionForm(data, prefix="session", initial={"refill": campaign.memberships.count() + 1, "short": short})


def opposed_difficulty() -> forms.ChoiceField:
    """Each side of an opposed test has its own difficulty, Standard unless the GM says."""
    refused = "The difficulty is Arduous, Hard, Challenging, Standard, Routine, Easy or Trivial."
    return forms.ChoiceField(
        choices=DIFFICULTY_CHOICES[1:], initial="standard", required=False, error_messages={"invalid_choice": refused}
    )


class OpposedForm(TableForm):
    first = CharacterChoiceField(queryset=None, empty_label=None)
    first_skill = TextField(required=False, max_length=60)  # a select of the sheets' skills (panel.py)
    first_attribute = stat_field(())
    first_difficulty = opposed_difficulty()
    first_time = time_field()
    first_synergy = synergy_field()
    second = CharacterChoiceField(queryset=None, empty_label=None)
    second_skill = TextField(required=False, max_length=60)  # a select of the sheets' skills (panel.py)
    second_attribute = stat_field(())
    second_difficulty = opposed_difficulty()
    second_time = time_field()
    second_synergy = synergy_field()
    label = TextField(max_length=100, required=False, help_text="What the test is for.")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = self.fields["second"].queryset = reads.seated_query(campaign)
        attributes = campaign.settings.get("attributes", [])
        choices = [*self.fields["first_attribute"].choices[:1], *((a, a) for a in attributes)]
        self.fields["first_attribute"].choices = self.fields["second_attribute"].choices = choices

    def clean(self):
        cleaned = super().clean()
        first = cleaned.get("first")
        if first is not None and first == cleaned.get("second"):
            self.add_error("second", f"{first.name} cannot oppose themself: choose two different characters.")
        return cleaned


class MisfortuneForm(TableForm):
    """The GM's Misfortune spend for an NPC (the panel's select offers 1 and 2)."""

    points = index_choice(
        [("1", "1"), ("2", "2")],
        blank=1,
        error_messages={"invalid_choice": "Misfortune is spent 1 or 2 points at a time."},
    )
    reason = TextField(max_length=100, required=False, empty_value="for an NPC", label="For")
