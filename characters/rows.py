"""A sheet's lists as rows: skills, gear, effects… each a formset of small bounded row forms
with a "Remove" box per row and an "Add a row" button (static/fivefold/rows.js clones the empty row), in
place of a textarea with a line syntax. The rows gather the list; the rules still validate the sheet."""

from dataclasses import dataclass, field

from django import forms

from campaigns.common.inputs import TextField, WholeNumberField

MAX_ROWS = 60  # a sheet's list is a few rows; the management form cannot ask for more
MISSING = "This list's rows were not sent with the sheet; reload the page and try again."


class RowForm(forms.Form):
    """One row of a list. A subclass names its fields, reads its row from the sheet's item (`initial_for`)
    and writes the item back (`item`), so the stored sheet keeps its shape."""

    def __init__(self, *args, choices: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        for name, options in (choices or {}).items():  # the campaign's or the system's names, or (key, words) pairs
            self.fields[name].choices = [("", "—"), *(o if isinstance(o, tuple) else (o, o) for o in options)]

    @classmethod
    def initial_for(cls, item) -> dict:
        return dict(item)

    def has_changed(self) -> bool:
        """An added row counts once something is in it: a blank row (its numbers and choices as offered) is skipped."""
        return any(
            self[name].data not in (None, "", "0", False)
            and field.has_changed(self.get_initial_for_field(field, name), self[name].data)
            for name, field in self.fields.items()
            if name != "DELETE"
        )

    def item(self):
        return {name: value for name, value in self.cleaned_data.items() if name != "DELETE"}


class TextRow(RowForm):
    """A row of one text: a role, an aspect, an endeavor. The item is the text itself."""

    text = TextField(max_length=200, label="Name", help_text="One entry.")

    @classmethod
    def initial_for(cls, item) -> dict:
        return {"text": item}

    def item(self):
        return self.cleaned_data["text"].strip()


def name_field(label: str = "Name", help_text: str = "As the sheet calls it.") -> TextField:
    return TextField(max_length=100, label=label, help_text=help_text)


def count_field(low: int, high: int, label: str, **kwargs) -> WholeNumberField:
    kwargs.setdefault("help_text", f"{low} to {high}.")
    return WholeNumberField(min_value=low, max_value=high, label=label, **kwargs)


def stat_choice(label: str = "Stat", help_text: str = "The stat it rolls with.") -> forms.ChoiceField:
    """Filled with the system's or campaign's names by RowForm(choices=...); a blank first choice, so an
    untouched added row stays empty and is skipped."""
    return forms.ChoiceField(choices=[("", "—")], label=label, help_text=help_text)


class RowFormSet(forms.BaseFormSet):
    """A row added in the browser starts blank: the sheet's stored rows are the initial ones only, so an added
    row is never mistaken for an untouched stored one (and skipped)."""

    def _construct_form(self, i, **kwargs):
        if self.is_bound and i >= self.initial_form_count():
            kwargs.setdefault("initial", {})
        return super()._construct_form(i, **kwargs)


@dataclass
class RowList:
    """One list of the sheet as rows: its row form, where it sits on the page and what it says."""

    form: type[RowForm]
    label: str
    help_text: str = ""
    before: str = "notes"  # the field it is shown before
    row_label: str = "Row"
    max_rows: int = MAX_ROWS
    disabled: bool = False  # shown, never taken from the post (CGG's conditions)
    extra: int = 1
    choices: dict = field(default_factory=dict)

    def formset_class(self):
        return forms.formset_factory(
            self.form,
            formset=RowFormSet,
            extra=0 if self.disabled else self.extra,
            can_delete=not self.disabled,
            max_num=self.max_rows,
            absolute_max=self.max_rows,
            validate_max=True,
        )


class Rows:
    """A bound list of rows on the page: the formset, its spec, and the messages about the whole list."""

    is_rows = True

    def __init__(self, name: str, spec: RowList, formset, errors, help_text: str):
        self.name, self.spec, self.formset, self.errors, self.help_text = name, spec, formset, errors, help_text

    @property
    def label(self) -> str:
        return self.spec.label

    def list_errors(self) -> list[str]:
        return [*self.formset.non_form_errors(), *self.errors.get(self.name, [])]


def build(name: str, spec: RowList, items: list, data, choices: dict):
    """The formset of one list: rows from the sheet's items, or from the post when there is one."""
    formset_class = spec.formset_class()
    initial = [spec.form.initial_for(item) for item in items]
    bound = data is not None and not spec.disabled
    formset = formset_class(data if bound else None, prefix=name, initial=initial, form_kwargs={"choices": choices})
    formset.error_messages = {**formset.error_messages, "missing_management_form": MISSING}
    if spec.disabled:
        for form in formset.forms:
            for row_field in form.fields.values():
                row_field.disabled = True
    return formset


def items_of(formset) -> list:
    """The list the rows make: in their order, without removed rows and added rows left blank."""
    return [
        form.item()
        for form in formset.forms
        if form.cleaned_data and not (formset.can_delete and formset._should_delete_form(form))
    ]
