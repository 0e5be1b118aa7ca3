from django import forms

from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.plugins.forms import known_or_secret, optional_number
from campaigns.table.forms import CharacterChoiceField, TableForm
from campaigns.toolkit.skills import OwnStatNamed, name_own_stat, stat_field
from rules.ore.sheet import STATS

STAT_CHOICES = [(stat, stat) for stat in STATS]


class OreRollForm(OwnStatNamed, TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None)
    skill = TextField(required=False, max_length=60)
    stat = stat_field(STAT_CHOICES)
    bonus = WholeNumberField(min_value=0, max_value=5, initial=0, help_text="Bonus dice for an easier action.")
    penalty = WholeNumberField(
        min_value=0, max_value=10, initial=0, help_text="Penalty dice: hard, then normal, then wiggle."
    )
    known = known_or_secret("I know the difficulty (0 = none)", label="Difficulty")
    difficulty = optional_number(0, 10, initial=0)
    label = TextField(max_length=100, required=False)
    # Extra actions (seed: "Multiple Actions and Multiple Sets"), each a stat or a skill, named
    # by campaigns/systems/ore/multiple.py; the panel draws them in their own fieldset.
    extra_1 = TextField(required=False, max_length=60, label="Extra action 1")
    extra_1_label = TextField(required=False, max_length=60, label="What it is for")
    extra_2 = TextField(required=False, max_length=60, label="Extra action 2")
    extra_2_label = TextField(required=False, max_length=60, label="What it is for")

    stat_names = STATS

    # The usual roll (a stat and a skill, against a difficulty) in one row; bonus and penalty dice, the label and the
    # extra actions fold under "More modifiers (N set)" (templates/systems/_form_fields.html).
    common = ("character", "skill", "stat", "known", "difficulty")

    def extra_actions(self) -> list[tuple[str, str]]:
        data = self.cleaned_data
        return [(data[f"extra_{n}"], data[f"extra_{n}_label"]) for n in (1, 2)]

    def extra_fields(self):
        return [(n, self[f"extra_{n}"], self[f"extra_{n}_label"]) for n in (1, 2)]

    def __init__(self, *args, campaign, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.filter(owner=user)
        name_own_stat(self, "stat", "stat")


class ContestForm(TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None, label="Player's character")
    skill = TextField(required=False, max_length=60)
    stat = stat_field(STAT_CHOICES)
    opponent_character = CharacterChoiceField(queryset=None, required=False, empty_label="(an NPC)", label="Opponent")
    opponent_skill = TextField(required=False, max_length=60)
    opponent_stat = stat_field(STAT_CHOICES)
    opponent_bonus = optional_number(
        0, 5, initial=0, label="Opponent's bonus dice", help_text="For an opposing character."
    )
    opponent_penalty = optional_number(
        0,
        10,
        initial=0,
        label="Opponent's penalty dice",
        help_text="For an opposing character: hard, then normal, then wiggle.",
    )
    npc_name = TextField(required=False, max_length=60, label="NPC name")
    npc_normal = optional_number(0, 10, initial=4, label="NPC normal dice")
    npc_hard = optional_number(0, 10, initial=0, label="NPC hard dice")
    npc_wiggle = optional_number(0, 10, initial=0, label="NPC wiggle dice")
    height_only = forms.BooleanField(
        required=False,
        label="Order does not matter: the higher set wins",
        help_text="Tick when it doesn't matter who acts first (a race, say): only the heights count.",
    )
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.seated()
        self.fields["opponent_character"].queryset = campaign.characters.seated()


class DifficultyForm(TableForm):
    difficulty = WholeNumberField(min_value=0, max_value=10)


class ContestRollForm(TableForm):
    bonus = optional_number(0, 5)
    penalty = optional_number(0, 10)
    # Extra actions with a contest roll, as on the roll form (campaigns/systems/ore/multiple.py).
    extra_1 = TextField(required=False, max_length=60)
    extra_1_label = TextField(required=False, max_length=60)
    extra_2 = TextField(required=False, max_length=60)
    extra_2_label = TextField(required=False, max_length=60)

    def extra_actions(self) -> list[tuple[str, str]]:
        data = self.cleaned_data
        return [(data[f"extra_{n}"], data[f"extra_{n}_label"]) for n in (1, 2)]
