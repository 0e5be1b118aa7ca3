"""The d100 GM's own forms: a secret test of a player's character, and the Fury and
Chaos dice rolled with no character or for any seated one."""

from django import forms

from campaigns.common import reads
from campaigns.common.inputs import TextField
from campaigns.systems.d100.forms import synergy_field, time_field
from campaigns.table.forms import CharacterChoiceField, TableForm
from campaigns.toolkit.skills import stat_field
from rules.d100.test import DIFFICULTIES

DIFFICULTY = "Choose the test's difficulty (Arduous to Trivial)."
GM_DIFFICULTIES = [(key, f"{key.title()} ({v:+d})") for key, v in DIFFICULTIES.items()]


class SecretTestForm(TableForm):
    """The GM tests a player's character in secret: the GM alone sees it until revealing it."""

    character = CharacterChoiceField(queryset=None, empty_label=None)
    skill = TextField(required=False, max_length=60)  # a select of the sheets' skills (panel.py)
    attribute = stat_field(())
    difficulty = forms.ChoiceField(
        choices=GM_DIFFICULTIES,
        initial="standard",
        error_messages={"required": DIFFICULTY, "invalid_choice": DIFFICULTY},
    )
    time = time_field()
    synergy = synergy_field()
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)
        choices = self.fields["attribute"].choices[:1]
        self.fields["attribute"].choices = [*choices, *((a, a) for a in campaign.settings.get("attributes", []))]


class GMDieForm(TableForm):
    """A Fury or Chaos die for the GM: with no character (an NPC, the world), or for a seated one."""

    character = CharacterChoiceField(queryset=None, required=False, empty_label="(no character)")
    die = forms.ChoiceField(
        choices=[("fury", "Fury die"), ("chaos", "Chaos die")],
        error_messages={
            "invalid_choice": "Roll a Fury die or a Chaos die.",
            "required": "Roll a Fury die or a Chaos die.",
        },
    )
    label = TextField(max_length=100, required=False, help_text="What the die is for.")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.seated()
