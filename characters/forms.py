"""Character sheet forms: each system may bring its own (its `sheet_form`); the rest keep notes.
Every form only gathers the sheet; the campaign's rules system validates it
(Character.clean), so its messages are the rules' own."""

import json
import re

from django import forms

from campaigns.common.inputs import MAX_DEPTH, TextField, document_problem
from campaigns.plugins import registry
from characters import rows
from characters.models import Character
from rules.system import MAX_NOTES


def notes_field(rows: int = 5) -> TextField:
    return TextField(
        multiline=True,
        rows=rows,
        required=False,
        max_length=MAX_NOTES,
        help_text=f"Anything else worth keeping, at most {MAX_NOTES:,} characters.",
    )


class CharacterForm(forms.ModelForm):
    """Name plus free notes: the sheet of a system without its own form."""

    name = TextField(max_length=100, help_text="What the table calls this character.")
    notes = notes_field(rows=8)

    # The sheet's lists as rows (characters/rows.py): name -> RowList; `rows(name)` is the list posted.
    row_lists: dict[str, rows.RowList] = {}

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
        data = self.data if self.is_bound else None
        self.list_help = {name: spec.help_text for name, spec in self.row_lists.items()}  # a form may add to it
        self.lists = {
            name: rows.build(name, spec, self.items_from(sheet, name), data, self.row_choices(name))
            for name, spec in self.row_lists.items()
        }

    def items_from(self, sheet: dict, name: str) -> list:
        """The stored items of a list, as its rows read them."""
        return list(sheet.get(name) or [])

    def row_choices(self, name: str) -> dict:
        """The choices of a list's row fields: field name -> the names it may take."""
        return self.row_lists[name].choices

    def rows(self, name: str) -> list:
        """The list its rows make (after a valid post), or the stored one of a list shown read-only."""
        formset = self.lists[name]
        if self.row_lists[name].disabled or not formset.is_bound:
            return self.items_from(self.instance.sheet or {}, name)
        return rows.items_of(formset)

    def parts(self):
        """The fields and the lists in page order: each list before the field it names."""
        lists = {
            name: rows.Rows(name, self.row_lists[name], formset, self._errors or {}, self.list_help[name])
            for name, formset in self.lists.items()
        }
        # The free notes last, whatever the system's form declares (play-test: the base form's notes came
        # second, and the lists shown before them ahead of the attributes); a stable sort keeps the rest.
        for bound in sorted(self.visible_fields(), key=lambda bound: bound.name == "notes"):
            for name in [n for n, spec in self.row_lists.items() if spec.before == bound.name and n in lists]:
                yield lists.pop(name)
            yield bound
        yield from lists.values()

    def add_error(self, field, error):
        """A message about a list goes beside its rows (the rules' messages, e.g.), and keeps the form invalid."""
        if field in getattr(self, "lists", {}):
            messages = error.messages if isinstance(error, forms.ValidationError) else [str(error)]
            self._errors.setdefault(field, self.error_class()).extend(messages)
            return
        super().add_error(field, error)

    def initial_from(self, sheet: dict, name: str):
        return sheet.get(name, "")

    def clean_name(self):
        """One name per character of a player in a campaign (a Back then Save made a
        second "Vex", and the lists could not tell them apart); capitals aside."""
        name = self.cleaned_data["name"].strip()
        if name_taken(self.instance, name):
            raise forms.ValidationError(
                f"You already have a character called {name} in this campaign: choose another name."
            )
        return name

    def sheet(self) -> dict:
        return {**(self.instance.sheet or {}), "notes": self.cleaned_data.get("notes", "")}

    def _clean_fields(self):
        """The fields, then every list's rows, so a form's clean() sees which lists were refused."""
        super()._clean_fields()
        for name, formset in self.lists.items():
            if formset.is_bound and not formset.is_valid():
                self._errors.setdefault(name, self.error_class())
                if not formset.non_form_errors():
                    self._errors[name].append("A row needs a fix: see beside it.")

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


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def textarea(help_text: str, rows: int = 3) -> TextField:
    return TextField(multiline=True, rows=rows, required=False, max_length=MAX_NOTES, help_text=help_text)


RANKS = re.compile(r"-?[0-9]{1,6}")  # ASCII digits ("²" is a digit to Python); the rules then bound them


def refuse(field: str, message: str):
    """A sheet's line that cannot be read, refused beside its field with what is wrong in it (a bad
    rank was reported as a bad stat basis, because an unreadable line lost its stat too)."""
    raise forms.ValidationError({field: message})


def sheet_form_for(campaign) -> type[CharacterForm]:
    return registry.get(campaign.system).sheet_form or CharacterForm


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
