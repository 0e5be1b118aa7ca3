"""The GM's forms for equipment and the Campaign MacGuffins (campaigns/systems/zener/gear.py)."""

from django import forms

from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.plugins.forms import optional_number
from campaigns.systems.zener.gear import MAX_INVESTMENT
from campaigns.table.forms import SeatedCharacterForm, TableForm
from rules.zener.macguffins import MAX_IMPROVEMENT, SCALE, UPGRADES
from rules.zener.tables import TIME_MULTIPLIERS


class InvestForm(SeatedCharacterForm):
    amount = WholeNumberField(min_value=1, max_value=MAX_INVESTMENT, initial=1, label="Karma invested")
    component = TextField(max_length=60, label="Component", help_text="Its name in the game, e.g. crystal radio set.")


class ImproveForm(TableForm):
    name = TextField(max_length=100, label="Improvement")
    scale = forms.ChoiceField(choices=[(key, f"{label} ({points} points)") for key, (label, points) in SCALE.items()])
    points = optional_number(1, MAX_IMPROVEMENT, label="Points (blank: the scale's)")
    upgrade = forms.ChoiceField(
        choices=[("", "(no named upgrade)"), *UPGRADES.items()],
        required=False,
        label="Campaign upgrade",
        help_text="The three that make delaying a transition possible.",
    )


class DelayForm(SeatedCharacterForm):
    shift = forms.TypedChoiceField(
        choices=[(i, f"x{m:g} the time ({i} Karma)") for i, m in TIME_MULTIPLIERS.items() if i >= 1],
        coerce=int,
        label="Delay",
        help_text="The Time Shift on the Aiming/Extra time table is the cost in Karma.",
    )


class ConsumeForm(SeatedCharacterForm):
    item = TextField(max_length=60, label="Item used up", help_text="A weapon's name on the sheet, or 'armour'.")
