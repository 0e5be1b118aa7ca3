"""d100's character-sheet form: gathers the sheet; the rules validate it."""

import re

from django import forms

from campaigns.inputs import WholeNumberField
from characters.forms import RANKS, CharacterForm, lines, notes_field, refuse, textarea
from rules.d100.sheet import DEFAULT_ATTRIBUTES as D100_ATTRIBUTES
from rules.d100.sheet import PERIL_STEPS

D100_SKILL_LINE = re.compile(r"(?P<name>.+?)\s*\((?P<attribute>[^)]+)\)\s*(?P<rest>.*)")


def _d100_skill(line: str, attributes) -> dict:
    """'Stealth (Agility) 2 special': the attribute in any case is the campaign's (issue 18)."""
    match = D100_SKILL_LINE.fullmatch(line)
    if match is None:
        refuse("skills", f"Write each skill as 'Name (Attribute) ranks', e.g. 'Stealth (Agility) 2'; '{line}' is not.")
    name, attribute, rest = match["name"].strip(), match["attribute"].strip(), match["rest"].split()
    attribute = next((a for a in attributes if a.casefold() == attribute.casefold()), attribute)
    special = bool(rest) and rest[-1].casefold() == "special"
    ranks = rest[:-1] if special else rest
    if len(ranks) > 1 or (ranks and not RANKS.fullmatch(ranks[0])):
        refuse("skills", f"{name}: its ranks come after the attribute, a whole number from 0 to 3 (e.g. "
                          f"'{name} ({attribute}) 2'); '{' '.join(ranks)}' is not one.")  # fmt: skip
    return {"name": name, "attribute": attribute, "ranks": int(ranks[0]) if ranks else 0, "special": special}


class D100SheetForm(CharacterForm):
    """d100: the campaign's primary attributes, skills with ranks (0-3) and common/special, modifiers, peril."""

    skills = textarea("One per line: 'Name (Attribute) ranks', add 'special' for a special skill, "
                       "e.g. 'Stealth (Agility) 2' or 'Surgery (Intelligence) 0 special'.", rows=4)  # fmt: skip
    modifiers = WholeNumberField(min_value=-30, max_value=30, required=False, label="Talent and trait modifiers",
                                 help_text="Added to every test's base chance, -30 to +30.")  # fmt: skip
    peril = forms.TypedChoiceField(choices=list(enumerate(PERIL_STEPS)), coerce=int, required=False, empty_value=0,
                                   help_text="Where the character stands on the Peril Condition Track.")  # fmt: skip
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        values = (self.instance.sheet or {}).get("attributes", {})
        for name in self.instance.campaign.settings.get("attributes", []):
            self.fields[f"attribute__{name}"] = WholeNumberField(label=name, initial=values.get(name, 40), min_value=0,
                                                                 max_value=100, help_text="0 to 100.")  # fmt: skip
        self.order_fields(["name", *(f for f in self.fields if f.startswith("attribute__")), "skills", "modifiers",
                           "peril", "notes"])  # fmt: skip

    def initial_from(self, sheet: dict, name: str):
        if name == "skills":
            return "\n".join(f"{s['name']} ({s['attribute']}) {s['ranks']}" + (" special" if s["special"] else "")
                             for s in sheet.get("skills", []))  # fmt: skip
        return sheet.get(name, 0 if name in ("modifiers", "peril") else "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        names = self.instance.campaign.settings.get("attributes") or D100_ATTRIBUTES
        skills = [_d100_skill(line, names) for line in lines(data["skills"])]
        return {
            **(self.instance.sheet or {}),
            "attributes": {f.removeprefix("attribute__"): v for f, v in data.items() if f.startswith("attribute__")},
            "skills": skills,
            "modifiers": data["modifiers"] or 0,
            "peril": data["peril"] or 0,
            "notes": data["notes"],
        }
