"""The GM's forms for equipment and the Campaign MacGuffins (campaigns/systems/zener/gear.py)."""

from django import forms

from campaigns.common import reads
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.systems.zener.gear import MAX_INVESTMENT
from campaigns.table.forms import CharacterChoiceField, TableForm
from rules.zener.macguffins import MAX_IMPROVEMENT, SCALE, UPGRADES
from rules.zener.tables import TIME_MULTIPLIERS


class _SeatedForm(TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)


class InvestForm(_SeatedForm):
    amount = WholeNumberField(min_value=1, max_value=MAX_INVESTMENT, initial=1, label="Karma invested")
    component = TextField(max_length=60, label="Component", help_text="Its name in the game, e.g. crystal radio set.")


class ImproveForm(TableForm):
    name = TextField(max_length=100, label="Improvement")
    scale = forms.ChoiceField(choices=[(key, f"{label} ({points} points)") for key, (label, points) in SCALE.items()])
    points = WholeNumberField(
        min_value=1, max_value=MAX_IMPROVEMENT, required=False, label="Points (blank: the scale's)"
    )
    upgrade = forms.ChoiceField(
        choices=[("", "(no named upgrade)"), *UPGRADES.items()],
        required=False,
        label="Campaign upgrade",
        help_text="The three that make delaying a transition possible.",
    )


class DelayForm(_SeatedForm):
    shift = forms.TypedChoiceField(
        choices=[(i, f"x{m:g} the time ({i} Karma)") for i, m in TIME_MULTIPLIERS.items() if i >= 1],
        coerce=int,
        label="Delay",
        help_text="The Time Shift on the Aiming/Extra time table is the cost in Karma.",
    )


class ConsumeForm(_SeatedForm):
    item = TextField(max_length=60, label="Item used up", help_text="A weapon's name on the sheet, or 'armour'.")
