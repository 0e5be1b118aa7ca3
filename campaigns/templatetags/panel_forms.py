"""`{% keeps_input "attack_form" %}` on a panel form: the form keeps what was typed in it while
another of the panel's forms is posted.

A step from a system's panel answers with the whole panel (campaigns.toolkit.steps.panel_step), so
every form on it came back fresh: an attack filled in for the next round went back to its defaults
when the GM let time pass (found in a play-test). The posted form is named in the context
(`fresh_form`, campaigns.toolkit.steps.panel_step); every other form is marked `hx-preserve`, and
htmx keeps the one on the page (an element with the same id). A form-less step's form (its fields
read from the post, not a Django form) is kept when refused, so its message is shown just before
it (templates/systems/_form_error.html outside the form)."""

import json

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def keeps_input(context, name: str) -> str:
    kept = context.get("step_taken") and context.get("fresh_form") != name
    return mark_safe(' hx-preserve="true"') if kept else ""


# A roll form shows the few fields that matter most in one row and folds the rest under "More modifiers
# (2 set)" (templates/systems/_form_fields.html): the form names its common fields (`common = (...)`); a
# form that names none shows every field, as before.
def _common(form) -> set[str] | None:
    names = getattr(form, "common", None)
    return None if names is None else set(names)


@register.filter
def common_fields(form) -> list:
    common = _common(form)
    return [field for field in form if common is None or field.name in common]


@register.filter
def more_fields(form) -> list:
    common = _common(form)
    return [] if common is None else [field for field in form if field.name not in common]


def _default(field) -> str:
    """A field's value as the page shows it untouched: "" for none, a box unticked, "0" for a count at 0."""
    initial = field.field.initial
    initial = initial() if callable(initial) else initial
    if initial is None or initial is False or initial == []:
        return ""
    return str(initial)


def _is_set(field) -> bool:
    """What the player chose differs from the field's default (the same rule as forms.js's `isSet`)."""
    value = field.value()
    if isinstance(value, (list, tuple)):
        return bool(value)
    if value is True:  # a box ticked (every box starts unticked)
        return True
    if value is None or value is False:
        return False
    text = str(value).strip()
    return text != "" and text != _default(field)


@register.filter
def more_defaults(fields) -> str:
    """`{name: default}` of the folded fields, for forms.js to count them live as the player types."""
    return json.dumps({field.html_name: _default(field) for field in fields})


@register.filter
def set_count(fields) -> int:
    return sum(1 for field in fields if _is_set(field))


@register.filter
def any_errors(fields) -> bool:
    """A refusal names a folded field: the fold opens on it."""
    return any(field.errors for field in fields)
