"""One-Roll Engine's character-sheet form: gathers the sheet; the rules validate it."""

import re

from django import forms

from campaigns.inputs import WholeNumberField
from characters.forms import CharacterForm, lines, notes_field, textarea
from rules.ore.sheet import STATS as ORE_STATS


class OreSheetForm(CharacterForm):
    """The One-Roll Engine: six stats (1-5 dice) and skills tied to a stat."""

    skills = textarea(
        "One per line: 'Name (Stat) dice', dice as 2d, 2d+1hd or 1d+1hd+1wd, e.g. 'Piloting (Coordination) 2d+1wd'.",
        rows=4,
    )
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stats = (self.instance.sheet or {}).get("stats", {})
        for name in ORE_STATS:
            self.fields[f"stat__{name}"] = WholeNumberField(
                label=name, initial=stats.get(name, 2), min_value=1, max_value=5, help_text="1 to 5 dice."
            )
        self.order_fields(["name", *(f"stat__{name}" for name in ORE_STATS), "skills", "notes"])

    def clean_skills(self):
        """Every line's fault at once, beside the field (issue 18), and names that differ only in case."""
        text, errors, names = self.cleaned_data["skills"], [], set()
        for line in lines(text):
            try:
                skill = _skill_from_line(line)
            except forms.ValidationError as error:
                errors.extend(error.messages)
                continue
            if skill["name"].casefold() in names:
                errors.append(f"Skill names must differ, in more than capitals: {skill['name']} is there twice.")
            names.add(skill["name"].casefold())
        if errors:
            raise forms.ValidationError(errors)
        return text

    def initial_from(self, sheet: dict, name: str):
        if name == "skills":
            return "\n".join(_skill_line(skill) for skill in sheet.get("skills", []))
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        return {
            **(self.instance.sheet or {}),
            "stats": {name: data[f"stat__{name}"] for name in ORE_STATS},
            "skills": [_skill_from_line(line) for line in lines(data["skills"])],
            "notes": data["notes"],
        }


def _skill_line(skill: dict) -> str:
    parts = [f"{skill['normal']}d"] + [f"{skill[k]}{k[0]}d" for k in ("hard", "wiggle") if skill[k]]
    return f"{skill['name']} ({skill['stat']}) " + "+".join(parts)


ORE_DICE = re.compile(r"[0-9]{1,2}\s*(?:hd|wd|d)(?:\s*\+\s*[0-9]{1,2}\s*(?:hd|wd|d))*")


def _skill_from_line(line: str) -> dict:
    match = re.fullmatch(r"(?P<name>.+?)\s*\((?P<stat>\w+)\)\s*(?P<dice>.*)", line.strip())
    if match is None:
        return {"name": line.strip(), "stat": None}  # the rules say what is missing
    if match["dice"] and not ORE_DICE.fullmatch(match["dice"]):
        # Issue 18: the dice are what is wrong here, not the stat the rules would blame.
        raise forms.ValidationError(
            f"{match['name'].strip()}: '{match['dice']}' are not dice: write them as 2d, 2d+1hd or 1d+1hd+1wd."
        )
    dice = {"normal": 0, "hard": 0, "wiggle": 0}
    for count, kind in re.findall(r"([0-9]{1,2})\s*(hd|wd|d)", match["dice"]):
        dice[{"d": "normal", "hd": "hard", "wd": "wiggle"}[kind]] += int(count)
    return {"name": match["name"].strip(), "stat": match["stat"].capitalize(), **dice}
