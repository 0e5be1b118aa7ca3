"""Centaurus Gate's character-sheet form: gathers the sheet; the rules validate it."""

import re

from campaigns.inputs import TextField, WholeNumberField
from campaigns.systems.cgg.advancement import budget_line
from characters.forms import CharacterForm, lines, notes_field, textarea
from rules.cgg.advancement_budget import Advancement
from rules.cgg.condition_effects import full_tracks, track_marks
from rules.cgg.conditions import Track
from rules.cgg.sheet import ATTRIBUTES, HIGHEST_ATTRIBUTE, LOWEST_ATTRIBUTE, check_marked, default_sheet
from rules.cgg.sheet import validate_sheet as validate_explorer
from rules.errors import RulesError


def _attribute() -> TextField:
    return TextField(
        max_length=8, help_text=f"A die code from {LOWEST_ATTRIBUTE} to {HIGHEST_ATTRIBUTE}, e.g. 3d or 3d+2."
    )


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
    roles = textarea("One or two roles, one per line. Two roles make a 9-hour Crisis Clock.", rows=2)
    abilities = textarea("One per line; mastery as x2 or x3, e.g. 'Weapon (Blaster) x2'.")
    aspects = textarea("One per line.")
    gear = textarea("Notable gear, one per line; end a line with its die code to roll it in (Armour jacket 3d).")
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
    # Conditions are "exclusively the domain of the Exec" (campaigns/systems/cgg/conditions.py): shown
    # here, never taken from the post (a disabled field keeps the sheet's own), and the marks follow them.
    conditions = textarea("Given and removed by the Exec at the table.")
    endeavors = textarea("One per line, as agreed with the Exec: one is earned at the 2nd, 4th and 6th advancement.")
    leverage = textarea("One per line as 'purpose: code', e.g. 'Starship repair: 2d+2'.")
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.instance.sheet or "attributes" not in self.instance.sheet:
            for name, field in self.fields.items():
                if name != "name":
                    field.initial = self.initial_from(default_sheet() | (self.instance.sheet or {}), name)
        for name in ("conditions", *(f"{track.value}_marked" for track in Track)):
            self.fields[name].disabled = True
        sheet = self.instance.sheet or {}
        full = full_tracks(sheet.get("conditions", []), sheet.get("tracks", {}))
        for track in Track:  # the marks are the conditions' levels; a full track says what happens
            self.fields[f"{track.value}_marked"].help_text = "Marked by the Exec's conditions." + (
                f" Full: {full[track.value]}" if track.value in full else ""
            )
        budget = budget_line(self.instance.sheet or {})
        if budget:  # from the first advancement on, raising a code spends its pips (issue 21); said once (pt2)
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
        if name == "abilities":
            return "\n".join(a["name"] + (f" x{a['mastery']}" if a["mastery"] > 1 else "") for a in sheet[name])
        if name == "leverage":
            return "\n".join(f"{item['purpose']}: {item['code']}" for item in sheet[name])
        if name == "endeavors":
            return "\n".join(sheet.get(name, []))
        if name in ("roles", "aspects", "gear", "conditions"):
            return "\n".join(sheet[name])
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        sizes = {track.value: data[f"{track.value}_dots"] for track in Track}
        return {
            **(self.instance.sheet or {}),
            "attributes": {name: data[name] for name in ATTRIBUTES},
            **{key: self._part(key, data) for key in _EXPLORER_LISTS},
            "tracks": {track.value: data[f"{track.value}_dots"] for track in Track},
            "marked": track_marks(self._part("conditions", data), sizes),
            "endeavors": lines(data["endeavors"]),
            "notes": data["notes"],
        }

    @staticmethod
    def _part(key: str, data: dict):
        """A list of the sheet from its text field."""
        if key == "abilities":
            abilities = []
            for line in lines(data["abilities"]):
                match = re.fullmatch(r"(?P<name>.+?)(?:\s+x(?P<mastery>[0-9]{1,2}))?", line)
                abilities.append({"name": match["name"], "mastery": int(match["mastery"] or 1)})
            return abilities
        if key == "leverage":
            return [
                {"purpose": purpose, "code": code.strip()}
                for purpose, _, code in (line.rpartition(":") for line in lines(data["leverage"]))
            ]
        return lines(data[key])

    def clean(self):
        """Every field's fault at once, beside the field (issue 18: ten mistakes took eleven saves,
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
            if key in data:
                check(key, {key: self._part(key, data)})
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
        """The pip budget, said beside the code raised (play-test pt2: it sat at the sheet's top)."""
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
