"""d100's character-sheet form: gathers the sheet; the rules validate it."""

from django import forms

from campaigns.common.inputs import WholeNumberField
from campaigns.plugins.forms import index_choice, optional_number
from characters.forms import CharacterForm, notes_field
from characters.rows import RowForm, RowList, count_field, name_field, stat_choice
from rules.d100.sheet import DEFAULT_ATTRIBUTES as D100_ATTRIBUTES
from rules.d100.sheet import PERIL_STEPS


class D100SkillRow(RowForm):
    """A skill: its name, the campaign's attribute it tests, ranks 0 to 3, common or special."""

    name = name_field(help_text="The skill's name, e.g. Stealth.")
    attribute = stat_choice("Attribute", "The campaign's attribute it tests.")
    ranks = count_field(0, 3, "Ranks", initial=0, help_text="0 to 3.")
    special = forms.BooleanField(required=False, label="Special", help_text="A special skill.")

    def item(self):
        data = self.cleaned_data
        return {
            "name": data["name"].strip(),
            "attribute": data["attribute"],
            "ranks": data["ranks"] or 0,
            "special": data["special"],
        }


class D100SheetForm(CharacterForm):
    """d100: the campaign's primary attributes, skills with ranks (0-3) and common/special, modifiers, peril."""

    row_lists = {
        "skills": RowList(
            D100SkillRow,
            "Skills",
            "Each skill with its attribute and ranks (0 to 3); tick Special for a special skill.",
            before="modifiers",
            row_label="Skill",
        )
    }
    modifiers = optional_number(
        -30, 30, label="Talent and trait modifiers", help_text="Added to every test's base chance, -30 to +30."
    )
    peril = index_choice(
        list(enumerate(PERIL_STEPS)),
        blank=0,
        help_text="Where the character stands on the Peril Condition Track.",
    )
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        values = (self.instance.sheet or {}).get("attributes", {})
        for name in self.instance.campaign.settings.get("attributes", []):
            self.fields[f"attribute__{name}"] = WholeNumberField(
                label=name, initial=values.get(name, 40), min_value=0, max_value=100, help_text="0 to 100."
            )
        self.order_fields(
            ["name", *(f for f in self.fields if f.startswith("attribute__")), "modifiers", "peril", "notes"]
        )

    def row_choices(self, name: str) -> dict:
        return {"attribute": self.instance.campaign.settings.get("attributes") or D100_ATTRIBUTES}

    def initial_from(self, sheet: dict, name: str):
        return sheet.get(name, 0 if name in ("modifiers", "peril") else "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        skills = self.rows("skills")
        return {
            **(self.instance.sheet or {}),
            "attributes": {f.removeprefix("attribute__"): v for f, v in data.items() if f.startswith("attribute__")},
            "skills": skills,
            "modifiers": data["modifiers"] or 0,
            "peril": data["peril"] or 0,
            "notes": data["notes"],
        }
