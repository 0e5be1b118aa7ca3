"""Tribute Alpha's character-sheet form: gathers the sheet; the rules validate it."""

from django import forms

from campaigns.systems.tribute.forms import ranged_rank
from characters.forms import CharacterForm, lines, notes_field, textarea
from rules.errors import RulesError
from rules.tribute.effects import parse_effect_line


class TributeSheetForm(CharacterForm):
    """Tribute Alpha: a rank for each of the campaign's attributes, effects, notes."""

    effects = textarea(
        "One per line: 'Name rank | feature rank, feature rank | bonus, bonus', "
        "e.g. 'Punch 2 | damage 2, range 1 | knockback'. Features and bonuses are optional; "
        "names are letters, digits, spaces and ' - . ( ) & /.",
        rows=4,
    )
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sheet = self.instance.sheet or {}
        ranks = sheet.get("attributes", {})
        settings = self.instance.campaign.settings
        for name in settings.get("attributes", []):
            self.fields[f"attribute__{name}"] = ranged_rank(  # the campaign's effective range
                settings,
                label=name,
                initial=ranks.get(name, 0),
                required=False,
                help_text="0 is human average.",
            )
        self.order_fields(["name", *(f for f in self.fields if f.startswith("attribute__")), "effects", "notes"])

    def clean_effects(self) -> list[dict]:
        try:
            return [parse_effect_line(line) for line in lines(self.cleaned_data["effects"])]
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error

    def initial_from(self, sheet: dict, name: str):
        if name == "effects":
            return "\n".join(_effect_line(effect) for effect in sheet.get("effects", []))
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        return {
            **(self.instance.sheet or {}),
            "attributes": {
                f.removeprefix("attribute__"): v or 0 for f, v in data.items() if f.startswith("attribute__")
            },
            "effects": data["effects"],
            "notes": data["notes"],
        }


def _effect_line(effect: dict) -> str:
    features = ", ".join(f"{f['name']} {f['rank']}" for f in effect["features"])
    parts = [f"{effect['name']} {effect['rank']}", features, ", ".join(effect["bonuses"])]
    return " | ".join(parts).rstrip(" |")
