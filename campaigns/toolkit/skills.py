"""A skill on a roll form picks the stat it belongs to (a skill rolled against the
stat select's default, silently).

The stat select's first choice is "the skill's own": the server then takes the stat from the
character's sheet, so the roll is right without JavaScript. The skill select's options carry
their stat (`data-stat`), and static/fivefold/table.js sets the stat select back to "the
skill's own (Agility)" when the skill changes. Whether another stat may be named is each
system's rule (rules/d100/sheet.py::attribute_for, rules/ore/sheet.py::stat_for,
rules/zener/stats.py::stat_basis)."""

from __future__ import annotations

from django import forms

from campaigns.common.inputs import row_id

OWN = ""
OWN_LABEL = "The skill's own"


def stat_field(choices, **kwargs) -> forms.ChoiceField:
    """A stat select whose first choice (the default) is the skill's own stat."""
    widget = forms.Select(attrs={"data-skill-stat": ""})
    return forms.ChoiceField(choices=[(OWN, OWN_LABEL), *choices], required=False, widget=widget, **kwargs)


def skill_options(characters, stat_key: str) -> list[tuple]:
    """Each character with its skills' (name, the stat it belongs to), by name: a roll form's skill
    select offers them in one group per character (templates/systems/_skill_groups.html), and
    static/fivefold/table.js shows only the group of the character chosen (the GM's form
    offered every character's skills, and a player's second character the first one's)."""
    return [
        (character, sorted((s["name"], s.get(stat_key) or "") for s in character.sheet.get("skills", [])))
        for character in characters
        if character.sheet.get("skills")
    ]


def skill_select(characters, *, alone: str) -> forms.Select:
    """A GM's skill select: every character's skills, one group per character, the first choice `alone` (the
    stat or attribute alone). Never typed ("dodge" for "Dodge", or an attribute in the skill box,
    was refused); the action still checks the skill against the chosen character's sheet."""
    groups = [
        (character.name, [(name, name) for name, _stat in options])
        for character, options in skill_options(characters, "")
    ]
    return forms.Select(choices=[("", alone), *groups])


def no_such_skill(character, skill: str) -> str:
    """Why a skill cannot be rolled for this character, naming the ones it has (a form sent without
    JavaScript keeps the skill chosen for the character before)."""
    names = sorted(s["name"] for s in character.sheet.get("skills", []))
    has = (
        f"{character.name}'s skills are {', '.join(names)}."
        if names
        else f"{character.name} has no skills on the sheet."
    )
    return f"{character.name} has no skill called {skill}: {has}"


def name_own_stat(form, field: str, stat_key: str, *, skill_field: str = "skill", character_field: str = "character"):
    """Say which stat "the skill's own" is for the character and skill the form holds. A bound form (a
    roll posted) names it once cleaned (`OwnStatNamed`), from the character its own field has read: the
    roll post made a query of its own for it, and most posts are never shown again."""
    if form.is_bound:
        form.own_stat = (field, stat_key, skill_field, character_field)
        return
    skill, character_id = str(form.initial.get(skill_field) or "").strip(), str(form.initial.get(character_field) or "")
    pk = row_id(character_id)
    if not skill or pk is None:
        return  # nothing to name, or a character id the form itself refuses
    _name(form, field, stat_key, skill, form.fields[character_field].queryset.filter(pk=pk).first())


def _name(form, field: str, stat_key: str, skill: str, character) -> None:
    found = next((s for s in character.sheet.get("skills", []) if s["name"] == skill), None) if character else None
    if found is not None:
        choices = list(form.fields[field].choices)
        form.fields[field].choices = [(OWN, f"{OWN_LABEL} ({found[stat_key]})"), *choices[1:]]


class OwnStatNamed:
    """A form calling `name_own_stat`: bound, it names the skill's own stat once cleaned."""

    own_stat = None

    def _post_clean(self):
        super()._post_clean()
        if self.own_stat:
            field, stat_key, skill_field, character_field = self.own_stat
            skill = str(self.data.get(skill_field) or "").strip()
            _name(self, field, stat_key, skill, self.cleaned_data.get(character_field))
