"""The form renderer (settings.FORM_RENDERER): Django's, with the commonest widgets drawn in Python.

Django draws every input from a template, and every option of a select from two more (the
option, its attributes): the table page's forms — the roll form, the log's filters, the
systems' panels — cost a quarter of the page. Here an input, a textarea and a select
are drawn by a few lines of Python into the very HTML Django's templates give
(tests/campaigns/test_form_renderer.py holds the two side by side); fields, labels, errors and
every other widget are drawn by Django's templates as before.
"""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

WIDGETS = "django/forms/widgets/"
OPTION = WIDGETS + "select_option.html"
FIELD, LABEL, ERRORS = "django/forms/field.html", "django/forms/label.html", "django/forms/errors/list/default.html"


class FormRenderer(DjangoTemplates):
    def render(self, template_name, context, request=None):
        if template_name == FIELD and "field" in context:
            return _field(context["field"])
        if template_name == LABEL and "use_tag" in context:
            return _label(context)
        if template_name == ERRORS and "errors" in context and not context["errors"]:
            return ""  # no messages: nothing to draw (a list of messages is Django's to draw)
        draw = _DRAWN.get(template_name)
        widget = context.get("widget") if draw is not None else None
        if widget is None or (draw is _select and not _plain_options(widget)):
            return super().render(template_name, context, request)
        return draw(widget)


def _field(field) -> str:
    """As django/forms/field.html draws a field: its label, help text, messages and widget."""
    help_text = ""
    if field.help_text:
        helper_id = format_html(' id="{}_helptext"', field.auto_id) if field.auto_id else ""
        help_text = f'<div class="helptext"{helper_id}>{field.help_text}</div>'  # `|safe`, as Django's
    if field.use_fieldset:
        described = format_html(' aria-describedby="{}"', field.aria_describedby) if field.aria_describedby else ""
        legend = field.legend_tag() if field.label else ""
        drawn = f"\n  <fieldset{described}>\n  {legend}\n\n{help_text}\n{field.errors}\n{field}</fieldset>\n"
    else:
        label = field.label_tag() if field.label else ""
        drawn = f"\n  {label}\n\n{help_text}\n{field.errors}\n{field}\n"
    return mark_safe(drawn.strip())


def _label(context) -> str:
    """As django/forms/label.html draws a label (or a legend)."""
    label = conditional_escape(context["label"])
    if not context["use_tag"]:
        return label
    tag = conditional_escape(context["tag"])
    return mark_safe(f"<{tag}{_attrs(context['attrs'])}>{label}</{tag}>")


def _text(value) -> str:
    """As `{{ value|stringformat:'s' }}` draws it: the value as text, escaped."""
    return conditional_escape("%s" % (value,))  # noqa: UP031 -- str() would keep a SafeString unescaped


def _attrs(attrs: dict) -> str:
    """As django/forms/widgets/attrs.html draws them."""
    drawn = []
    for name, value in attrs.items():
        if value is False:
            continue
        name = conditional_escape(name)
        drawn.append(f" {name}" if value is True else f' {name}="{_text(value)}"')
    return "".join(drawn)


def _input(widget) -> str:
    value = "" if widget["value"] is None else f' value="{_text(widget["value"])}"'
    kind, name = conditional_escape(widget["type"]), conditional_escape(widget["name"])
    return mark_safe(f'<input type="{kind}" name="{name}"{value}{_attrs(widget["attrs"])}>')


def _textarea(widget) -> str:
    value = conditional_escape(localize(widget["value"])) if widget["value"] else ""
    name = conditional_escape(widget["name"])
    return mark_safe(f'<textarea name="{name}"{_attrs(widget["attrs"])}>\n{value}</textarea>')


def _select(widget) -> str:
    drawn = [f'<select name="{conditional_escape(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            drawn.append(format_html('\n  <optgroup label="{}">', localize(group_name)))
        for option in options:
            label = conditional_escape(localize(option["label"]))
            drawn.append(f'\n  <option value="{_text(option["value"])}"{_attrs(option["attrs"])}>{label}</option>\n')
        if group_name:
            drawn.append("\n  </optgroup>")
    drawn.append("\n</select>")
    return mark_safe("".join(drawn))


def _plain_options(widget) -> bool:
    """Every option drawn by Django's own option template (a widget may bring its own)."""
    groups = widget["optgroups"]
    return all(option["template_name"] == OPTION for _name, options, _index in groups for option in options)


_INPUTS = ("text", "number", "email", "url", "password", "hidden", "checkbox", "search", "tel")
_DRAWN = {WIDGETS + f"{name}.html": _input for name in _INPUTS} | {
    WIDGETS + "textarea.html": _textarea,
    WIDGETS + "select.html": _select,
}
