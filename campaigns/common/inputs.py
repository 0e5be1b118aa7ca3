"""What every form and query parameter accepts from a browser or a file: text without
control characters, whole numbers written in ASCII digits within the rules' bounds,
and JSON documents of a sane size and depth. One definition for every form:
a NUL byte reached PostgreSQL and came back as a 503; `"²".isdigit()` is true but
`int("²")` raises; a list nested 100,000 deep overflowed the stack."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

# C0 and C1 controls, DEL, and UTF-16 surrogates (a lone one cannot be stored as UTF-8).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL_ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
# A whole number as people type it: an optional sign and ASCII digits. `int()` would also take
# "٣", "1_000" and " 3 "; `str.isdigit()` says yes to "²", which int() then refuses.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
# A decimal as people type it (a load in kg, an era's loss, a table's value): an optional sign, ASCII
# digits and at most one point. `float()` would also take "٣", "1_0", "1e309" (infinity), "nan" and "inf".
_DECIMAL_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})")


def text_problem(value: str, *, multiline: bool = False) -> str | None:
    """Why this text cannot be kept, or None. Tabs and line breaks only where lines are allowed."""
    found = (_CONTROL if multiline else _CONTROL_ONE_LINE).search(value)
    if found is None:
        return None
    char = found.group()
    if "\ud800" <= char <= "\udfff":
        return f"The text has a lone surrogate (U+{ord(char):04X}), which is not a character; retype it."
    return f"The text has a control character (U+{ord(char):04X}) that cannot be kept; remove it."


@deconstructible
class PlainTextValidator:
    """Refuse control characters (and lone surrogates); a textarea keeps tabs and line breaks."""

    def __init__(self, multiline: bool = False):
        self.multiline = multiline

    def __call__(self, value) -> None:
        problem = text_problem(str(value), multiline=self.multiline)
        if problem:
            raise ValidationError(problem, code="control_character")

    def __eq__(self, other) -> bool:
        return isinstance(other, PlainTextValidator) and other.multiline == self.multiline


class TextField(forms.CharField):
    """The CharField of every form: one line of plain text, or many with `multiline=True` (a textarea)."""

    def __init__(self, *, multiline: bool = False, rows: int = 3, **kwargs):
        if multiline:
            kwargs.setdefault("widget", forms.Textarea(attrs={"rows": rows}))
        super().__init__(**kwargs)
        self.validators.append(PlainTextValidator(multiline=multiline))


class WholeNumberField(forms.IntegerField):
    """A bounded whole number in ASCII digits; min and max are required, so the input shows them."""

    def __init__(self, *, min_value: int, max_value: int, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)
        # The field's own range, not an example it may refuse ("-2" where 0 is the least).
        self.error_messages["invalid"] = f"Enter a whole number from {min_value} to {max_value}."

    def to_python(self, value):
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not _WHOLE_NUMBER.fullmatch(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


def whole_number(text: str, low: int, high: int) -> int | None:
    """A whole number from low to high in `text` (as WholeNumberField reads it), or None."""
    text = (text or "").strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        return None
    number = int(text)
    return number if low <= number <= high else None


def decimal_number(text: str, low: float, high: float) -> float | None:
    """A decimal number from low to high in `text`, in plain ASCII digits with at most one point, or None."""
    text = (text or "").strip()
    if not _DECIMAL_NUMBER.fullmatch(text):
        return None
    number = float(text)
    return number if low <= number <= high else None


def row_id(text: str) -> int | None:
    """A database row id from a query string, or None for anything else."""
    return whole_number(text, 0, 2**63 - 1) if (text or "")[:1] not in "+-" else None


MAX_DEPTH = 12  # a sheet is a few levels deep; the campaign export's character, one more


def document_problem(data: Any, *, max_depth: int = MAX_DEPTH, max_items: int = 5_000) -> str | None:
    """Why a decoded JSON document cannot be kept, or None: nested too deep, too many
    parts, or text (keys too) with control characters or lone surrogates. Walks without
    recursion, so a hostile depth cannot overflow the stack."""
    stack, items = [(data, 1)], 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if depth > max_depth:
            return f"The file is nested more than {max_depth} levels deep; a sheet is much flatter."
        if items > max_items:
            return f"The file has more than {max_items:,} values; a sheet has far fewer."
        if isinstance(value, str):
            problem = text_problem(value, multiline=True)
            if problem:
                return problem
        elif isinstance(value, dict):
            stack.extend((key, depth + 1) for key in value)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return None
