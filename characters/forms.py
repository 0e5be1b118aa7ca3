"""Character sheet forms: each system may bring its own; the rest keep notes.
Every form only gathers the sheet; the campaign's rules system validates it
(Character.clean), so its messages are the rules' own."""

import json
import re

from django import forms

from campaigns.inputs import MAX_DEPTH, TextField, WholeNumberField, document_problem
from characters.models import Character
from rules.cgg.conditions import Track
from rules.cgg.sheet import ATTRIBUTES, HIGHEST_ATTRIBUTE, LOWEST_ATTRIBUTE, check_marked, default_sheet
from rules.cgg.sheet import validate_sheet as validate_explorer
from rules.d100.sheet import DEFAULT_ATTRIBUTES as D100_ATTRIBUTES
from rules.d100.sheet import PERIL_STEPS
from rules.errors import RulesError
from rules.ore.sheet import STATS as ORE_STATS
from rules.system import MAX_NOTES
from rules.tribute.effects import parse_effect_line
from rules.zener.stats import ROLLED_STATS as ZENER_STATS
from rules.zener.stats import STAT_RANGE as ZENER_STAT_RANGE


def _notes(rows: int = 5) -> TextField:
    return TextField(multiline=True, rows=rows, required=False, max_length=MAX_NOTES,
                     help_text=f"Anything else worth keeping, at most {MAX_NOTES:,} characters.")  # fmt: skip


class CharacterForm(forms.ModelForm):
    """Name plus free notes: the sheet of a system without its own form."""

    name = TextField(max_length=100, help_text="What the table calls this character.")
    notes = _notes(rows=8)

    class Meta:
        model = Character
        fields = ["name"]

    def __init__(self, *args, session=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.session = session  # the user's session: dice a sheet rolls before its first save wait there
        sheet = self.instance.sheet or {}
        for name, field in self.fields.items():
            if name != "name":
                field.initial = self.initial_from(sheet, name)

    def initial_from(self, sheet: dict, name: str):
        return sheet.get(name, "")

    def clean_name(self):
        """One name per character of a player in a campaign (issue 18: a Back then Save made a
        second "Vex", and the lists could not tell them apart); capitals aside."""
        name = self.cleaned_data["name"].strip()
        if name_taken(self.instance, name):
            raise forms.ValidationError(
                f"You already have a character called {name} in this campaign: choose another name."
            )
        return name

    def sheet(self) -> dict:
        return {**(self.instance.sheet or {}), "notes": self.cleaned_data.get("notes", "")}

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            # Model.full_clean (run next by the ModelForm) validates it through the campaign's system.
            self.instance.sheet = self.sheet()
        return cleaned


def name_taken(character: Character, name: str) -> bool:
    """Whether the character's owner has another character of this name in its campaign."""
    if character.campaign_id is None or character.owner_id is None:
        return False
    return (
        Character.objects.filter(campaign_id=character.campaign_id, owner_id=character.owner_id, name__iexact=name)
        .exclude(pk=character.pk)
        .exists()
    )


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _textarea(help_text: str, rows: int = 3) -> TextField:
    return TextField(multiline=True, rows=rows, required=False, max_length=MAX_NOTES, help_text=help_text)


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
    roles = _textarea("One or two roles, one per line. Two roles make a 9-hour Crisis Clock.", rows=2)
    abilities = _textarea("One per line; mastery as x2 or x3, e.g. 'Weapon (Blaster) x2'.")
    aspects = _textarea("One per line.")
    gear = _textarea("Notable gear, one per line.")
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
    conditions = _textarea("One per line, e.g. 'Surface Wound'.")
    leverage = _textarea("One per line as 'purpose: code', e.g. 'Starship repair: 2d+2'.")
    notes = _notes()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.instance.sheet or "attributes" not in self.instance.sheet:
            for name, field in self.fields.items():
                if name != "name":
                    field.initial = self.initial_from(default_sheet() | (self.instance.sheet or {}), name)

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
        if name in ("roles", "aspects", "gear", "conditions"):
            return "\n".join(sheet[name])
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        return {
            **(self.instance.sheet or {}),
            "attributes": {name: data[name] for name in ATTRIBUTES},
            **{key: self._part(key, data) for key in _EXPLORER_LISTS},
            "tracks": {track.value: data[f"{track.value}_dots"] for track in Track},
            "marked": {track.value: data[f"{track.value}_marked"] for track in Track},
            "notes": data["notes"],
        }

    @staticmethod
    def _part(key: str, data: dict):
        """A list of the sheet from its text field."""
        if key == "abilities":
            abilities = []
            for line in _lines(data["abilities"]):
                match = re.fullmatch(r"(?P<name>.+?)(?:\s+x(?P<mastery>[0-9]{1,2}))?", line)
                abilities.append({"name": match["name"], "mastery": int(match["mastery"] or 1)})
            return abilities
        if key == "leverage":
            return [
                {"purpose": purpose, "code": code.strip()}
                for purpose, _, code in (line.rpartition(":") for line in _lines(data["leverage"]))
            ]
        return _lines(data[key])

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


_EXPLORER_LISTS = ("roles", "abilities", "aspects", "gear", "conditions", "leverage")


class TributeSheetForm(CharacterForm):
    """Tribute Alpha: a rank for each of the campaign's attributes, effects, notes."""

    effects = _textarea(
        "One per line: 'Name rank | feature rank, feature rank | bonus, bonus', "
        "e.g. 'Punch 2 | damage 2, range 1 | knockback'. Features and bonuses are optional; "
        "names are letters, digits, spaces and ' - . ( ) & /.",
        rows=4,
    )
    notes = _notes()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sheet = self.instance.sheet or {}
        ranks = sheet.get("attributes", {})
        for name in self.instance.campaign.settings.get("attributes", []):
            self.fields[f"attribute__{name}"] = WholeNumberField(
                label=name,
                initial=ranks.get(name, 0),
                min_value=-99,
                max_value=99,
                required=False,
                help_text="0 is human average.",
            )
        self.order_fields(["name", *(f for f in self.fields if f.startswith("attribute__")), "effects", "notes"])

    def clean_effects(self) -> list[dict]:
        try:
            return [parse_effect_line(line) for line in _lines(self.cleaned_data["effects"])]
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


class OreSheetForm(CharacterForm):
    """The One-Roll Engine: six stats (1-5 dice) and skills tied to a stat."""

    skills = _textarea(
        "One per line: 'Name (Stat) dice', dice as 2d, 2d+1hd or 1d+1hd+1wd, e.g. 'Piloting (Coordination) 2d+1wd'.",
        rows=4,
    )
    notes = _notes()

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
        for line in _lines(text):
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
            "skills": [_skill_from_line(line) for line in _lines(data["skills"])],
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


SKILL_LINE = re.compile(r"(?P<name>.+?)\s*\((?P<breadth>\w+),\s*(?P<stat>\w+)\)\s*(?P<ranks>.*)")
RANKS = re.compile(r"-?[0-9]{1,6}")  # ASCII digits ("²" is a digit to Python); the rules then bound them


def _refuse(field: str, message: str):
    """A sheet's line that cannot be read, refused beside its field with what is wrong in it (issue 18:
    a bad rank was reported as a bad stat basis, because an unreadable line lost its stat too)."""
    raise forms.ValidationError({field: message})


def _zener_skill(line: str) -> dict:
    match = SKILL_LINE.fullmatch(line)
    if match is None:
        _refuse("skills", f"Write each skill as 'Name (breadth, STAT) ranks', e.g. 'Pilot (narrow, PRAC) 3'; "
                          f"'{line}' is not.")  # fmt: skip
    name, ranks = match["name"].strip(), match["ranks"].strip()
    if ranks and not RANKS.fullmatch(ranks):
        _refuse("skills", f"{name}: its ranks come last, a whole number from 1 to 20 (e.g. '{name} "
                          f"({match['breadth']}, {match['stat']}) 3'); '{ranks}' is not one.")  # fmt: skip
    return {"name": name, "breadth": match["breadth"].lower(), "stat": match["stat"].upper(),
            "ranks": int(ranks or 1)}  # fmt: skip


def _stat_damage(text: str) -> dict:
    """'RES 1, STR 2' as {stat: damage}, each stat once; the rules check the stats' names."""
    damage = {}
    for item in text.split(","):
        stat, _, amount = item.strip().partition(" ")
        stat, amount = stat.upper(), amount.strip()
        if not stat:
            continue
        if not amount:
            _refuse("stat_damage", f"Stat damage: give {stat} a number, e.g. '{stat} 1'.")
        if not RANKS.fullmatch(amount):
            _refuse("stat_damage", f"Stat damage: {stat} takes a whole number, e.g. '{stat} 1'; {amount} is not one.")
        if int(amount) < 0:
            _refuse("stat_damage", f"Stat damage: {stat} {amount}: damage is never negative.")
        if int(amount) > 999:
            _refuse("stat_damage", f"Stat damage: {stat} {amount} is more than 999.")
        if stat in damage:
            _refuse("stat_damage", f"Stat damage names {stat} twice; give it once, with the whole damage.")
        damage[stat] = int(amount)
    return damage


class ZenerSheetForm(CharacterForm):
    """Zener Gate: the thirteen rolled stats and skills; INT's two d6 are rolled once, at creation."""

    skills = _textarea(
        "One per line: 'Name (breadth, STAT) ranks'; breadth is specific, narrow, broad, weapon_broad or "
        "weapon_general; e.g. 'Pilot (narrow, PRAC) 3'. Your profession first.",
        rows=4,
    )
    notes = _notes()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stats, (low, high) = (self.instance.sheet or {}).get("stats", {}), ZENER_STAT_RANGE
        for name in ZENER_STATS:
            self.fields[f"stat__{name}"] = WholeNumberField(
                label=name, initial=stats.get(name, 10), min_value=low, max_value=high, help_text=f"{low} to {high}."
            )
        self.order_fields(["name", *(f"stat__{name}" for name in ZENER_STATS), "skills", "armour", "weapons",
                           "trauma", "shock", "end_spent", "stat_damage", "notes"])  # fmt: skip
        self.int_dice = self._int_dice()
        plus, minus = self.int_dice
        self.fields["skills"].help_text += (
            f" INT's dice: +{plus} −{minus}, rolled once for this character: INT = (PRAC + THEO + ENC + LAN) / 4,"
            f" rounded down, {plus - minus:+d}; skill points = INT × 2."
        )

    def _int_key(self) -> str:
        return f"zener-int-dice-{self.instance.campaign_id}"

    def _int_dice(self) -> list[int]:
        """INT's 1d6 - 1d6 (seed: "INT"), rolled once per character and shown before any skill point
        is spent. Until the first save they wait in the user's session (server-side), so neither a
        refused sheet nor a reload rolls them again, and the browser never holds them to forge."""
        from campaigns.actions import dice  # the table's dice

        sheet = self.instance.sheet or {}
        if "int_dice" in sheet:
            return list(sheet["int_dice"])
        pending = self.session if self.session is not None else {}
        if self._int_key() not in pending:
            pending[self._int_key()] = [dice.roll(6), dice.roll(6)]
        return list(pending[self._int_key()])

    def save(self, commit=True):
        character = super().save(commit)
        if self.session is not None:
            self.session.pop(self._int_key(), None)  # the next new character rolls its own
        return character

    armour = WholeNumberField(min_value=0, max_value=10, required=False, help_text="Armour worn, 0 (none) to 10.")
    weapons = _textarea("One per line: 'Name damage', e.g. 'Rifle 2d6'.", rows=2)

    trauma = WholeNumberField(
        min_value=0, max_value=999, required=False, help_text="Trauma taken; lower it as it heals."
    )
    shock = WholeNumberField(min_value=0, max_value=999, required=False, help_text="Shock taken.")
    end_spent = WholeNumberField(min_value=0, max_value=999, required=False, label="END spent",
                                 help_text="END spent on attacks and efforts; lower it as it returns.")  # fmt: skip
    stat_damage = TextField(required=False, max_length=200, help_text="Stat damage, e.g. 'RES 1, STR 2'.")

    def initial_from(self, sheet: dict, name: str):
        damage = sheet.get("damage", {})
        if name == "skills":
            return "\n".join(f"{s['name']} ({s['breadth']}, {s['stat']}) {s['ranks']}" for s in sheet.get("skills", []))
        if name in ("trauma", "shock", "end_spent"):
            return damage.get(name, 0)
        if name == "armour":
            return sheet.get("armour", 0)
        if name == "weapons":
            return "\n".join(f"{w['name']} {w['damage']}" for w in sheet.get("weapons", []))
        if name == "stat_damage":
            return ", ".join(f"{stat} {n}" for stat, n in damage.get("stats", {}).items())
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        sheet = {**(self.instance.sheet or {}), "int_dice": self.int_dice}
        skills = [_zener_skill(line) for line in _lines(data["skills"])]
        stat_damage = _stat_damage(data["stat_damage"])
        damage = {key: data[key] or 0 for key in ("trauma", "shock", "end_spent")} | {"stats": stat_damage}
        weapons = []
        for line in _lines(data["weapons"]):
            name, _, damage_text = line.rpartition(" ")
            weapons.append({"name": name.strip() or line, "damage": damage_text if name else ""})
        return {
            **sheet,
            "stats": {name: data[f"stat__{name}"] for name in ZENER_STATS},
            "skills": skills,
            "armour": data["armour"] or 0,
            "weapons": weapons,
            "damage": damage,
            "notes": data["notes"],
        }


D100_SKILL_LINE = re.compile(r"(?P<name>.+?)\s*\((?P<attribute>[^)]+)\)\s*(?P<rest>.*)")


def _d100_skill(line: str, attributes) -> dict:
    """'Stealth (Agility) 2 special': the attribute in any case is the campaign's (issue 18)."""
    match = D100_SKILL_LINE.fullmatch(line)
    if match is None:
        _refuse("skills", f"Write each skill as 'Name (Attribute) ranks', e.g. 'Stealth (Agility) 2'; '{line}' is not.")
    name, attribute, rest = match["name"].strip(), match["attribute"].strip(), match["rest"].split()
    attribute = next((a for a in attributes if a.casefold() == attribute.casefold()), attribute)
    special = bool(rest) and rest[-1].casefold() == "special"
    ranks = rest[:-1] if special else rest
    if len(ranks) > 1 or (ranks and not RANKS.fullmatch(ranks[0])):
        _refuse("skills", f"{name}: its ranks come after the attribute, a whole number from 0 to 3 (e.g. "
                          f"'{name} ({attribute}) 2'); '{' '.join(ranks)}' is not one.")  # fmt: skip
    return {"name": name, "attribute": attribute, "ranks": int(ranks[0]) if ranks else 0, "special": special}


class D100SheetForm(CharacterForm):
    """d100: the campaign's primary attributes, skills with ranks (0-3) and common/special, modifiers, peril."""

    skills = _textarea("One per line: 'Name (Attribute) ranks', add 'special' for a special skill, "
                       "e.g. 'Stealth (Agility) 2' or 'Surgery (Intelligence) 0 special'.", rows=4)  # fmt: skip
    modifiers = WholeNumberField(min_value=-30, max_value=30, required=False, label="Talent and trait modifiers",
                                 help_text="Added to every test's base chance, -30 to +30.")  # fmt: skip
    peril = forms.TypedChoiceField(choices=list(enumerate(PERIL_STEPS)), coerce=int, required=False, empty_value=0,
                                   help_text="Where the character stands on the Peril Condition Track.")  # fmt: skip
    notes = _notes()

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
        skills = [_d100_skill(line, names) for line in _lines(data["skills"])]
        return {
            **(self.instance.sheet or {}),
            "attributes": {f.removeprefix("attribute__"): v for f, v in data.items() if f.startswith("attribute__")},
            "skills": skills,
            "modifiers": data["modifiers"] or 0,
            "peril": data["peril"] or 0,
            "notes": data["notes"],
        }


SHEET_FORMS = {
    "cgg": ExplorerSheetForm,
    "tribute": TributeSheetForm,
    "ore": OreSheetForm,
    "zener": ZenerSheetForm,
    "d100": D100SheetForm,
}


def sheet_form_for(campaign) -> type[CharacterForm]:
    return SHEET_FORMS.get(campaign.system, CharacterForm)


class SheetImportForm(forms.Form):
    """A character from a JSON file: `{"name": ..., "sheet": {...}}`, as a sheet download or a
    campaign export's character gives it. The campaign's system validates the sheet."""

    MAX_BYTES = 200_000
    file = forms.FileField(label="Character file (JSON)", help_text="A sheet downloaded from Fivefold, or your own.")

    def clean_file(self) -> dict:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {self.MAX_BYTES // 1000} kB; a sheet is much smaller."
            )
        try:
            data = json.loads(upload.read().decode("utf-8"))
        except RecursionError as error:  # the decoder recurses per level: "[" * 100_000
            raise forms.ValidationError(f"The file is nested more than {MAX_DEPTH} levels deep.") from error
        except (UnicodeDecodeError, ValueError) as error:
            raise forms.ValidationError("This file is not JSON.") from error
        # Every text of the document, keys too: a "\u0000" or a lone "\ud800" decodes fine and fails in the database.
        problem = document_problem(data)
        if problem:
            raise forms.ValidationError(problem)
        if not isinstance(data, dict) or not isinstance(data.get("sheet"), dict):
            raise forms.ValidationError('The file needs a "sheet" object (and a "name").')
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise forms.ValidationError('The file needs the character\'s "name".')
        return {"name": name.strip()[:100], "sheet": data["sheet"]}
