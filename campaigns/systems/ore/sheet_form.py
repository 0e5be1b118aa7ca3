"""One-Roll Engine's character-sheet form: gathers the sheet; the rules validate it."""

from django import forms

from campaigns.common.inputs import WholeNumberField
from characters.forms import CharacterForm, notes_field
from characters.rows import RowForm, RowList, count_field, name_field, stat_choice
from rules.ore.sheet import STATS as ORE_STATS


class OreSkillRow(RowForm):
    """A skill (seed: "Stats & Skills", "Hard Dice and Wiggle Dice"): its stat and its normal, hard and wiggle
    dice, 0 to 5 each (the rules check the 5 in all)."""

    name = name_field(help_text="The skill's name, e.g. Piloting.")
    stat = stat_choice("Stat", "The stat it rolls with.")
    normal = count_field(0, 5, "Dice", initial=0, required=False, help_text="Normal dice, 0 to 5.")
    hard = count_field(0, 5, "Hard dice", initial=0, required=False, help_text="Hard dice (always 10), 0 to 5.")
    wiggle = count_field(
        0, 5, "Wiggle dice", initial=0, required=False, help_text="Wiggle dice (set after the roll), 0 to 5."
    )

    def clean(self):
        data = super().clean()
        counts = [data.get(key) or 0 for key in ("normal", "hard", "wiggle")]
        if not self.errors and sum(counts) > 5:
            raise forms.ValidationError(f"{data['name'].strip()} has 0 to 5 dice in all, not {sum(counts)}.")
        return data

    def item(self):
        data = self.cleaned_data
        return {
            "name": data["name"].strip(),
            "stat": data["stat"],
            **{key: data[key] or 0 for key in ("normal", "hard", "wiggle")},
        }


class OreSheetForm(CharacterForm):
    """The One-Roll Engine: six stats (1-5 dice) and skills tied to a stat."""

    row_lists = {
        "skills": RowList(
            OreSkillRow,
            "Skills",
            "Each skill with its stat and dice: normal, hard and wiggle, 5 in all at most.",
            row_label="Skill",
            choices={"stat": ORE_STATS},
        )
    }
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stats = (self.instance.sheet or {}).get("stats", {})
        for name in ORE_STATS:
            self.fields[f"stat__{name}"] = WholeNumberField(
                label=name, initial=stats.get(name, 2), min_value=1, max_value=5, help_text="1 to 5 dice."
            )
        self.order_fields(["name", *(f"stat__{name}" for name in ORE_STATS), "notes"])

    def clean(self):
        """Names that differ only in case, said beside the skills."""
        cleaned = super().clean()
        if "skills" not in self.errors:
            names = [skill["name"] for skill in self.rows("skills")]
            twice = next((n for i, n in enumerate(names) if n.casefold() in {m.casefold() for m in names[:i]}), None)
            if twice:
                self.add_error("skills", f"Skill names must differ, in more than capitals: {twice} is there twice.")
        return cleaned

    def sheet(self) -> dict:
        data = self.cleaned_data
        return {
            **(self.instance.sheet or {}),
            "stats": {name: data[f"stat__{name}"] for name in ORE_STATS},
            "skills": self.rows("skills"),
            "notes": data["notes"],
        }
