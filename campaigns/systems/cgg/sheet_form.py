"""Centaurus Gate's character-sheet form: gathers the sheet; the rules validate it."""

from django import forms

from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.systems.cgg.advancement import budget_line
from characters.forms import CharacterForm, notes_field
from characters.rows import RowForm, RowList, TextRow, name_field
from rules.cgg.advancement_budget import Advancement
from rules.cgg.assists import gear_item
from rules.cgg.codes import parse_code
from rules.cgg.condition_effects import full_tracks, track_marks
from rules.cgg.conditions import Track
from rules.cgg.sheet import ATTRIBUTES, HIGHEST_ATTRIBUTE, LOWEST_ATTRIBUTE, check_marked, default_sheet
from rules.cgg.sheet import validate_sheet as validate_explorer
from rules.errors import RulesError

# What a die code looks like as it is typed (rules.cgg.codes.parse_code reads it): "3d", "3D+2", "2d + 1".
CODE_PATTERN = r"\s*[0-9]{1,3}\s*[dD]\s*(\+\s*[0-9]\s*)?"


def die_code_field(required: bool = True, **kwargs) -> TextField:
    """A die code as the player types it ("3D+2" or "3d+2"), checked by the browser as typed and read by the
    rules' own parser (DieCodeField below)."""
    kwargs.setdefault("help_text", "A die code, e.g. 3d or 3D+2.")
    return DieCodeField(
        max_length=12,
        required=required,
        widget=forms.TextInput(
            attrs={"pattern": CODE_PATTERN, "inputmode": "text", "autocapitalize": "none", "size": 6}
        ),
        **kwargs,
    )


class DieCodeField(TextField):
    """Written back as the rules write codes ("3D+2" is kept as 3d+2)."""

    def clean(self, value):
        value = super().clean(value)
        if not value or not value.strip():
            return ""
        try:
            return str(parse_code(value))
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error


def _attribute() -> TextField:
    return die_code_field(help_text=f"A die code from {LOWEST_ATTRIBUTE} to {HIGHEST_ATTRIBUTE}, e.g. 3d or 3d+2.")


class AbilityRow(RowForm):
    """An ability and its mastery (x1, x2 or x3)."""

    name = name_field(help_text="The ability, e.g. Weapon (Blaster).")
    mastery = forms.TypedChoiceField(
        choices=[(1, "x1"), (2, "x2"), (3, "x3")], coerce=int, initial=1, label="Mastery", help_text="x1, x2 or x3."
    )


class GearRow(RowForm):
    """Notable gear, with the die code it rolls in, if any (stored as its line, "Armour jacket 3d")."""

    name = name_field(help_text="The gear, e.g. Armour jacket.")
    code = die_code_field(required=False, label="Die code", help_text="Blank, or the code it rolls in, e.g. 3d.")

    @classmethod
    def initial_for(cls, item) -> dict:
        found = gear_item(item) if isinstance(item, str) else None
        return {"name": found.label, "code": str(found.code)} if found else {"name": item, "code": ""}

    def item(self):
        name, code = self.cleaned_data["name"].strip(), self.cleaned_data["code"]
        return f"{name} {code}" if code else name


class LeverageRow(RowForm):
    """Leverage: what it is for, and its die code."""

    purpose = name_field("Purpose", "What it is for, e.g. Starship repair.")
    code = die_code_field(label="Die code", help_text="e.g. 2d+2.")


def _texts(label: str, help_text: str, row_label: str, **kwargs) -> RowList:
    return RowList(TextRow, label, help_text, row_label=row_label, **kwargs)


TRACK_HELP = "3 to 18; the three tracks have 24 dots between them (3 each, and 15 spent at creation)."
MARKED_HELP = "0 to the track's dots; a full track has its effect."


def _track_number(low: int, label: str, help_text: str) -> WholeNumberField:
    return WholeNumberField(min_value=low, max_value=18, label=label, help_text=help_text)


class ExplorerSheetForm(CharacterForm):
    """Centaurus Gate's explorer sheet."""

    dexterity = _attribute()
    strength = _attribute()
    perception = _attribute()
    knowledge = _attribute()
    technical = _attribute()
    mechanical = _attribute()
    row_lists = {
        "roles": _texts("Roles", "One or two roles. Two roles make a 9-hour Crisis Clock.", "Role", before="harm_dots"),
        "abilities": RowList(
            AbilityRow, "Abilities", "Each ability with its mastery.", before="harm_dots", row_label="Ability"
        ),
        "aspects": _texts("Aspects", "Each aspect of the explorer.", "Aspect", before="harm_dots"),
        "gear": RowList(
            GearRow,
            "Gear",
            "Notable gear; give a die code to roll it in (Armour jacket, 3d).",
            before="harm_dots",
            row_label="Gear",
        ),
        # Conditions are "exclusively the domain of the Exec" (campaigns/systems/cgg/conditions.py): shown here,
        # never taken from the post, and the marks follow them.
        "conditions": _texts("Conditions", "Given and removed by the Exec at the table.", "Condition", disabled=True),
        "endeavors": _texts(
            "Endeavors", "As agreed with the Exec: one is earned at the 2nd, 4th and 6th advancement.", "Endeavor"
        ),
        "leverage": RowList(
            LeverageRow, "Leverage", "Each leverage with its purpose and die code.", row_label="Leverage"
        ),
    }
    harm_dots = _track_number(3, "Harm track dots", TRACK_HELP)
    persuasion_dots = _track_number(3, "Persuasion track dots", TRACK_HELP)
    alteration_dots = _track_number(3, "Alteration track dots", TRACK_HELP)
    harm_marked = _track_number(0, "Harm dots marked", MARKED_HELP)
    persuasion_marked = WholeNumberField(
        min_value=0, max_value=18, label="Persuasion dots marked", help_text=MARKED_HELP
    )
    alteration_marked = WholeNumberField(
        min_value=0, max_value=18, label="Alteration dots marked", help_text=MARKED_HELP
    )
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.instance.sheet or "attributes" not in self.instance.sheet:
            for name, field in self.fields.items():
                if name != "name":
                    field.initial = self.initial_from(default_sheet() | (self.instance.sheet or {}), name)
        for name in (f"{track.value}_marked" for track in Track):
            self.fields[name].disabled = True
        sheet = self.instance.sheet or {}
        full = full_tracks(sheet.get("conditions", []), sheet.get("tracks", {}))
        for track in Track:  # the marks are the conditions' levels; a full track says what happens
            self.fields[f"{track.value}_marked"].help_text = "Marked by the Exec's conditions." + (
                f" Full: {full[track.value]}" if track.value in full else ""
            )
        budget = budget_line(self.instance.sheet or {})
        if budget:  # from the first advancement on, raising a code spends its pips; said once
            first = ATTRIBUTES[0]
            self.fields[first].help_text = f"{budget}; a pip costs the code's dice (2d to 3d: 6 pips)."

    def initial_from(self, sheet: dict, name: str):
        sheet = default_sheet() | sheet
        if name in ATTRIBUTES:
            return sheet["attributes"][name]
        if name.endswith("_dots"):
            return sheet["tracks"][name.removesuffix("_dots")]
        if name.endswith("_marked"):
            return sheet["marked"][name.removesuffix("_marked")]
        return sheet.get(name, "")

    def items_from(self, sheet: dict, name: str) -> list:
        return list((default_sheet() | sheet).get(name) or [])

    def sheet(self) -> dict:
        data = self.cleaned_data
        sizes = {track.value: data[f"{track.value}_dots"] for track in Track}
        return {
            **(self.instance.sheet or {}),
            "attributes": {name: data[name] for name in ATTRIBUTES},
            **{key: self.rows(key) for key in _EXPLORER_LISTS},
            "tracks": {track.value: data[f"{track.value}_dots"] for track in Track},
            "marked": track_marks(self.rows("conditions"), sizes),
            "endeavors": self.rows("endeavors"),
            "notes": data["notes"],
        }

    def clean(self):
        """Every field's fault at once, beside the field (ten mistakes took eleven saves,
        each at the top): each part of the sheet is checked by the rules on its own, the rest of the
        sheet left as a new explorer's; the whole sheet is checked when every part passes."""
        data = self.cleaned_data

        def check(field: str, part: dict) -> bool:
            if field in self.errors:
                return False
            try:
                validate_explorer(default_sheet() | part)
            except RulesError as error:
                self.add_error(field, str(error))
                return False
            return True

        for name in ATTRIBUTES:
            if name in data:
                check(name, {"attributes": default_sheet()["attributes"] | {name: data[name]}})
        self._check_budget(data)
        for key in _EXPLORER_LISTS:
            if key not in self.errors:
                check(key, {key: self.rows(key)})
        dots = {track: data.get(f"{track.value}_dots") for track in Track}
        if None not in dots.values():
            check("harm_dots", {"tracks": {track.value: size for track, size in dots.items()}})
        for track in Track:
            marked, field = data.get(f"{track.value}_marked"), f"{track.value}_marked"
            if marked is not None and dots[track] is not None and field not in self.errors:
                try:
                    check_marked(track, dots[track], marked)
                except RulesError as error:
                    self.add_error(field, str(error))
        return super().clean()

    def _check_budget(self, data) -> None:
        """The pip budget, said beside the code raised (a play-test found it at the sheet's top)."""
        record = (self.instance.sheet or {}).get("advancement")
        if not record or any(name in self.errors or name not in data for name in ATTRIBUTES):
            return
        codes = {name: data[name] for name in ATTRIBUTES}
        try:
            Advancement.from_dict(record).check(codes)
        except RulesError as error:
            baseline = Advancement.from_dict(record).baseline
            raised = [name for name in ATTRIBUTES if codes[name] != baseline.get(name, codes[name])]
            self.add_error((raised or list(ATTRIBUTES))[-1], str(error))


_EXPLORER_LISTS = ("roles", "abilities", "aspects", "gear", "conditions", "leverage")
