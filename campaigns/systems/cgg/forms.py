from django import forms

from campaigns.common import reads
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.table.forms import CharacterChoiceField, TableForm
from rules.cgg.codes import parse_code
from rules.cgg.condition_effects import EXEC_PAYS, check_exec_pays, exec_options
from rules.cgg.difficulty import ADJUSTMENTS, DIFFICULTY_TABLE, RISK_GRADE_LABELS, Difficulty, RiskLevel
from rules.cgg.stunts import Stunt
from rules.cgg.tension import Bleakness
from rules.cgg.venture import Hammer, Wrench
from rules.errors import RulesError

BASE_CHOICES = [
    (row.dice, f"{row.dice}d — {row.challenge_level} / {row.action_class} / Force: {row.force_factor}")
    for row in DIFFICULTY_TABLE
]


class ActionCallForm(TableForm):
    """The Exec's secret difficulty, built with the seed's table labels and adjustments, or a contest."""

    character = CharacterChoiceField(queryset=None, empty_label=None, label="Explorer")
    attribute = forms.ChoiceField(choices=list(ATTRIBUTE_LABELS.items()))
    label = TextField(max_length=100, required=False, help_text="What the action is; the player sees it.")
    mode = forms.ChoiceField(
        choices=[("table", "Challenge level / action class / force factor"), ("contest", "Contest")],
        initial="table",
        widget=forms.RadioSelect,
    )
    base_dice = forms.TypedChoiceField(choices=BASE_CHOICES, coerce=int, initial=4, label="Base difficulty")
    opponent = TextField(max_length=10, required=False, help_text="Contest: the opponent's attribute, e.g. 3d+2.")
    adjustments = forms.MultipleChoiceField(
        choices=[(a.key, f"{a.label} ({a.dice:+d}D)") for a in ADJUSTMENTS],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    risk = forms.TypedChoiceField(
        choices=[(grade.value, label) for grade, label in RISK_GRADE_LABELS.items()],
        coerce=RiskLevel,
        initial=RiskLevel.BASE,
        label="Risk grade",
        error_messages={"invalid_choice": "Choose a risk grade: no, minimal, limited or extreme risk."},
    )
    risk_bonus = WholeNumberField(
        min_value=0, max_value=30, initial=0, help_text="Situation elements raising the risk."
    )
    # The Exec's "deems fit and pays one" conditions (campaigns/systems/cgg/condition_roll.py).
    exec_conditions = forms.MultipleChoiceField(
        choices=[(name, f"{name}: {text}") for name, text in EXEC_PAYS.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="The explorer's conditions (you pay one: their clock gains one)",
        error_messages={"invalid_choice": "%(value)s: the explorer has no such condition for the Exec to pay for."},
    )
    # What combines into the explorer's code (campaigns/systems/cgg/assists.py); the table sees it.
    assist = CharacterChoiceField(
        queryset=None,
        required=False,
        empty_label="(no one)",
        label="Assisting explorer",
        help_text="Their code combines into the action's; in tension mode their own risk roll this round is -1d.",
        error_messages={"invalid_choice": "Choose another explorer of this campaign to assist."},
    )
    assist_attribute = forms.ChoiceField(
        choices=[("", "(attribute)"), *ATTRIBUTE_LABELS.items()], required=False, label="Assisting with"
    )
    bonus_pips = WholeNumberField(
        min_value=0, max_value=30, required=False, label="Bonus pips", help_text="From a special rule (+3 BP = +1D)."
    )

    def __init__(self, *args, campaign, explorers=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)
        self.fields["assist"].queryset = reads.seated_query(campaign)
        # Only the pay-one conditions some explorer holds, each naming who (found in a play-test); the chosen
        # explorer must hold it (check_exec_pays refuses, with the message, otherwise).
        explorers = reads.seated_query(campaign) if explorers is None else explorers
        holders = {}
        for explorer in explorers:
            for name, _text in exec_options(explorer.sheet.get("conditions", [])):
                holders.setdefault(name, []).append(explorer.name)
        self.fields["exec_conditions"].choices = [
            (name, f"{name} (only if the explorer has it: {', '.join(holders[name])}): {text}")
            for name, text in EXEC_PAYS.items()
            if name in holders
        ]
        if not holders:
            self.fields["exec_conditions"].widget = forms.MultipleHiddenInput()

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data["bonus_pips"] = data.get("bonus_pips") or 0
        data["assist_pair"] = None
        if data.get("assist"):
            if data["assist"] == data["character"]:
                raise forms.ValidationError("An explorer cannot assist their own action: choose another explorer.")
            if not data["assist_attribute"]:
                raise forms.ValidationError("Say which attribute the assisting explorer helps with.")
            data["assist_pair"] = (data["assist"], data["assist_attribute"])
        try:
            base = {
                "success_dice": 0,
                "adjustments": tuple(data["adjustments"]),
                "risk": data["risk"],
                "risk_bonus": data["risk_bonus"],
            }
            if data["mode"] == "contest":
                if not data["opponent"]:
                    raise RulesError("A contest needs the opponent's attribute die code.")
                data["difficulty"] = Difficulty.for_contest(parse_code(data["opponent"]).dice, **base)
            else:
                data["difficulty"] = Difficulty(base_dice=data["base_dice"], **base)
            data["exec_conditions"] = check_exec_pays(
                data["character"].sheet.get("conditions", []), data["exec_conditions"]
            )
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        return data


class StuntForm(TableForm):
    """The player's stunt before the roll. Dice moved or bought belong to a stunt: without one
    they are refused, never dropped; above the stunt's mastery the rules' message says so."""

    mastery = forms.TypedChoiceField(
        choices=[],
        coerce=int,
        required=False,
        empty_value=0,
        label="Stunt",
        error_messages={"invalid_choice": "Choose a stunt from the list: one of the explorer's abilities or Aspects."},
    )
    moved = WholeNumberField(min_value=0, max_value=3, initial=0, required=False, label="Dice moved from risk")
    extra = WholeNumberField(min_value=0, max_value=3, initial=0, required=False, label="Extra dice bought")

    def __init__(self, *args, masteries=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mastery"].choices = [(0, "No stunt"), *((m, label) for label, m in masteries)]
        # The card shows one error line above its form: it names the field, and says the same for
        # "²", "-3" and a huge number (play-test: "Ensure this value is greater than or equal to 0.").
        for name, label in (("moved", "Dice moved from risk to success"), ("extra", "Extra success dice")):
            field = self.fields[name]
            said = f"{label}: a whole number from {field.min_value} to {field.max_value}."
            field.error_messages |= dict.fromkeys(("invalid", "min_value", "max_value"), said)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        moved, extra = data.get("moved") or 0, data.get("extra") or 0
        if not data["mastery"]:
            if moved or extra:
                raise forms.ValidationError("Moving or buying dice is part of a stunt: choose the stunt first.")
            data["stunt"] = None
            return data
        try:
            data["stunt"] = Stunt(mastery=data["mastery"], moved=moved, extra=extra)
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        return data

    def stunt(self) -> Stunt | None:
        return self.cleaned_data["stunt"]


class WrenchForm(TableForm):
    uses = forms.MultipleChoiceField(
        choices=[(w.name, f"{w.label} — {w.effect} (pay {w.hours})") for w in Wrench],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": "Choose Wrench uses from the list."},
    )
    # An Aspect called into play makes the Wrench free (rules.cgg.aspects); the action checks the sheet.
    aspect = TextField(max_length=200, required=False)
    # The card's two buttons: "Use the Wrench" with what is ticked, or "No Wrench" (the Venture goes to the
    # Hammer). "Use the Wrench" with nothing ticked would quietly use none: it asks for a tick instead.
    # Without either (a plain post), what is ticked is used.
    done = forms.ChoiceField(
        choices=[("use", "Use the Wrench"), ("none", "No Wrench")],
        required=False,
        error_messages={"invalid_choice": "Use the card's buttons."},
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("done") == "none":
            cleaned["uses"] = []
        elif cleaned.get("done") == "use" and not cleaned.get("uses"):
            self.add_error("uses", "Tick a Wrench use first, or choose “No Wrench”.")
        return cleaned

    def chosen(self) -> tuple[Wrench, ...]:
        return tuple(Wrench[name] for name in self.cleaned_data["uses"])


class HammerForm(TableForm):
    uses = forms.MultipleChoiceField(
        choices=[(h.name, f"{h.label} — {h.effect} (gains {h.hours})") for h in Hammer],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def chosen(self) -> tuple[Hammer, ...]:
        return tuple(Hammer[name] for name in self.cleaned_data["uses"])


class ClockForm(TableForm):
    direction = forms.ChoiceField(choices=[("pay", "Pay (take off)"), ("gain", "Gain (put on)")])
    hours = WholeNumberField(min_value=1, max_value=12)
    reason = TextField(max_length=100)


TENSION_STEPS = ("start", "pitfall", "move", "bonus", "edge", "worse", "spin", "spend", "round", "end")
EXPLORER_CHOICE = "Choose one of this campaign's explorers."


def _step_number(low: int, high: int, **kwargs) -> WholeNumberField:
    message = f"must be a whole number from {low} to {high}."
    errors = {"invalid": message, "min_value": message, "max_value": message}
    return WholeNumberField(min_value=low, max_value=high, required=False, error_messages=errors, **kwargs)


class TensionForm(TableForm):
    """Every field a tension-mode step may send; each step says which it needs (NEEDS).
    The panel's own inputs carry the same bounds (templates/systems/cgg/panel.html)."""

    NEEDS = {
        "start": ("bleakness",),
        "move": ("pitfall", "delta"),
        "bonus": ("explorer", "attribute"),
        "edge": ("explorer",),
        "worse": ("pitfall",),
    }
    MISSING = {
        "bleakness": "Choose how bleak it looks: bad, horrible or doomed.",
        "explorer": EXPLORER_CHOICE,
        "attribute": "Choose an attribute.",
        "pitfall": "Choose a pitfall.",
        "delta": "Move a pitfall by -3 to 3.",
    }

    op = forms.ChoiceField(
        choices=[(op, op) for op in TENSION_STEPS],
        error_messages={"required": "Unknown tension step.", "invalid_choice": "Unknown tension step."},
    )
    bleakness = forms.ChoiceField(
        choices=[(b.value, b.value) for b in Bleakness],
        required=False,
        error_messages={"invalid_choice": "Choose how bleak it looks: bad, horrible or doomed."},
    )
    explorer = CharacterChoiceField(queryset=None, required=False, error_messages={"invalid_choice": EXPLORER_CHOICE})
    name = TextField(max_length=100, required=False, label="What must be avoided")
    tension = _step_number(1, 14, label="Starting tension")
    pitfall = _step_number(0, 50)
    delta = _step_number(-3, 3)
    attribute = forms.ChoiceField(
        choices=list(ATTRIBUTE_LABELS.items()),
        required=False,
        error_messages={"invalid_choice": "Choose an attribute."},
    )
    slide = _step_number(0, 3)
    slip = forms.BooleanField(required=False)
    spotlight = _step_number(0, 3)
    slip_bonus = _step_number(0, 50)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["explorer"].queryset = reads.seated_query(campaign)

    def clean(self):
        data = super().clean()
        for name in self.NEEDS.get(data.get("op"), ()):
            if data.get(name) in (None, "") and name not in self.errors:
                self.add_error(name, self.MISSING[name])
        return data

    def message(self) -> str:
        """The errors as one line, each number's message naming its field."""
        return " ".join(
            f"{self.fields[name].label or name.replace('_', ' ').capitalize()}: {error}"
            if isinstance(self.fields.get(name), WholeNumberField)
            else error
            for name, errors in self.errors.items()
            for error in errors
        )
