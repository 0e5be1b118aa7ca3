"""Zener Gate's sheet lists as rows (characters/rows.py): skills, disadvantages, languages and
weapons, each field bounded and the names chosen from the rules' own; the rules still validate the sheet."""

from django import forms

from campaigns.common.inputs import TextField
from characters.rows import RowForm, count_field, name_field, stat_choice
from rules.errors import RulesError
from rules.zener.disadvantages import POINTS
from rules.zener.languages import ASPECTS as LANGUAGE_ASPECTS
from rules.zener.sheet import _weapon
from rules.zener.stats import BREADTH_COST, MAX_RANKS, ROLLED_STATS

# The breadths in words (play-test: the list showed "weapon_broad"); the sheet keeps the rules' keys.
BREADTH_WORDS = {"weapon_broad": "Weapon (broad)", "weapon_general": "Weapon (general)"}
BREADTHS = tuple((key, BREADTH_WORDS.get(key, key)) for key in BREADTH_COST)
FIRE = {"": "single", "burst": "burst", "full_auto": "auto"}  # the sheet's "fire" and how a player says it


class SkillRow(RowForm):
    """A skill: name, breadth (specific to broad, or a weapon skill's), the stat it rolls on, 1 to 20 ranks."""

    name = name_field(help_text="The skill, e.g. Pilot.")
    breadth = stat_choice("Breadth", "Specific, narrow or broad; or a weapon skill, broad or general.")
    stat = stat_choice("Stat", "The stat it rolls on.")
    ranks = count_field(1, MAX_RANKS, "Ranks", initial=1)

    def item(self):
        data = self.cleaned_data
        return {"name": data["name"].strip(), "breadth": data["breadth"], "stat": data["stat"], "ranks": data["ranks"]}


class DisadvantageRow(RowForm):
    """A disadvantage: its points (1, 2 or 4, specific to general), ranks, and what it bears on: the skills and
    stats whose checks its ranks make harder, 2 a rank (rules.zener.disadvantages.bearing)."""

    name = name_field(help_text="e.g. Poor at Mathematics.")
    points = forms.TypedChoiceField(
        choices=[("", "—"), *((p, str(p)) for p in POINTS)],
        coerce=int,
        label="Points",
        help_text="1, 2 or 4 (specific to general).",
    )
    ranks = count_field(1, MAX_RANKS, "Ranks", initial=1)
    bears_on = TextField(
        max_length=300,
        required=False,
        label="Bears on",
        help_text="Skills and stats whose checks it makes harder, −2 a rank, commas between: "
        "'Mathematics, THEO'. A stat takes in the skills founded on it. Blank: the "
        "GM applies it.",
    )

    @classmethod
    def initial_for(cls, item) -> dict:
        return {**item, "bears_on": ", ".join(item.get("bears_on", []))}

    def item(self):
        data = self.cleaned_data
        named = [part.strip() for part in data["bears_on"].split(",") if part.strip()]
        return {
            "name": data["name"].strip(),
            "points": data["points"],
            "ranks": data["ranks"],
            **({"bears_on": named} if named else {}),
        }


class LanguageRow(RowForm):
    """A language and era: the aspect bought and its ranks, or native (3 in each aspect), with the native
    aspects kept below 3 when ranks are given up (2 points each)."""

    name = name_field(help_text="e.g. Spanish.")
    era = TextField(max_length=60, label="Era", help_text="e.g. 1920s.")
    aspect = stat_choice("Aspect", "The aspect bought (the others follow), or native.")
    ranks = count_field(0, 3, "Ranks", initial=0, required=False, help_text="0 to 3; a native language has 3.")
    spoken = count_field(0, 3, "Native spoken", required=False, help_text="Native only: blank keeps 3.")
    heard = count_field(0, 3, "Native heard", required=False, help_text="Native only: blank keeps 3.")
    written = count_field(0, 3, "Native written", required=False, help_text="Native only: blank keeps 3.")
    read = count_field(0, 3, "Native read", required=False, help_text="Native only: blank keeps 3.")

    @classmethod
    def initial_for(cls, item) -> dict:
        given_up = {a: n for a, n in item.get("aspects", {}).items() if n < 3} if item["aspect"] == "native" else {}
        return {
            "name": item["name"],
            "era": item["era"],
            "aspect": item["aspect"],
            "ranks": item.get("ranks", 0),
            **given_up,
        }

    def item(self):
        data = self.cleaned_data
        language = {"name": data["name"].strip(), "era": data["era"].strip(), "aspect": data["aspect"]}
        if data["aspect"] == "native":
            kept = {a: 3 if data[a] is None else data[a] for a in LANGUAGE_ASPECTS}
            return language | {"ranks": 3, "aspects": kept}
        return language | {"ranks": data["ranks"] or 0}


class WeaponRow(RowForm):
    """A weapon as bought (seed: "Weapons"): damage in d6, rate of fire, melee, reach, a shorter effective
    range, its skill (half cost) or found (free); the rules price it."""

    name = name_field(help_text="e.g. Rifle.")
    damage = TextField(max_length=20, label="Damage", help_text="In d6, e.g. 3d6 or 3d6+1; 1d2 = 1/3 d6, 1d3 = 1/2 d6.")
    fire = forms.ChoiceField(choices=list(FIRE.items()), required=False, label="Fire", help_text="Rate of fire.")
    melee = forms.BooleanField(required=False, label="Melee", help_text="A melee weapon.")
    reach = count_field(0, 20, "Reach", required=False, help_text="Steps, 0 to 20.")
    restricted = count_field(0, 20, "Effective", required=False, help_text="Steps shorter, 0 to 20.")
    skill = forms.BooleanField(required=False, label="Skill", help_text="You have its skill: half cost.")
    found = forms.BooleanField(required=False, label="Found", help_text="Found in the adventure: free.")

    @classmethod
    def initial_for(cls, item) -> dict:
        return {**item, "fire": "" if item.get("fire", "single") == "single" else item["fire"]}

    def clean(self):
        data = super().clean()
        if not self.errors:
            try:  # the rules' own reading and pricing of a weapon
                _weapon(self.item())
            except RulesError as error:
                self.add_error("damage", str(error))
        return data

    def item(self):
        data = self.cleaned_data
        weapon = {"name": data["name"].strip(), "damage": data["damage"].strip()}
        if data["fire"]:
            weapon["fire"] = data["fire"]
        weapon |= {flag: True for flag in ("melee", "skill", "found") if data[flag]}
        weapon |= {key: data[key] for key in ("reach", "restricted") if data[key]}
        return weapon


CHOICES = {
    "skills": {"breadth": BREADTHS, "stat": ROLLED_STATS},
    "languages": {"aspect": (*LANGUAGE_ASPECTS, "native")},
}
